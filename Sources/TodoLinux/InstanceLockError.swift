import FoundationEssentials

/// Why an `InstanceLock` could not be taken.
public enum InstanceLockError: LocalizedError, Equatable, Sendable {
    /// Another process holds the lock at `path`; `pid` and `since` are nil
    /// when it has not said who it is (yet).
    case held(path: String, pid: Int32?, since: Date?)

    public var errorDescription: String? {
        switch self {
        case .held(let path, let pid?, let since?):
            "Another process (pid \(pid), running since \(since.formatted(.iso8601))) holds the lock “\(path)”, so this one cannot run alongside it: stop that process first."
        case .held(let path, let pid?, nil):
            "Another process (pid \(pid)) holds the lock “\(path)”, so this one cannot run alongside it: stop that process first."
        case .held(let path, nil, _):
            "Another process holds the lock “\(path)”, so this one cannot run alongside it: stop that process first."
        }
    }
}
