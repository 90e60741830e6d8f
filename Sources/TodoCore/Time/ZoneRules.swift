/// The offsets of a zone: those listed in its zoneinfo file, each in force
/// from its transition to the next, then those its POSIX rule gives.
struct ZoneRules: Hashable, Sendable {
    /// Instants (seconds past 1970, UTC) at which the offset changes, ascending.
    let transitions: [Int]
    /// The offset in force from each transition on.
    let offsets: [Int]
    /// The offset before the first transition (all the time, with neither
    /// transitions nor a rule).
    let initialOffset: Int
    /// The rule for the instants after the last transition.
    let footer: PosixZoneRule?

    func offset(atUTC seconds: Int) -> Int {
        guard let last = transitions.last, seconds < last || footer == nil else {
            return footer?.offset(atUTC: seconds) ?? initialOffset
        }
        if seconds < transitions[0] { return initialOffset }
        // The last transition at or before `seconds`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }
}

extension ZoneRules {
    /// Reads a zoneinfo file (RFC 8536): the 64-bit data of version 2 and
    /// later, or the 32-bit data of version 1, then the footer's rule.
    /// Leap seconds are ignored, as POSIX time does.
    init?(zoneinfo bytes: [UInt8]) {
        var reader = ZoneinfoReader(bytes)
        guard bytes.count <= Zone.maximumZoneinfoSize, let first = reader.header() else { return nil }
        var header = first
        var timeSize = 4
        if first.version >= 2 {
            guard reader.skip(first.dataSize(timeSize: 4)), let second = reader.header() else { return nil }
            header = second
            timeSize = 8
        }
        var transitions: [Int] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let time = reader.integer(size: timeSize) else { return nil }
            guard transitions.last.map({ $0 < time }) ?? true else { return nil }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount {
            guard let index = reader.integer(size: 1, signed: false), index < header.typeCount else { return nil }
            typeIndices.append(index)
        }
        var typeOffsets: [Int] = []
        for _ in 0..<header.typeCount {
            guard let offset = reader.integer(size: 4), abs(offset) < 26 * 3600,
                  reader.skip(2) // isdst and the abbreviation's index
            else { return nil }
            typeOffsets.append(offset)
        }
        let rest = header.characterCount + header.leapCount * (timeSize + 4) + header.standardCount + header.utcCount
        guard reader.skip(rest) else { return nil }
        var footer: PosixZoneRule?
        if header.version >= 2 {
            // "\n" rule "\n"; an empty rule says nothing follows the last transition.
            guard let text = reader.footer() else { return nil }
            if !text.isEmpty {
                guard let rule = PosixZoneRule(text) else { return nil }
                footer = rule
            }
        }
        self.transitions = transitions
        offsets = typeIndices.map { typeOffsets[$0] }
        initialOffset = typeOffsets[0]
        self.footer = footer
    }
}

/// Reads a zoneinfo file's big-endian fields in order, never past its end.
private struct ZoneinfoReader {
    private let bytes: [UInt8]
    private var position = 0

    struct Header {
        let version: Int
        let utcCount, standardCount, leapCount, timeCount, typeCount, characterCount: Int

        func dataSize(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4) + standardCount + utcCount
        }
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func header() -> Header? {
        guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else { return nil }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - 0x30
        guard (1...9).contains(version) else { return nil }
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = integer(size: 4, signed: false), count <= bytes.count else { return nil }
            counts.append(count)
        }
        let header = Header(version: version, utcCount: counts[0], standardCount: counts[1], leapCount: counts[2],
                            timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
        guard header.typeCount > 0 else { return nil }
        return header
    }

    mutating func integer(size: Int, signed: Bool = true) -> Int? {
        guard position + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
        position += size
        guard signed, size < 8 else { return signed ? Int(Int64(bitPattern: value)) : Int(exactly: value) }
        let bits = UInt64(size * 8)
        return value >= 1 << (bits - 1) ? Int(value) - (1 << Int(bits)) : Int(value)
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    /// The footer's rule text, between its two newlines.
    mutating func footer() -> String? {
        guard position < bytes.count, bytes[position] == 0x0A,
              let end = bytes[(position + 1)...].firstIndex(of: 0x0A)
        else { return nil }
        let text = bytes[(position + 1)..<end]
        guard text.count < 256, text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        position = end + 1
        return String(decoding: text, as: UTF8.self)
    }
}
