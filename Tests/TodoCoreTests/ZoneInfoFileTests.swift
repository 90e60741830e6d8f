import Testing
@testable import TodoCore

/// A zoneinfo file's bytes (RFC 8536), made here, so that what a damaged
/// or hostile file does is known: it is refused, never read past its end.
@Suite("Zoneinfo files")
struct ZoneInfoFileTests {
    /// A version-2 file with one transition at `at` from `before` to `after`, then `footer`.
    static func file(transition at: Int64 = 1_000_000, before: Int32 = 3600, after: Int32 = 7200, footer: String = "") -> [UInt8] {
        func big<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        func header(version: UInt8) -> [UInt8] {
            Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
                + [0, 0, 0, 1, 2, 4].flatMap { big(UInt32($0)) }
        }
        // The counts: no UT/local or standard/wall indicators, no leap seconds,
        // one transition, two local time types, four bytes of abbreviations.
        func data(timeSize: Int) -> [UInt8] {
            let time = timeSize == 8 ? big(at) : big(Int32(truncatingIfNeeded: at))
            return time + [1] + big(before) + [0, 0] + big(after) + [1, 0] + Array("ABC\0".utf8)
        }
        var bytes = header(version: 0x32) + data(timeSize: 4)
        bytes += header(version: 0x32) + data(timeSize: 8)
        bytes += Array("\n\(footer)\n".utf8)
        return bytes
    }

    @Test("the offsets before and after a transition, then the footer's rule")
    func read() throws {
        let zone = try #require(Zone(identifier: "Test/Zone", zoneinfo: Self.file(footer: "JST-9")))
        #expect(zone.offset(atUTC: 999_999) == 3600)
        #expect(zone.offset(atUTC: 1_000_000) == 9 * 3600)
        let withoutRule = try #require(Zone(identifier: "Test/Zone", zoneinfo: Self.file()))
        #expect(withoutRule.offset(atUTC: -5_000_000_000) == 3600)
        #expect(withoutRule.offset(atUTC: 1_000_000) == 7200)
        #expect(withoutRule.offset(atUTC: 5_000_000_000) == 7200)
    }

    @Test("every cut of a file is refused, never read past its end")
    func truncated() {
        let whole = Self.file(footer: "JST-9")
        for length in 0..<whole.count {
            #expect(Zone(identifier: "Test/Zone", zoneinfo: whole[..<length]) == nil, "\(length) bytes")
        }
    }

    @Test("a file with a bad footer, a bad magic or an absurd offset is refused")
    func damaged() {
        #expect(Zone(identifier: "x", zoneinfo: Self.file(footer: "Europe/Berlin")) == nil)
        var magic = Self.file()
        magic[0] = UInt8(ascii: "X")
        #expect(Zone(identifier: "x", zoneinfo: magic) == nil)
        #expect(Zone(identifier: "x", zoneinfo: Self.file(after: 200_000)) == nil)
        #expect(Zone(identifier: "x", zoneinfo: [UInt8](repeating: 0, count: Zone.maximumZoneinfoSize + 1)) == nil)
    }
}
