import Foundation
import Testing
import TodoCore

/// The project's string functions against the Foundation ones they replace.
@Suite("String text")
struct StringTextTests {
    @Test("Trimming takes off what Foundation's whitespace sets took off, scalar by scalar")
    func trimming() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "x" + String(scalar)
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(value)")
            #expect(text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(value)")
        }
        for text in ["", " ", "  a b  ", "\t\n x \r\n", " \u{301}x", "x\u{301} ", "\u{A0}é\u{3000}"] {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
            #expect(text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(text[...].trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("Padding fills and cuts by UTF-16 units as Foundation's padding did", arguments: [
        ("due", 15), ("", 3), ("exactly", 7), ("longer than this", 6), ("café", 6), ("😀ab", 3), ("😀ab", 1), ("ÅÅ", 1),
    ])
    func padding(text: String, length: Int) {
        #expect(text.padded(toLength: length) == text.padding(toLength: length, withPad: " ", startingAt: 0))
    }

    @Test("Path components are those NSString gave", arguments: [
        "", "/", "//", "///", "//a", "/a//", "a//", "a", "/a", "a/", "/a/", "/a/b", "/a/b/", "a/b", "//a//b//", "/tmp/scratch.tiff",
        ".", "./x", "~/lists",
    ])
    func paths(path: String) {
        #expect(path.lastPathComponent == (path as NSString).lastPathComponent)
        // NSString's deletingLastPathComponent crashed on some relative
        // paths ("a", "a//"); the store's and the config's are absolute.
        if path.hasPrefix("/") {
            #expect(path.deletingLastPathComponent == (path as NSString).deletingLastPathComponent)
        }
        for component in ["", "b", "b/c"] {
            #expect(path.appendingPathComponent(component) == (path as NSString).appendingPathComponent(component), "\(path) + \(component)")
        }
    }

    @Test("Numbers are formatted as String(format:) formatted them")
    func cFormat() {
        for value in [0, 5, 59, 3_599, 86_399, 123_456] {
            #expect(String(cFormat: "%02d:%02d", value / 3600, value / 60 % 60) == String(format: "%02d:%02d", value / 3600, value / 60 % 60))
        }
        for value in [0.0, 0.05, 0.25, 0.35, 1.45, 12.345, 999.95, 1e9] {
            #expect(String(cFormat: "%.1f ms", value) == String(format: "%.1f ms", value))
        }
        #expect(String(cFormat: "%lld.%06ld", Int64(1_700_000_000), 42) == String(format: "%lld.%06ld", Int64(1_700_000_000), 42))
        #expect(String(cFormat: "\\u%04x", UInt32(0x1F)) == String(format: "\\u%04x", UInt32(0x1F)))
    }
}
