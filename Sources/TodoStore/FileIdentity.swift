#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names: its device and inode number.
///
/// A process that has a file open keeps that file when its path is deleted,
/// moved away or replaced (another file renamed over it); only the identity
/// of what the path names now tells it that it is no longer working on the
/// file at the path.
struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    var description: String { "device \(device), inode \(inode)" }
}
