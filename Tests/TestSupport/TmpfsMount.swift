import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs mounted on a folder for one test: a file system that fills
/// up or turns read-only on demand, where `chmod` would not stop the root
/// the tests run as.
///
/// Mounting needs root; a test that cannot mount fails, it never skips.
/// Unmounted when let go of, however the test ended:
///
/// ```swift
/// let disk = try TmpfsMount(at: folder)
/// defer { disk.unmount() }
/// try disk.fill()
/// ```
public final class TmpfsMount {
    /// The folder it is mounted on.
    public let path: String
    private var mounted = true

    /// Mounts a tmpfs of `size` (as mount(8) takes it: "64k") on the folder
    /// `path`, which must exist; what it held is hidden until `unmount()`.
    public init(at path: String, size: String = "64k") throws {
        self.path = path
        try ProcessRunner.tool(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", path])
    }

    deinit {
        unmount()
    }

    /// Makes it read-only, or writable again (`mount -o remount`).
    public func remount(readOnly: Bool) throws {
        try ProcessRunner.tool(["mount", "-o", "remount,\(readOnly ? "ro" : "rw")", path])
    }

    /// Takes all the space left with a file named `name`, so that the next
    /// write fails with ENOSPC; `free(name)` removes it.
    public func fill(name: String = "filler") throws {
        let file = (path as NSString).appendingPathComponent(name)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TestSupportFailure("cannot create \(file): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        guard errno == ENOSPC else { throw TestSupportFailure("filling \(file) stopped before the disk was full: \(String(cString: strerror(errno)))") }
    }

    /// Removes the file `fill` made: there is space again.
    public func free(name: String = "filler") throws {
        try FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(name))
    }

    /// Unmounts it (lazily when busy); what the folder held shows again.
    public func unmount() {
        guard mounted else { return }
        mounted = false
        if (try? ProcessRunner.tool(["umount", path])) == nil {
            _ = try? ProcessRunner.tool(["umount", "-l", path])
        }
    }
}
