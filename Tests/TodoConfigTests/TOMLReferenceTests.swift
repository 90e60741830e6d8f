import Foundation
import TestSupport
import Testing
@testable import TodoConfig

/// The TOML reader against an independent one: Python's `tomllib` (3.11 and
/// later) reads the same documents, and both must agree on every value, or
/// both refuse the document.
@Suite("The TOML reader, against Python's tomllib")
struct TOMLReferenceTests {
    /// Documents of the edges the specification's examples leave out.
    static let more = [
        "a = 1979-05-27T07:32:00-00:00\nb = 1979-05-27T07:32:00.1234567Z\nc = 1979-05-27T07:32:00.5+05:30\nd = 23:59:59.000",
        "a = 2000-02-29\nb = 2024-12-31T23:59:59z",
        "a = 1900-02-29",
        "a = 1979-05-27T07:32:60",
        "a = 1979-05-27 07:32",
        "a = 1979-5-27",
        "a = \"\\u00e9\\U0001F600\"\n\"a\\u0000b\" = 1\n'c\"d' = 2",
        "a = [[1], [[2, 3]], [], [{}]]\nb = [ 1 , \"x\" , 2.5 , true , 1979-05-27 , [ ] ]",
        "x = { }\ny = {a=1,b={c=[1,{d=2}]}}",
        "1 = 2\n2.3 = 4\n\"2\".4 = 5",
        "a.\"b.c\".d = 1\na.'e' . f = 2",
        "[a]\n[a.b]\n[a.b.c]\nd = 1\n[a.x]\ny.z = 2",
        "a = 0.0e-0\nb = 1E+2_0\nc = -1_000.000_1\nd = 1e-400\ne = 1.7976931348623157e308\nf = 1e400\ng = 5e-324",
        "a = 0x0\nb = 0o0\nc = 0b0\nd = 0x00_ff\ne = 0b1_0",
        "a = 01.5", "a = 1.5_", "a = 1._5", "a = 1e", "a = e5", "a = +", "a = 0x", "a = 0X1", "a = -inf_", "a = nan1",
        "a = \"\"\"\n\"\"\"\nb = '''\n'''\nc = \"\"\"\\\n   \n  \"\"\"",
        "a = \"\"\"\r\nx\r\n\"\"\"\r\n",
        "a = \"\"\"a\"\"b\"\"\"\nb = '''a''b'''",
        "a = \"\"\"\\ x\"\"\"",
        "a = \"\\\n\"",
        "a = 1\n\r\n",
        "[[a]]\n[a.b]\nc = 1\n[[a]]\n[a.b]\nc = 2",
        "[[a.b]]\n[a]\nc = 1",
        "[a]\n[[a.b]]\n[a.b.c]\n[[a.b]]",
        "[a.b]\n[a]\n[a]",
        "[a]\nb = 1\n[a.b.c]",
        "a = {b = 1}\n[a]",
        "a = [{b = 1}]\n[[a]]",
        "a = [{b = 1}]\n[a.c]",
        "[t]\na.b = 1\n[t.a.c]\nd = 2",
        "[t]\na.b = 1\n[t.a]",
        "a = { b = 1 }, c = 2",
        "a = 1 # comment with \t tab and ünïcödé",
        "# only a comment",
        "a = \"\"\"\ttab and \u{7F}\"\"\"",
        "a = { \"b\" = 1, 'c' = 2, d.\"e\" = 3 }",
        "[ a . \"b\" ]\n[[ c ]]\n[[ c ]]",
        "[a]b = 1",
        "a = [\n  # comment\n  1, # comment\n  # comment\n]",
    ]

