import Foundation

/// Collects output as UTF-8 bytes and writes it to stdout in large blocks.
///
/// `print` takes a lock and makes a write per line, and appending to a
/// `String` checks its encoding at every step; 100,000 rows would spend more
/// time there than in the store.
struct OutputBuffer {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(Self.blockSize + 4096)
    }

    private static let blockSize = 1 << 16

    mutating func line(_ line: String = "") {
        append(line)
        newline()
    }

    mutating func append(_ fragment: String) {
        // Copied as one block from the string's storage where it has one.
        let copied: Void? = fragment.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: fragment.utf8) }
    }

    mutating func spaces(_ count: Int) {
        var left = count
        while left > 0 {
            let run = min(left, Self.spaceRun.count)
            bytes.append(contentsOf: Self.spaceRun[..<run])
            left -= run
        }
    }

    /// Padding is copied from here: appending a repeated element goes a
    /// byte at a time.
    private static let spaceRun = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Drops the spaces at the end of what is written, such as the padding of
    /// a table's last column.
    mutating func trimTrailingSpaces() {
        while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
    }

    mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= Self.blockSize { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }
}
