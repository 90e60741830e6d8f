/// What a key asks the view to do, whatever the key was: the view acts on
/// these, and `KeyMap` says which key means which in each mode.
public enum Intention: Hashable, Sendable {
    // The list.
    case moveDown, moveUp, moveToFirst, moveToLast, pageDown, pageUp
    case select(row: Int)
    case scroll(lines: Int)
    case add
    case edit
    case toggleDone
    case delete
    case toggleReminder
    case snooze
    case undo
    case search
    case nextList, previousList
    case cyclePriority, cycleCategory, cycleSort, toggleShowDone
    case help
    case quit

    // A question (delete? snooze until?).
    case answer(Character)
    case cancel

    // Text being typed: the search, a field of the form, a snooze's WHEN.
    case type(Character)
    case erase, eraseForward, eraseLine
    case cursorLeft, cursorRight, cursorHome, cursorEnd
    case nextField, previousField
    case confirm

    /// A key that means nothing where it was pressed.
    case ignored
}
