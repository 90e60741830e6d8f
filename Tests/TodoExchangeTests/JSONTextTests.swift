import Foundation
import Testing
@testable import TodoExchange

/// The JSON reader behind Taskwarrior's import (`JSONText`): RFC 8259 and
/// nothing more, at least as strict as Foundation's `JSONSerialization`
/// was, with the line of what is wrong.
@Suite("Reading a JSON text")
struct JSONTextTests {
    static func value(_ text: String) throws -> (JSONText, JSONText.Value) {
        let json = JSONText(Array(text.utf8))
        return (json, try json.value())
    }

    /// The problem `bytes` have, or nil when they are JSON.
    static func problem(_ bytes: [UInt8]) -> JSONText.SyntaxError? {
        do {
            _ = try JSONText(bytes).value()
            return nil
        } catch {
            return error
        }
    }

    @Test("strings are their text, every escape undone, a surrogate pair one character", arguments: [
        (#""plain""#, "plain"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""caf\u00e9 \u00E9""#, "café é"),
        (#""\ud83d\ude00 \uD83D\uDE00""#, "😀 😀"),
        (#""\u0000""#, "\u{0}"),
        (#""\uFFFF\uFEFF""#, "\u{FFFF}\u{FEFF}"),
        ("\"中文 😀\"", "中文 😀"),
        (#""""#, ""),
    ])
    func strings(text: String, expected: String) throws {
        let (json, value) = try Self.value(text)

        #expect(json.string(value) == expected)
        #expect(json.isString(value, expected))
        #expect(!json.isString(value, expected + "x"))
    }

    @Test("every kind of value, nested, with where each lies")
    func kinds() throws {
        let (json, value) = try Self.value(#" {"a": [1, -2.5e3, true, false, null, {}], "b": {"c": "d"}} "#)

        guard case .object(let object) = value.kind else { Issue.record("not an object"); return }
        #expect(object.members.map { json.string($0.name) } == ["a", "b"])
        guard case .array(let elements) = try #require(object.value("a", in: json)).kind else { Issue.record("not an array"); return }
        #expect(elements.map { json.raw($0) } == ["1", "-2.5e3", "true", "false", "null", "{}"])
        #expect(json.raw(try #require(object.value("b", in: json))) == #"{"c": "d"}"#)
        #expect(value.start == 1 && value.end == json.bytes.count - 1)
    }

    @Test("of a name given twice the last value counts; a null one is none")
    func names() throws {
        let (json, value) = try Self.value(#"{"a": 1, "\u0061": 2, "n": null}"#)
        guard case .object(let object) = value.kind else { Issue.record("not an object"); return }

        #expect(object.value("a", in: json).map(json.raw) == "2")
        #expect(object.value("n", in: json) == nil)
        #expect(object.value("z", in: json) == nil)
    }

    @Test("numbers as RFC 8259 writes them, finite", arguments: [
        "0", "-0", "1", "-1", "10", "0.5", "-0.0", "1.50", "1e2", "1E+2", "1e-2", "0e1", "12345678901234567890",
        "1.7976931348623157e308", "1e-400", "5e-324", "1" + String(repeating: "0", count: 300),
    ])
    func numbers(text: String) throws {
        let (json, value) = try Self.value(text)

        guard case .number = value.kind else { Issue.record("not a number"); return }
        #expect(json.raw(value) == text)
    }

    @Test("what is not JSON is refused, said with its line", arguments: [
        ("01", "“1” where the end of the text should be", 1),
        ("-", "the end of the text where a digit should be", 1),
        ("1.", "the end of the text where a digit should be", 1),
        (".5", "“.” where a value should be", 1),
        ("+1", "“+” where a value should be", 1),
        ("1e", "the end of the text where a digit should be", 1),
        ("1e400", "the number 1e400, too large for a double", 1),
        ("[\n-1.8e308]", "the number -1.8e308, too large for a double", 2),
        ("1" + String(repeating: "0", count: 400), "the number 100000000000000000000000…, too large for a double", 1),
        ("NaN", "“N” where a value should be", 1),
        ("Infinity", "“I” where a value should be", 1),
        ("tru", "the end of the text where “true” should be", 1),
        ("nulll", "“l” where the end of the text should be", 1),
        ("[1,]", "“]” where a value should be", 1),
        ("[\n1\n,\n]", "“]” where a value should be", 4),
        ("{\"a\": 1,}", "“}” where a name in quotes should be", 1),
        ("[1 2]", "“2” where a comma or “]” should be", 1),
        ("{\"a\" 1}", "“1” where a colon should be", 1),
        ("{a: 1}", "“a” where a name in quotes should be", 1),
        ("{'a': 1}", "“'” where a name in quotes should be", 1),
        ("[1] // c", "“/” where the end of the text should be", 1),
        ("[1]]", "“]” where the end of the text should be", 1),
        ("[", "the end of the text where a value should be", 1),
        ("", "the end of the text where a value should be", 1),
        ("\n\n  ", "the end of the text where a value should be", 3),
        ("\"abc", "a string without its closing quote", 1),
        ("\"abc\\\"", "a string without its closing quote", 1),
        ("\"a\tb\"", "a control character (U+0009) inside a string", 1),
        ("\"a\nb\"", "a control character (U+000A) inside a string", 1),
        (#""\x""#, "an escape “\\x” JSON does not have", 1),
        (#""\U0041""#, "an escape “\\U” JSON does not have", 1),
        (#""\u12""#, "an escape \\u without four hexadecimal digits", 1),
        (#""\u004G""#, "an escape \\u without four hexadecimal digits", 1),
        (#""\ud800""#, "\\uD800, the first half of a surrogate pair, without the second", 1),
        (#""\uD83Dx""#, "\\uD83D, the first half of a surrogate pair, without the second", 1),
        (#""\uD83D\u0041""#, "\\uD83D, the first half of a surrogate pair, without the second", 1),
        (#""\uD800\uD800""#, "\\uD800, the first half of a surrogate pair, without the second", 1),
        (#""\udc00""#, "\\uDC00, the second half of a surrogate pair, without the first", 1),
        (#""\uDE00\uD83D""#, "\\uDE00, the second half of a surrogate pair, without the first", 1),
        ("[\u{0C}1]", "“U+000C” where a value should be", 1),
        ("[\u{A0}1]", "“U+00C2” where a value should be", 1),
        ("  \u{FEFF}[]", "“U+00EF” where a value should be", 1),
        ("[]\u{FEFF}", "“U+00EF” where the end of the text should be", 1),
    ])
    func refused(text: String, problem: String, line: Int) {
        let error = Self.problem(Array(text.utf8))

        #expect(error?.problem == problem)
        #expect(error?.line == line)
    }

    @Test("a string's bytes must be UTF-8: no stray, cut, overlong, surrogate or too large sequence", arguments: [
        [0xFF], [0xC3], [0xC3, 0x28], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ] as [[UInt8]])
    func notUTF8(bytes: [UInt8]) {
        #expect(Self.problem([0x22, 0x61] + bytes + [0x22])?.problem == "bytes that are not UTF-8 inside a string")
    }

    @Test("arrays and objects nest as deep as the maximum, no deeper")
    func depth() {
        let deepest = JSONText.maximumDepth
        #expect(Self.problem(Array((String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest)).utf8)) == nil)
        #expect(Self.problem(Array((String(repeating: "[{\"a\":", count: deepest / 2) + "1" + String(repeating: "}]", count: deepest / 2)).utf8)) == nil)
        let deeper = String(repeating: "[", count: deepest + 1) + String(repeating: "]", count: deepest + 1)
        #expect(Self.problem(Array(deeper.utf8))?.problem == "arrays and objects more than \(deepest) deep")
        #expect(Self.problem(Array((String(repeating: "[", count: 100_000)).utf8)) != nil)
    }

    @Test("a UTF-8 byte order mark is skipped; UTF-16 and UTF-32, with a mark or without, are read as UTF-8", arguments: [
        [0xEF, 0xBB, 0xBF] + Array(#"["é"]"#.utf8),
        Array(#"["é"]"#.data(using: .utf16) ?? Data()),
        Array(#"["é"]"#.data(using: .utf16LittleEndian) ?? Data()),
        Array(#"["é"]"#.data(using: .utf16BigEndian) ?? Data()),
        Array(#"["é"]"#.data(using: .utf32) ?? Data()),
        Array(#"["é"]"#.data(using: .utf32BigEndian) ?? Data()),
    ] as [[UInt8]])
    func encodings(bytes: [UInt8]) throws {
        let json = JSONText(bytes)
        guard case .array(let elements) = try json.value().kind, let first = elements.first else {
            Issue.record("not an array of one")
            return
        }
        #expect(json.string(first) == "é")
    }

    @Test("one value a line: blank lines left out, each with its line, none going on to the next")
    func byLine() throws {
        let json = JSONText(Array("{\"a\":1}\n\n  \r\n\t{\"b\":2}\r\n[3]\n".utf8))
        let elements = try json.valuesByLine()

        #expect(elements.map(\.line) == [1, 4, 5])
        #expect(elements.map { json.raw($0.value) } == [#"{"a":1}"#, #"{"b":2}"#, "[3]"])
        #expect(throws: JSONText.SyntaxError(problem: "the end of the line where a value should be", line: 1)) {
            try JSONText(Array("{\"a\":\n1}\n".utf8)).valuesByLine()
        }
        #expect(throws: JSONText.SyntaxError(problem: "“{” where the end of the line should be", line: 2)) {
            try JSONText(Array("{}\n{} {}\n".utf8)).valuesByLine()
        }
    }

    @Test("the lines of places in the text")
    func lines() {
        let json = JSONText(Array("a\nbc\n\nd".utf8))

        #expect(json.lines(at: [0, 1, 2, 4, 5, 6, 7]) == [1, 1, 2, 2, 3, 4, 4])
    }
}
