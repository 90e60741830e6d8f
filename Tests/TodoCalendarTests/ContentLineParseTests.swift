import Foundation
import Testing
@testable import TodoCalendar

/// `ContentLine.parse` reads a line's bytes; before, it read the decoded
/// text scalar by scalar (`scalarParse` below, kept as the reference). Both
/// must find the same name, parameters and value in every line.
@Suite("Reading a content line from its bytes, as from its scalars")
struct ContentLineParseTests {
    @Test("every line of every fixture")
    func fixtures() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }
        #expect(files.count > 20)
        var lines = 0
        for file in files {
            for line in ICalendarDocument(bytes: try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))).lines {
                Self.expectSame(ContentLine.unfold(line.raw))
                lines += 1
            }
        }
        #expect(lines > 500)
    }

    @Test("lines of odd shapes and bytes: other scripts, broken UTF-8, quotes left open, marks where names go")
    func oddLines() {
        let lines: [[UInt8]] = [
            Array("SUMMARY;LANGUAGE=de:Grüße".utf8), Array("SUMMÄRY:x".utf8), Array("X-A;P=\"a,b\",c;Q=:v".utf8),
            Array("X-A;P=\"ünïcode:;,\":v".utf8), Array("X-A;P=\"open:v".utf8), Array(":v".utf8), [], Array(";P=a:v".utf8),
            Array("DTSTART;TZID=Europe/Berlin:20261201T170000".utf8), Array("a-b-9;x-y=1,2,\"3\":".utf8),
            [0x53, 0xC3, 0x3A, 0x76], [0x53, 0x3A, 0xFF, 0xFE, 0x76], [0x53, 0x3B, 0x50, 0x3D, 0xE2, 0x82, 0x3A, 0x76],
            [0x53, 0x3B, 0x50, 0x3D, 0x22, 0xF0, 0x9F, 0x22, 0x3A, 0xC3], [0xEF, 0xBB, 0xBF, 0x53, 0x3A, 0x76],
        ]
        for line in lines { Self.expectSame(line) }
    }

    @Test("50,000 lines made of the marks, letters and broken or whole UTF-8")
    func generated() {
        // A fixed sequence (a linear congruential generator), the same each run.
        let alphabet: [[UInt8]] = [[0x41], [0x7A], [0x30], [0x2D], [0x3B], [0x3A], [0x2C], [0x22], [0x3D], [0x20],
                                   [0xC3, 0xA9], [0xC3], [0xFF], [0xE2, 0x82, 0xAC], [0x80], [0x5F], [0x09]]
        var state: UInt64 = 26
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<50_000 {
            var line: [UInt8] = []
            for _ in 0..<next(14) { line += alphabet[next(alphabet.count)] }
            Self.expectSame(line)
        }
    }

    static func expectSame(_ bytes: [UInt8]) {
        let byBytes = ContentLine.parse(bytes)
        let byScalars = scalarParse(String(decoding: bytes, as: UTF8.self))
        #expect(byBytes?.name == byScalars?.name, "\(bytes)")
        #expect(byBytes?.parameters == byScalars?.parameters, "\(bytes)")
        #expect(byBytes?.value == byScalars?.value, "\(bytes)")
    }

    /// The parse as it was, on the decoded text's scalars.
    static func scalarParse(_ text: String) -> (name: String, parameters: [ContentLine.Parameter], value: String)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "-" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        }
        func readName() -> String? {
            let start = index
            while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
            guard index > start else { return nil }
            return String(String.UnicodeScalarView(scalars[start..<index])).uppercased()
        }
        guard let name = readName() else { return nil }
        var parameters: [ContentLine.Parameter] = []
        while index < scalars.count, scalars[index] == ";" {
            index += 1
            guard let parameterName = readName(), index < scalars.count, scalars[index] == "=" else { return nil }
            index += 1
            var values: [String] = []
            while true {
                if index < scalars.count, scalars[index] == "\"" {
                    index += 1
                    let start = index
                    while index < scalars.count, scalars[index] != "\"" { index += 1 }
                    guard index < scalars.count else { return nil }
                    values.append(String(String.UnicodeScalarView(scalars[start..<index])))
                    index += 1
                } else {
                    let start = index
                    while index < scalars.count, !";:,\"".unicodeScalars.contains(scalars[index]) { index += 1 }
                    values.append(String(String.UnicodeScalarView(scalars[start..<index])))
                }
                guard index < scalars.count, scalars[index] == "," else { break }
                index += 1
            }
            parameters.append(ContentLine.Parameter(name: parameterName, values: values))
        }
        guard index < scalars.count, scalars[index] == ":" else { return nil }
        return (name, parameters, String(String.UnicodeScalarView(scalars[(index + 1)...])))
    }
}
