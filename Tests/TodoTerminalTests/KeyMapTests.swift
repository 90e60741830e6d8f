import Testing
@testable import TodoTerminal
import TodoViewModel

@Suite("Keys and what they mean")
struct KeyMapTests {
    @Test("Every key of the list's table means its intention", arguments: [
        (Key.character("j"), Intention.moveDown), (.down, .moveDown), (.character("k"), .moveUp), (.up, .moveUp),
        (.character("g"), .moveToFirst), (.character("G"), .moveToLast), (.pageDown, .pageDown), (.pageUp, .pageUp),
        (.character("a"), .add), (.character("e"), .edit), (.enter, .edit), (.character("x"), .toggleDone), (.space, .toggleDone),
        (.character("d"), .delete), (.character("r"), .toggleReminder), (.character("s"), .snooze), (.character("u"), .undo),
        (.character("/"), .search), (.tab, .nextList), (.backTab, .previousList), (.character("p"), .cyclePriority),
        (.character("c"), .cycleCategory), (.character("o"), .cycleSort), (.character("h"), .toggleShowDone),
        (.character("?"), .help), (.character("q"), .quit), (.click(row: 3, column: 9), .select(row: 3)), (.wheel(3), .scroll(lines: 3)),
    ])
    func listKeys(key: Key, intention: Intention) {
        #expect(KeyMap.intention(of: key, in: .list) == intention)
    }

    @Test("In the form, letters are typed, Tab moves between fields, Enter saves and Esc cancels")
    func formKeys() {
        #expect(KeyMap.intention(of: .character("q"), in: .form) == .type("q"))
        #expect(KeyMap.intention(of: .tab, in: .form) == .nextField)
        #expect(KeyMap.intention(of: .backTab, in: .form) == .previousField)
        #expect(KeyMap.intention(of: .enter, in: .form) == .confirm)
        #expect(KeyMap.intention(of: .escape, in: .form) == .cancel)
        #expect(KeyMap.intention(of: .backspace, in: .form) == .erase)
        #expect(KeyMap.intention(of: .control("u"), in: .form) == .eraseLine)
        #expect(KeyMap.intention(of: .left, in: .form) == .cursorLeft)
    }

    @Test("A question takes a character as its answer")
    func answers() {
        #expect(KeyMap.intention(of: .character("y"), in: .confirmDelete(taskID: 1)) == .answer("y"))
        #expect(KeyMap.intention(of: .character("2"), in: .snoozeChoice(taskID: 1)) == .answer("2"))
        #expect(KeyMap.intention(of: .escape, in: .snoozeChoice(taskID: 1)) == .cancel)
    }

    @Test("Typed text is edited where the cursor is")
    func textLine() {
        var line = TextLine("milk")
        line.apply(.cursorLeft)
        line.apply(.cursorLeft)
        line.apply(.type("X"))
        #expect(line.text == "miXlk")
        line.apply(.erase)
        line.apply(.eraseForward)
        #expect(line.text == "mik")
        line.apply(.cursorHome)
        line.apply(.type("é"))
        #expect(line.beforeCursor == "é")
        line.apply(.eraseLine)
        #expect(line.text.isEmpty)
    }
}
