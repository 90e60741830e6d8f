import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening Unix socket at a path, made by `socket` and `bind`: an entry
/// of a folder that is neither a file nor a folder, as a test needs one.
///
/// ```swift
/// let socket = try UnixSocket(path: folder.file("s.ics"))
/// defer { socket.close() }
/// ```
public struct UnixSocket {
    public let descriptor: Int32

    public init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try TestSupportFailure.unless(descriptor >= 0, "socket failed for \(path): errno \(errno)")
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw TestSupportFailure("bind failed on \(path): errno \(code)")
        }
    }

    /// Closes the socket (`close`); its path stays until removed.
    public func close() {
        _ = Glibc.close(descriptor)
    }
}
