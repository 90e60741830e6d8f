import Testing
@testable import TodoTerminal
import TodoViewModel

@Suite("The screen model")
struct ScreenTests {
    @Test("A wide character takes two cells, a combining accent none, as list measures them")
    func widths() {
        var screen = Screen(width: 12, height: 1)
        let end = screen.put("漢e\u{301}x", row: 0, column: 0)
        #expect(end == 4)
        #expect(screen.text(ofRow: 0) == "漢e\u{301}x")
        #expect(screen[0, 1].isContinuation)
    }
}

extension ScreenTests {
    @Test("Text stops at its limit; a wide character that would straddle it is left out and padded")
    func limit() {
        var screen = Screen(width: 10, height: 1)
        #expect(screen.put("abc漢", row: 0, column: 0, limit: 4) == 4)
        #expect(screen.text(ofRow: 0) == "abc")
        #expect(screen[0, 3].text == " ")
    }

    @Test("Writing over half of a wide character blanks its other half")
    func overwriteHalf() {
        var screen = Screen(width: 6, height: 1)
        screen.put("漢字", row: 0, column: 0)
        screen.put("x", row: 0, column: 1)
        #expect(screen.text(ofRow: 0) == " x字")
    }

    @Test("Controls in a title are shown escaped, never sent to the terminal")
    func controls() {
        var screen = Screen(width: 20, height: 1)
        screen.put("a\u{1B}[2Jb", row: 0, column: 0)
        #expect(screen.text(ofRow: 0) == "a\\e[2Jb")
    }

    @Test("A bidi override in a title is shown escaped: the rest of the row keeps its order")
    func bidiOverride() {
        var screen = Screen(width: 24, height: 1)
        screen.put("Pay \u{202E}tner · due", row: 0, column: 0)
        #expect(screen.text(ofRow: 0) == "Pay \\u{202E}tner · due")
    }

    @Test("An emoji sequence takes the columns list gives it", arguments: ["👍", "👍🏽", "e\u{301}", "漢"])
    func measuredAsList(text: String) {
        var screen = Screen(width: 10, height: 1)
        #expect(screen.put(text, row: 0, column: 0) == Screen.width(of: text))
    }
}
