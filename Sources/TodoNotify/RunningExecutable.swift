import FoundationEssentials

/// The file of the program running now, for finding what is installed beside it.
public enum RunningExecutable {
    /// The running binary's path, symlinks followed: `/proc/self/exe`'s target.
    ///
    /// Not `Bundle.main`: Foundation's main bundle traps when a folder on the
    /// binary's path cannot be searched by the user running it (a store read
    /// by another user, a build folder in a private directory), where the
    /// kernel's link to the running file is always there to read.
    public static var url: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        }
        return URL(fileURLWithPath: path)
    }
}
