import FoundationEssentials
import Glibc
import TodoNotify

/// An executable installed beside this one that does what would make every
/// command heavier if it were linked in: the notifier (libnotify and the
/// GLib stack, 1.4 ms at every start) and the desktop window (GTK).
struct SiblingProgram {
    let executableName: String
    /// What todo-remind needs it for, said when it is missing.
    let why: String

    static let notifier = SiblingProgram(executableName: "todo-remind-notifier", why: "todo-remind notifies through it")
    static let window = SiblingProgram(executableName: "todo-remind-window", why: "the desktop window is a program of its own")

    /// Its path: beside the running binary, symlinks followed, as
    /// `make install` and `swift build` both put it.
    func path() throws(SiblingProgramError) -> String {
        guard let executable = RunningExecutable.url else {
            throw .missing(path: executableName, why: why)
        }
        let path = executable.deletingLastPathComponent().appendingPathComponent(executableName).path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw .missing(path: path, why: why) }
        return path
    }

    /// Replaces this process with the program running `arguments` (`execv`):
    /// it keeps this process id, its terminal and its signals, as a service
    /// manager that started `todo-remind daemon` expects.
    func exec(_ arguments: [String]) throws(SiblingProgramError) -> Never {
        let path = try path()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        // execv returns only when it failed.
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        throw .notStarted(path: path, reason: reason)
    }
}
