import FoundationEssentials
import TodoCore
import TodoExchange

/// Writes JSON by hand, straight into the output as UTF-8, so keys come out
/// in the documented order and an export of 100,000 tasks is written as it
/// is read: no `JSONSerialization` dictionaries, and no `String` of the
/// document, an object or a date.
struct JSONWriter {
    let output: OutputBuffer

    func raw(_ fragment: StaticString) { output.append(fragment) }

    func string(_ value: String?) {
        guard var value else { return raw("null") }
        output.append(byte: UInt8(ascii: "\""))
        value.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole; a byte of
            // a multi-byte character is never below 0x80, so it is one of them.
            var runStart = 0
            for (index, byte) in bytes.enumerated() where Self.needsEscape(byte) {
                output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                escaped(byte)
                runStart = index + 1
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(byte: UInt8(ascii: "\""))
    }

    func bool(_ value: Bool) { raw(value ? "true" : "false") }

    func int(_ value: Int64) {
        output.write(upTo: 20) { buffer in
            var writer = ASCIIWriter(buffer)
            writer.padded(Int(value), width: 1)
            return writer.count
        }
    }

    func int(_ value: Int) { int(Int64(value)) }

    /// An instant as a quoted ISO 8601 string (`DateText.iso8601`), or null.
    func instant(_ instant: Date?, clock: WallClock) {
        guard let instant else { return raw("null") }
        output.write(upTo: DateText.iso8601Capacity + 2) { buffer in
            var writer = ASCIIWriter(buffer)
            writer.byte(UInt8(ascii: "\""))
            DateText.iso8601(instant, clock: clock, into: &writer)
            writer.byte(UInt8(ascii: "\""))
            return writer.count
        }
    }

    /// A day as a quoted "YYYY-MM-DD".
    func day(_ day: LocalDay) {
        output.write(upTo: LocalDay.isoCapacity + 2) { buffer in
            var writer = ASCIIWriter(buffer)
            writer.byte(UInt8(ascii: "\""))
            day.write(into: &writer)
            writer.byte(UInt8(ascii: "\""))
            return writer.count
        }
    }

    /// Writes `"key":` (the key must need no escaping), in one copy: an
    /// export writes 25 keys a task.
    func key(_ key: StaticString) {
        let count = key.utf8CodeUnitCount
        output.write(upTo: count + 3) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            base[0] = UInt8(ascii: "\"")
            (base + 1).update(from: key.utf8Start, count: count)
            base[count + 1] = UInt8(ascii: "\"")
            base[count + 2] = UInt8(ascii: ":")
            return count + 3
        }
    }

    /// `"key":value` and, unless it is the object's last, a comma.
    func field(_ key: StaticString, string value: String?, last: Bool = false) {
        self.key(key)
        string(value)
        if !last { raw(",") }
    }

    func field(_ key: StaticString, bool value: Bool, last: Bool = false) {
        self.key(key)
        bool(value)
        if !last { raw(",") }
    }

    func field(_ key: StaticString, int value: Int64, last: Bool = false) {
        self.key(key)
        int(value)
        if !last { raw(",") }
    }

    func field(_ key: StaticString, instant value: Date?, clock: WallClock, last: Bool = false) {
        self.key(key)
        instant(value, clock: clock)
        if !last { raw(",") }
    }

    /// An event occurrence's `start` and `end`: its first and last days
    /// when it lasts all day, else its instants; `agenda` and `next` write
    /// them alike.
    func span(of occurrence: EventOccurrence, clock: WallClock) {
        if let days = occurrence.days {
            key("start")
            day(days.lowerBound)
            raw(",")
            key("end")
            day(days.upperBound)
            raw(",")
        } else {
            field("start", instant: occurrence.start, clock: clock)
            field("end", instant: occurrence.end, clock: clock)
        }
    }

    /// Whether a byte of a string cannot stand as it is: a quote, a
    /// backslash or a control character.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    private func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case UInt8(ascii: "\n"): raw("\\n")
        case UInt8(ascii: "\r"): raw("\\r")
        case UInt8(ascii: "\t"): raw("\\t")
        default:
            let digits: StaticString = "0123456789abcdef"
            raw("\\u00")
            output.append(byte: digits.utf8Start[Int(byte >> 4)])
            output.append(byte: digits.utf8Start[Int(byte & 0xF)])
        }
    }
}

/// A task object's keys as the schema names them (`TaskJSONKey`), shared
/// with `import`.
extension JSONWriter {
    func key(_ key: TaskJSONKey) { self.key(key.name) }

    func field(_ key: TaskJSONKey, string value: String?, last: Bool = false) { field(key.name, string: value, last: last) }

    func field(_ key: TaskJSONKey, bool value: Bool, last: Bool = false) { field(key.name, bool: value, last: last) }

    func field(_ key: TaskJSONKey, instant value: Date?, clock: WallClock, last: Bool = false) {
        field(key.name, instant: value, clock: clock, last: last)
    }
}
