import Testing
@testable import TodoCalendar

@Suite("Content lines (RFC 5545 §3.1)")
struct ContentLineTests {
    @Test("a folded line is unfolded, and its raw bytes are kept with the folds")
    func unfolding() {
        let text = "SUMMARY:Call the plumber\r\n  about the tap\r\nEND:VTODO\r\n"
        let document = ICalendarDocument(bytes: Array(text.utf8))
        #expect(document.lines.count == 2)
        #expect(document.lines[0].value == "Call the plumber about the tap")
        #expect(document.lines[0].raw == Array("SUMMARY:Call the plumber\r\n  about the tap\r\n".utf8))
        #expect(document.bytes == Array(text.utf8))
    }

    @Test("LF-only files, a tab fold and a last line without a line ending are read and kept")
    func lineEndings() {
        let text = "BEGIN:VTODO\nDESCRIPTION:a\n\tb\nEND:VTODO"
        let document = ICalendarDocument(bytes: Array(text.utf8))
        #expect(document.lines.map(\.name) == ["BEGIN", "DESCRIPTION", "END"])
        #expect(document.lines[1].value == "ab")
        #expect(document.bytes == Array(text.utf8))
    }

    @Test("parameters: quoted values keep their colons, semicolons and commas; lists split")
    func parameters() {
        let line = ContentLine(raw: Array("attendee;CN=\"Doe, Jane: boss\";member=\"a\",\"b\";ROLE=CHAIR:mailto:j@x\r\n".utf8))
        #expect(line.name == "ATTENDEE")
        #expect(line.parameters == [
            .init(name: "CN", values: ["Doe, Jane: boss"]),
            .init(name: "MEMBER", values: ["a", "b"]),
            .init(name: "ROLE", values: ["CHAIR"]),
        ])
        #expect(line.value == "mailto:j@x")
        #expect(line.parameter("cn") == "Doe, Jane: boss")
    }

    @Test("a line that is not name:value is kept as it is, with no name", arguments: ["just text\r\n", "\r\n", ";X:1\r\n", "A;B:1\r\n"])
    func opaque(text: String) {
        let line = ContentLine(raw: Array(text.utf8))
        #expect(!line.isContentLine)
        #expect(line.raw == Array(text.utf8))
    }

    @Test("a new line is folded at 75 octets with CRLF, never inside a UTF-8 character")
    func folding() {
        let value = String(repeating: "ä", count: 100)
        let line = ContentLine(name: "SUMMARY", value: value)
        let physical = String(decoding: line.raw, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(line.raw.suffix(2) == [0x0D, 0x0A])
        #expect(ContentLine(raw: line.raw).value == value)
    }

    @Test("a new parameter value with a colon, semicolon or comma is quoted")
    func quoting() {
        let line = ContentLine(name: "ATTENDEE", parameters: [.init("CN", "Doe, Jane")], value: "mailto:j@x")
        #expect(line.raw == Array("ATTENDEE;CN=\"Doe, Jane\":mailto:j@x\r\n".utf8))
    }

    @Test("TEXT escapes: \\\\, \\;, \\, and \\n round-trip", arguments: [
        ("a, b; c\\d\ne", "a\\, b\\; c\\\\d\\ne"),
        ("plain", "plain"),
    ])
    func textEscapes(text: String, escaped: String) {
        #expect(ICalendarText.escape(text) == escaped)
        #expect(ICalendarText.unescape(escaped) == text)
    }

    @Test("a CATEGORIES list splits on commas that are not escaped")
    func categoryList() {
        #expect(ICalendarText.list("Home,Work\\, paid,Errands") == ["Home", "Work, paid", "Errands"])
    }

    @Test("BEGIN and END that do not match make the file not iCalendar")
    func structure() {
        let document = ICalendarDocument(bytes: Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VCALENDAR\r\n".utf8))
        #expect(throws: ICalendarStructureError.mismatchedEnd(expected: "VTODO", found: "VCALENDAR", line: 3)) {
            try document.calendar()
        }
    }
}
