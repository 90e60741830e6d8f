import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Why reading or writing a calendar folder failed.
public enum VdirFolderError: LocalizedError, Hashable, Sendable {
    /// A system call failed: which, on what, and the errno it set.
    case systemCall(String, path: String, errno: Int32)
    /// The item changed on disk since it was read (vdirsyncer's etag check):
    /// writing now would lose someone else's change.
    case changedSinceRead(String)
    /// A new item would take the name of one that exists.
    case exists(String)
    /// An item's name is not a regular file (nor a symlink to one): `kind`
    /// says what it is ("a named pipe (FIFO)"). It is never opened.
    case notRegularFile(path: String, kind: String)

    /// Whether the error says the file is gone (removed since it was
    /// listed): nothing to report, as the next scan sees it removed.
    public var isGone: Bool {
        if case .systemCall(_, _, let code) = self { return code == ENOENT }
        return false
    }

    public var errorDescription: String? {
        switch self {
        case .systemCall(let call, let path, let code):
            "\(call) failed on “\(path)”: \(String(cString: strerror(code)))."
        case .changedSinceRead(let name):
            "“\(name)” changed on disk since it was read: read it again and merge before writing."
        case .exists(let name):
            "“\(name)” exists already: a new item needs a name of its own."
        case .notRegularFile(let path, let kind):
            "“\(path)” is \(kind), not a regular file, so it was not read: a list folder holds one file per task."
        }
    }
}
