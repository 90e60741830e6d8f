import CBuildInfo

/// What `--version` says: the version (Sources/CBuildInfo, the one place it
/// is set) and, for a release build, the commit it was built from.
public enum BuildInfo {
    public static let version = String(cString: todo_remind_version())
    public static let commit = String(cString: todo_remind_commit())

    /// "0.1.0 (3f2a9c1d0b7e)", or "0.1.0" when the build was not told its commit.
    public static var description: String {
        commit.isEmpty ? version : "\(version) (\(commit))"
    }
}
