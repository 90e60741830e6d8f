#if canImport(Glibc)
import Glibc
#endif

/// Times for files, read from the file system's own clock rather than the
/// process's.
///
/// The kernel stamps a file with its own time. Under `faked-time-sweep`
/// (libfaketime) the process's clock is moved and the kernel's is not, so a
/// test that set a file "an hour ago" from `time(nil)` would put it a year
/// ahead of the files beside it. A time counted back from a file just
/// written is the kernel's, whatever the process's clock says.
public enum FileClock {
    /// The access and modification times for `utimensat`: `seconds` before
    /// the modification time of the file at `path` (one just written, whose
    /// time is the kernel's now).
    public static func times(_ seconds: Int, before path: String) throws -> [timespec] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw TestSupportFailure("\(path) cannot be looked at: \(String(cString: strerror(errno)))")
        }
        let earlier = timespec(tv_sec: info.st_mtim.tv_sec - seconds, tv_nsec: info.st_mtim.tv_nsec)
        return [earlier, earlier]
    }
}
