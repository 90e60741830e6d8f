import FoundationEssentials
import Glibc
import TodoLinux

/// Collects output as UTF-8 bytes and writes it to stdout in large blocks.
///
/// `print` takes a lock and makes a write per line, and appending to a
/// `String` or an `Array` checks encodings, uniqueness and capacity at every
/// step; `list` appends eight pieces a row, 800,000 at 100,000 tasks. Here an
/// append is a bounds check and a copy into one block of memory.
final class OutputBuffer {
    private static let blockSize = 1 << 16
    private let block = UnsafeMutablePointer<UInt8>.allocate(capacity: OutputBuffer.blockSize)
    private var count = 0
    /// Where the line being written starts: blocks are written up to here,
    /// so the end of a line can still be trimmed.
    private var lineStart = 0

    deinit {
        block.deallocate()
    }

    func line(_ line: String = "") {
        append(line)
        newline()
    }

    func append(_ fragment: String) {
        var fragment = fragment
        fragment.withUTF8 { append($0) }
    }

    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func append(byte: UInt8) {
        if count == Self.blockSize { makeRoom() }
        block[count] = byte
        count += 1
    }

    /// Lets `body` write up to `capacity` bytes (at most a few hundred) in
    /// place, and keeps as many as it says it wrote.
    func write(upTo capacity: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        if Self.blockSize - count < capacity { makeRoom() }
        if Self.blockSize - count < capacity { flush() }
        count += body(UnsafeMutableBufferPointer(start: block + count, count: capacity))
    }

    /// The digits of a number (a task id, on every row of `list`), written
    /// in place rather than made into a `String` first.
    func append(decimal number: Int64) {
        write(upTo: 20) { buffer in
            var digits = number.magnitude
            var length = 1
            while digits >= 10 {
                digits /= 10
                length += 1
            }
            if number < 0 { buffer[0] = UInt8(ascii: "-") }
            let sign = number < 0 ? 1 : 0
            var rest = number.magnitude
            for index in stride(from: sign + length - 1, through: sign, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return sign + length
        }
    }

    func spaces(_ count: Int) {
        var left = count
        while left > 0 {
            let run = min(left, Self.spaceRun.count)
            Self.spaceRun.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[..<run])) }
            left -= run
        }
    }

    /// Drops the spaces at the end of what is written, such as the padding of
    /// a table's last column.
    func trimTrailingSpaces() {
        while count > 0 && block[count - 1] == UInt8(ascii: " ") { count -= 1 }
    }

    func newline() {
        if count == Self.blockSize { makeRoom() }
        block[count] = UInt8(ascii: "\n")
        count += 1
        lineStart = count
    }

    func flush() {
        writeOut(count)
        count = 0
        lineStart = 0
    }

    /// Writes the complete lines and keeps the one being written; a line
    /// longer than the block (a JSON array) is written as it comes.
    private func makeRoom() {
        guard lineStart > 0 else { return flush() }
        writeOut(lineStart)
        let kept = count - lineStart
        block.update(from: block + lineStart, count: kept)
        count = kept
        lineStart = 0
    }

    /// Writes the first `length` bytes; when stdout refuses them (a full
    /// disk, a closed pipe with SIGPIPE ignored), says so and exits 1: an
    /// export cut short must not look like a complete one.
    private func writeOut(_ length: Int) {
        var written = 0
        while written < length {
            let result = Glibc.write(STDOUT_FILENO, block + written, length - written)
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                let reason = String(cString: strerror(code)).lowercased()
                StandardStream.error.write("Error: the output could not be written: \(reason).\n")
                StoreOpener.closeAll()
                exit(EXIT_FAILURE)
            }
            written += result
        }
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Most appends are a few bytes that fit: one copy, no loop.
        if let base = bytes.baseAddress, bytes.count <= Self.blockSize - count {
            (block + count).update(from: base, count: bytes.count)
            count += bytes.count
            return
        }
        var bytes = bytes
        while !bytes.isEmpty {
            if count == Self.blockSize { makeRoom() }
            let room = min(bytes.count, Self.blockSize - count)
            guard let base = bytes.baseAddress else { return }
            (block + count).update(from: base, count: room)
            count += room
            bytes = UnsafeBufferPointer(rebasing: bytes[room...])
        }
    }

    /// Padding is copied from here, a run at a time.
    private static let spaceRun = [UInt8](repeating: UInt8(ascii: " "), count: 64)
}
