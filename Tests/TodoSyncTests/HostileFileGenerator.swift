import Foundation
import TestSupport

/// Makes hostile iCalendar files from honest ones, the same files for the
/// same seed: the clients' fixtures and the hostile-input probe, mutated by byte
/// flips, truncation, NULs and invalid UTF-8, giant and repeated lines,
/// folds in odd places, deep nesting and lines known to cost (huge REPEAT,
/// odd zones).
struct HostileFileGenerator {
    /// Small, seeded, the same on every machine.
    private var random: SeededGenerator

    /// The files mutations start from.
    let seeds: [[UInt8]]

    init(seed: UInt64, seeds: [[UInt8]]) {
        random = SeededGenerator(seed: seed)
        self.seeds = seeds
    }

    /// Lines that are each a known way to cost or to confuse.
    static let hostileLines = [
        "BEGIN:VALARM", "END:VALARM", "BEGIN:X-N", "END:X-N", "BEGIN:VTODO", "END:VTODO", "END:VCALENDAR",
        "BEGIN:VTIMEZONE", "END:VTIMEZONE", "BEGIN:STANDARD", "END:STANDARD", "TZID:Probe Standard Time",
        "DTSTART:16010101T000000", "DTSTART:00010101T000000", "RRULE:FREQ=SECONDLY", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "TZOFFSETFROM:+0100", "TZOFFSETTO:+9959", "DUE;TZID=Probe Standard Time:99991231T235959",
        "DUE;TZID=W. Europe Standard Time:00010101T000000", "RECURRENCE-ID;TZID=Probe Standard Time:20261205T100000",
        "ACTION:DISPLAY", "ACTION:AUDIO", "TRIGGER:-P999999999W", "TRIGGER;VALUE=DATE-TIME:99991231T235959Z",
        "TRIGGER;RELATED=START:PT0S", "REPEAT:2147483647", "REPEAT:9223372036854775807", "REPEAT:-1", "REPEAT:10000",
        "DURATION:P999999999W", "DURATION:PT1S", "ACKNOWLEDGED:19700101T000000Z", "RELATED-TO;RELTYPE=SNOOZE:x",
        "UID:dup\u{0}one", "UID:../../etc/passwd", "UID:", "STATUS:COMPLETED", "COMPLETED:99991231T235959Z",
        "PRIORITY:-9223372036854775808", "PERCENT-COMPLETE:99999999999999999999", "SEQUENCE:9223372036854775807",
        "X-MOZ-SNOOZE-TIME-999999999999999999:20261201T000000Z", "X-MOZ-LASTACK:00000000T000000Z",
        "CATEGORIES:" + String(repeating: "a,", count: 500), "SUMMARY:" + String(repeating: "\\n", count: 500),
        "DESCRIPTION;X=\"" + String(repeating: "\"", count: 500), "X-TODO-REMIND-ALARM:morning",
    ]

    mutating func next() -> UInt64 {
        random.next()
    }

    /// A number in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// The next hostile file: a seed with one to four mutations.
    mutating func file() -> [UInt8] {
        var bytes = seeds[below(seeds.count)]
        for _ in 0...below(4) { mutate(&bytes) }
        return bytes
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        let at = bytes.isEmpty ? 0 : below(bytes.count + 1)
        switch below(11) {
        case 0:  // byte flips
            for _ in 0..<(1 + below(8)) where !bytes.isEmpty { bytes[below(bytes.count)] ^= UInt8(truncatingIfNeeded: 1 << below(8)) }
        case 1:  // truncated
            bytes.removeSubrange(at...)
        case 2:  // NULs, invalid UTF-8, a UTF-8 sequence cut by a fold, bare CR
            let odd: [[UInt8]] = [[0], [0xFF, 0xFE], [0xC3], [0xE2, 0x82], [0xC3, 0x0D, 0x0A, 0x20, 0xA9], [0x0D], [0x0A, 0x20], [0x0A, 0x09]]
            bytes.insert(contentsOf: odd[below(odd.count)], at: at)
        case 3:  // random bytes
            bytes.insert(contentsOf: (0..<(1 + below(32))).map { _ in UInt8(truncatingIfNeeded: next()) }, at: at)
        case 4:  // a range deleted
            let end = min(bytes.count, at + below(200))
            bytes.removeSubrange(at..<end)
        case 5, 6:  // a hostile line at the start of a line
            let start = lineStart(in: bytes, before: at)
            bytes.insert(contentsOf: Array((Self.hostileLines[below(Self.hostileLines.count)] + "\r\n").utf8), at: start)
        case 7:  // a line repeated many times
            let start = lineStart(in: bytes, before: at)
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            let line = Array(bytes[start..<end])
            bytes.insert(contentsOf: Array([[UInt8]](repeating: line, count: 1 + below(200)).joined()), at: end)
        case 8:  // a giant line, folded or not
            let start = lineStart(in: bytes, before: at)
            let fold: [UInt8] = below(2) == 0 ? [] : [0x0D, 0x0A, 0x20]
            var giant = Array("X-GIANT:".utf8)
            for _ in 0..<(1 + below(40)) { giant += [UInt8](repeating: 0x61, count: 500) + fold }
            bytes.insert(contentsOf: giant + [0x0D, 0x0A], at: start)
        case 9:  // a range nested in components, up to past the bound
            let start = lineStart(in: bytes, before: at)
            let depth = 1 + below(40)
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            bytes.insert(contentsOf: Array(String(repeating: "END:X-N\r\n", count: depth).utf8), at: end)
            bytes.insert(contentsOf: Array(String(repeating: "BEGIN:X-N\r\n", count: depth).utf8), at: start)
        default:  // two lines swapped
            let first = lineStart(in: bytes, before: at)
            let second = lineStart(in: bytes, before: bytes.isEmpty ? 0 : below(bytes.count + 1))
            let (low, high) = (min(first, second), max(first, second))
            guard low < high, let lowEnd = bytes[low...].firstIndex(of: 0x0A), lowEnd < high,
                  let highEnd = bytes[high...].firstIndex(of: 0x0A) else { return }
            let lowLine = Array(bytes[low...lowEnd])
            let highLine = Array(bytes[high...highEnd])
            bytes.replaceSubrange(high...highEnd, with: lowLine)
            bytes.replaceSubrange(low...lowEnd, with: highLine)
        }
    }

    /// Where the line holding `index` begins.
    private func lineStart(in bytes: [UInt8], before index: Int) -> Int {
        guard index > 0 else { return 0 }
        return bytes[..<min(index, bytes.count)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    }
}
