import Glibc

/// A Linux file descriptor number, as the event loop registers it.
///
/// A plain value: the types that open descriptors own them and close them in
/// `deinit`, so a `FileDescriptor` is valid as long as its owner lives.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public var description: String {
        "fd \(rawValue)"
    }
}

extension FileDescriptor {
    /// Reads into `buffer` with `read`; 0 bytes means end of file.
    func read(into buffer: UnsafeMutableRawBufferPointer, call: String = "read") throws(SystemError) -> Int {
        try Syscall.run(call) { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes `buffer` with `write`, returning how much was written.
    func write(_ buffer: UnsafeRawBufferPointer, call: String = "write") throws(SystemError) -> Int {
        try Syscall.run(call) { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads into `buffer` until the descriptor has nothing more (`EAGAIN`),
    /// handing each chunk read to `consume`. Any other error is impossible on
    /// the non-blocking descriptors this layer owns.
    func readUntilEmpty(
        into buffer: UnsafeMutableRawBufferPointer,
        call: String,
        _ consume: (UnsafeRawBufferPointer) -> Void
    ) {
        while true {
            do {
                let count = try read(into: buffer, call: call)
                guard count > 0 else { return }
                consume(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            } catch where error.errno == .wouldBlock {
                return
            } catch {
                Syscall.impossible(error)
            }
        }
    }

    /// Closes the descriptor with `close`, ignoring the outcome: Linux frees
    /// the number whatever `close` reports, and an owner's `deinit` has no
    /// one to tell.
    func close() {
        _ = try? Syscall.run("close", retryingInterrupts: false) { Glibc.close(rawValue) }
    }
}