    @Test("Every document reads as tomllib reads it, or is refused as tomllib refuses it")
    func agreesWithTomllib() throws {
        // Not those with a byte order mark: TOML says nothing of one, tomllib
        // refuses it, and the config has always taken it (toml++ skips it).
        let documents = (TOMLParserTests.valid.map(\.0) + TOMLParserTests.invalid.map(\.0) + ["sf4 = nan\nsf5 = -nan"] + Self.more)
            .filter { !$0.hasPrefix("\u{FEFF}") }
        let input = String(decoding: try JSONEncoder().encode(documents), as: UTF8.self)
        let expected = try ProcessRunner.tool(["python3", "-c", Self.reference], input: input)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(expected.count == documents.count, "\(expected)")
        for (document, expected) in zip(documents, expected) {
            let read = (try? TOMLParser.parse(document)).map { Self.rendered(.table($0)) } ?? "error"
            #expect(read == expected, "\(document.debugDescription)")
        }
    }

    /// Reads a JSON array of documents on stdin; prints each one's rendering
    /// (as `rendered` makes it) or `error`, one a line.
    static let reference = #"""
        import datetime, json, struct, sys, tomllib
        def quoted(text):
            return '"' + ''.join(c if 0x20 <= ord(c) < 0x7F and c not in '"\\' else '\\u{%x}' % ord(c) for c in text) + '"'
        def rendered(value):
            if isinstance(value, bool): return 'b:' + ('true' if value else 'false')
            if isinstance(value, int): return 'i:%d' % value
            if isinstance(value, float): return 'f:nan' if value != value else 'f:' + struct.pack('>d', value).hex()
            if isinstance(value, str): return 's:' + quoted(value)
            if isinstance(value, (datetime.datetime, datetime.date, datetime.time)): return 'd:' + value.isoformat()
            if isinstance(value, list): return '[' + ','.join(map(rendered, value)) + ']'
            return '{' + ','.join(key + '=' + entry for key, entry in sorted((quoted(k), rendered(v)) for k, v in value.items())) + '}'
        for document in json.loads(sys.stdin.buffer.read().decode('utf-8')):
            try:
                print(rendered(tomllib.loads(document)))
            except tomllib.TOMLDecodeError:
                print('error')
        """#

    /// A value as one line of ASCII, as the reference prints it: floats by
    /// their bits, dates as Python's `isoformat` writes them.
    static func rendered(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): "s:" + quoted(text)
        case .integer(let number): "i:\(number)"
        case .float(let number) where number.isNaN: "f:nan"
        case .float(let number):
            "f:" + String(repeating: "0", count: 16 - String(number.bitPattern, radix: 16).count) + String(number.bitPattern, radix: 16)
        case .boolean(let flag): "b:\(flag)"
        case .dateTime(let text): "d:" + isoformat(text)
        case .array(let elements): "[" + elements.map(rendered).joined(separator: ",") + "]"
        case .table(let entries):
            "{" + entries.map { (quoted($0.key), rendered($0.value)) }.sorted { $0.0 < $1.0 }
                .map { $0.0 + "=" + $0.1 }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\" ? String(scalar) : "\\u{" + String(scalar.value, radix: 16) + "}"
        }.joined() + "\""
    }

    /// A date or time as written, as Python's `isoformat` writes what tomllib
    /// reads from it: `T` between date and time, a fraction in microseconds
    /// (none when zero), `Z` as `+00:00`.
    static func isoformat(_ text: String) -> String {
        var characters = Array(text)
        let isDateTime = characters.count > 10 && characters[4] == "-"
        if isDateTime { characters[10] = "T" }
        var offset = ""
        if let last = characters.last, last == "Z" || last == "z" {
            characters.removeLast()
            offset = "+00:00"
        } else if isDateTime, let sign = characters.indices.dropFirst(19).first(where: { characters[$0] == "+" || characters[$0] == "-" }) {
            offset = String(characters[sign...]) == "-00:00" ? "+00:00" : String(characters[sign...])
            characters.removeSubrange(sign...)
        }
        if let dot = characters.firstIndex(of: ".") {
            let micro = String((characters[(dot + 1)...] + Array("000000")).prefix(6))
            characters.removeSubrange(dot...)
            if micro != "000000" { characters += "." + micro }
        }
        return String(characters) + offset
    }
}
