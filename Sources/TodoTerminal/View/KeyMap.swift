import TodoViewModel

/// Which key means which intention in each mode: the one table the help
/// screen shows and the README documents.
public enum KeyMap {
    /// The intention of `key` in `mode`.
    public static func intention(of key: Key, in mode: ViewMode) -> Intention {
        switch mode {
        case .list: listIntention(of: key)
        case .search: textIntention(of: key, confirm: .confirm)
        case .form: formIntention(of: key)
        case .confirmDelete, .confirmDoneWithSubtasks: answerIntention(of: key)
        case .snoozeChoice: answerIntention(of: key)
        case .snoozeWhen: textIntention(of: key, confirm: .confirm)
        case .help: key == .character("?") || key == .character("q") || key == .escape || key == .enter ? .cancel : .ignored
        }
    }

    private static func listIntention(of key: Key) -> Intention {
        switch key {
        case .character("j"), .down: .moveDown
        case .character("k"), .up: .moveUp
        case .character("g"), .home: .moveToFirst
        case .character("G"), .end: .moveToLast
        case .pageDown, .control("f"): .pageDown
        case .pageUp, .control("b"): .pageUp
        case .character("a"): .add
        case .character("e"), .enter: .edit
        case .character("x"), .space: .toggleDone
        case .character("d"), .delete: .delete
        case .character("r"): .toggleReminder
        case .character("s"): .snooze
        case .character("u"): .undo
        case .character("/"): .search
        case .tab, .right: .nextList
        case .backTab, .left: .previousList
        case .character("p"): .cyclePriority
        case .character("c"): .cycleCategory
        case .character("o"): .cycleSort
        case .character("h"): .toggleShowDone
        case .character("?"): .help
        case .character("q"): .quit
        case .escape: .cancel
        case .click(let row, _): .select(row: row)
        case .wheel(let lines): .scroll(lines: lines)
        default: .ignored
        }
    }

    /// A line of text being typed: the search, or a snooze's WHEN.
    private static func textIntention(of key: Key, confirm: Intention) -> Intention {
        switch key {
        case .character(let character): .type(character)
        case .backspace, .control("h"): .erase
        case .delete, .control("d"): .eraseForward
        case .control("u"): .eraseLine
        case .left, .control("b"): .cursorLeft
        case .right, .control("f"): .cursorRight
        case .home, .control("a"): .cursorHome
        case .end, .control("e"): .cursorEnd
        case .enter: confirm
        case .escape: .cancel
        case .down: .moveDown
        case .up: .moveUp
        case .wheel(let lines): .scroll(lines: lines)
        default: .ignored
        }
    }

    private static func formIntention(of key: Key) -> Intention {
        switch key {
        case .tab, .down: .nextField
        case .backTab, .up: .previousField
        default: textIntention(of: key, confirm: .confirm)
        }
    }

    private static func answerIntention(of key: Key) -> Intention {
        switch key {
        case .character(let character): .answer(character)
        case .escape: .cancel
        case .enter: .confirm
        default: .ignored
        }
    }

    /// The keys of the list, as `?` shows them: the README's table.
    public static let help: [(keys: String, does: String)] = [
        ("j k ↓ ↑", "move the selection"),
        ("g G PgDn PgUp", "first, last, a page down or up"),
        ("a", "add a task"),
        ("e Enter", "edit the selected task"),
        ("x Space", "done / reopen (a repeating task: this occurrence)"),
        ("d", "delete, after y"),
        ("r", "switch the task's reminders on or off"),
        ("s", "snooze: a choice by its number, Enter for an hour, or type a WHEN"),
        ("u", "undo the last change made here"),
        ("/", "search as you type; Esc clears it"),
        ("Tab Shift-Tab", "the next / previous list"),
        ("p c o h", "priority filter, category filter, sort, hide or show done and waiting"),
        ("? q", "this help, quit"),
    ]
}
