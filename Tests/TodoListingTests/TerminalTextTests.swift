import Testing
import TodoListing

/// What a terminal shows of a task's text: how many columns it takes, and
/// its control characters made visible.
@Suite("Text on a terminal")
struct TerminalTextTests {
    struct Width: Sendable, CustomStringConvertible {
        let text: String
        let columns: Int
        var description: String { text }
    }

    @Test("A text's width is the columns the terminal draws it in", arguments: [
        Width(text: "Pay rent", columns: 8),
        Width(text: "Café · crème", columns: 12),
        Width(text: "Cafe\u{301}", columns: 4),
        Width(text: "買い物", columns: 6),
        Width(text: "牛奶 milk", columns: 9),
        Width(text: "🎂 Cake", columns: 7),
        Width(text: "", columns: 0),
    ])
    func width(_ case: Width) {
        #expect(`case`.text.terminalWidth == `case`.columns)
    }

    @Test("Control characters are shown, never sent: a title cannot move the cursor or forge a line")
    func controls() {
        #expect("Pay\nrent".safeForTerminal == "Pay\\nrent")
        #expect("\u{1B}[2JGone".safeForTerminal == "\\e[2JGone")
        #expect("Bell\u{7}".safeForTerminal == "Bell\\u{7}")
        #expect("C1\u{9B}31m".safeForTerminal == "C1\\u{9B}31m")
        #expect("Tab\there".safeForTerminal == "Tab\\there")
        #expect("Café, 牛奶".safeForTerminal == "Café, 牛奶")
    }
}
