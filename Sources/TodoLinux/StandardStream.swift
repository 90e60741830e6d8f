import Glibc

/// Standard input, output and error, written and read with `write` and
/// `read` (what Foundation's `FileHandle.standardOutput` and its kin did).
public struct StandardStream: Sendable {
    /// Standard input (descriptor 0).
    public static let input = StandardStream(descriptor: FileDescriptor(rawValue: STDIN_FILENO))
    /// Standard output (descriptor 1).
    public static let output = StandardStream(descriptor: FileDescriptor(rawValue: STDOUT_FILENO))
    /// Standard error (descriptor 2).
    public static let error = StandardStream(descriptor: FileDescriptor(rawValue: STDERR_FILENO))

    private let descriptor: FileDescriptor

    /// Writes `text` in UTF-8, all of it.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes`, all of them.
    public func write(_ bytes: some Collection<UInt8>) {
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0)) }
        if contiguous == nil { Array(bytes).withUnsafeBytes { write($0) } }
    }

    /// Writes the whole buffer, a part at a time as `write` takes it. A
    /// stream that refuses (closed, full) loses the rest, as it did with
    /// `FileHandle`: there is no one left to tell.
    private func write(_ buffer: UnsafeRawBufferPointer) {
        var rest = buffer
        while !rest.isEmpty {
            guard let count = try? descriptor.write(rest), count > 0 else { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        }
    }

    /// Everything there is to read until the end of the stream.
    ///
    /// - Throws: `SystemError` of `read` when the stream cannot be read.
    public func readToEnd() throws(SystemError) -> [UInt8] {
        try Self.readToEnd(descriptor)
    }

    /// Everything there is to read from `descriptor` until its end.
    static func readToEnd(_ descriptor: FileDescriptor) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try descriptor.read(into: buffer) }
            }
            let read = try count.get()
            guard read > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<read])
        }
    }
}
