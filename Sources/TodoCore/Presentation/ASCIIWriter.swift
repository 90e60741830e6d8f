/// Writes ASCII text into memory it does not own.
///
/// For text written by the hundred thousand, such as the ISO 8601 dates of
/// `export`: the caller hands over room in its own output, and no `String`
/// is made for each value.
public struct ASCIIWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes written so far, from the start of the buffer.
    public private(set) var count = 0

    /// - Parameter buffer: room for everything that will be written; a
    ///   writer of a fixed form says how much it needs.
    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    public mutating func byte(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    /// The decimal digits of `value`, after as many zeros as make them
    /// `width` characters (a minus sign counts as one, after the zeros).
    public mutating func padded(_ value: Int, width: Int) {
        // Years, months, days, hours, minutes and seconds: the most written, by far.
        if width == 2, (0..<100).contains(value) {
            byte(UInt8(ascii: "0") + UInt8(value / 10))
            byte(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        if width == 4, (0..<10_000).contains(value) {
            padded(value / 100, width: 2)
            padded(value % 100, width: 2)
            return
        }
        let magnitude = value.magnitude
        var digitCount = 1
        var rest = magnitude / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        let length = digitCount + (value < 0 ? 1 : 0)
        for _ in 0..<max(0, width - length) { byte(UInt8(ascii: "0")) }
        if value < 0 { byte(UInt8(ascii: "-")) }
        rest = magnitude
        for position in stride(from: count + digitCount - 1, through: count, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digitCount
    }
}
