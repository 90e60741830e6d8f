import Testing
import TodoCore
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

    @Test("Bidi controls and hidden format characters are shown: a synced title cannot turn the rest of the row around")
    func bidiAndHidden() {
        // A U+202E from a synced title once reversed the rest of the row.
        #expect("Pay \u{202E}tner".safeForTerminal == "Pay \\u{202E}tner")
        #expect("a\u{2066}b\u{2069}c\u{200E}d\u{200F}".safeForTerminal == "a\\u{2066}b\\u{2069}c\\u{200E}d\\u{200F}")
        #expect("\u{FEFF}zero\u{200B}width\u{2060}".safeForTerminal == "\\u{FEFF}zero\\u{200B}width\\u{2060}")
        #expect("\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}".safeForTerminal == "\\u{61C}\\u{202A}\\u{202B}\\u{202C}\\u{202D}")
        // What writing needs stays: emoji joined by U+200D, Persian's U+200C,
        // right-to-left letters, dashes and quotes (their UTF-8 starts 0xE2 too).
        for text in ["👨\u{200D}👩\u{200D}👧", "می\u{200C}خواهم", "שלום עולם", "“Rent” – due … now €"] {
            #expect(text.safeForTerminal == text)
        }
    }
}
