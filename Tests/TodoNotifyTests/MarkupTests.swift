import CLibNotify
import Testing
import TodoNotify

@Suite("Markup")
struct MarkupTests {
    @Test("Escaping replaces the five markup characters by entities", arguments: [
        ("Pay <rent> & <b>bills</b>", "Pay &lt;rent&gt; &amp; &lt;b&gt;bills&lt;/b&gt;"),
        ("Say \"hi\" to Sam's dog", "Say &quot;hi&quot; to Sam&apos;s dog"),
        ("&amp; stays text", "&amp;amp; stays text"),
        ("Plain words, é and 😀", "Plain words, é and 😀"),
        ("", ""),
        ("Line one\nLine two\tTabbed\r\nWindows", "Line one\nLine two\tTabbed\r\nWindows"),
        ("Bell\u{7} and escape\u{1B}", "Bell&#x7; and escape&#x1b;"),
    ])
    func escape(text: String, escaped: String) {
        #expect(Markup.escape(text) == escaped)
    }

    @Test("Escaping gives what GLib's g_markup_escape_text gives", arguments: [
        "Pay <rent> & <b>bills</b>",
        "'single' \"double\" <>&",
        "\u{1}\u{8}\t\n\u{B}\u{C}\r\u{E}\u{1F} \u{7F}\u{80}\u{84}\u{85}\u{86}\u{9F}\u{A0}",
        "e\u{301} combined, 👩‍👩‍👧 family, 中文",
        "\r\n",
        "&#x41; &lt; already escaped",
    ])
    func matchesGLib(text: String) throws {
        let glib = try #require(g_markup_escape_text(text, -1))
        defer { g_free(glib) }

        #expect(Markup.escape(text) == String(cString: glib))
    }

    @Test("Plain text drops tags and decodes entities, so it undoes escaping", arguments: [
        "Pay <rent> & <b>bills</b>",
        "'single' \"double\"",
        "Bell\u{7}, 😀, \r\n",
    ])
    func roundTrip(text: String) {
        #expect(Markup.plainText(Markup.escape(text)) == text)
    }

    @Test("Plain text of real markup", arguments: [
        ("<b>Pay</b> rent &amp; <i>bills</i>", "Pay rent & bills"),
        ("&#65;&#x42;C", "ABC"),
        ("&unknown; & alone", "&unknown; & alone"),
        ("<a href=\"https://example.org\">link</a>", "link"),
    ])
    func plainText(markup: String, text: String) {
        #expect(Markup.plainText(markup) == text)
    }
}
