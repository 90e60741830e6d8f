import FoundationEssentials
import Glibc
import TodoCore
import TodoLinux
import TodoNotify

/// todo-remind-notifier, the executable installed beside this one that does
/// what needs libnotify: the daemon, `notify-test`, and asking the server
/// about itself for `status`.
///
/// The commands that never notify start 1.4 ms sooner without libnotify and
/// the GLib stack linked in, so the CLI starts the notifier instead of linking
/// it.
enum NotifierProcess {
    static let executableName = "todo-remind-notifier"

    /// The notifier's path: beside the running binary, symlinks followed, as
    /// `make install` and `swift build` both put it.
    static func path() throws(NotifierProcessError) -> String {
        guard let executable = RunningExecutable.url else {
            throw .missing(path: executableName)
        }
        let path = executable.deletingLastPathComponent().appendingPathComponent(executableName).path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw .missing(path: path) }
        return path
    }

    /// Replaces this process with the notifier running `arguments` (`execv`):
    /// the daemon keeps this process id, its terminal and its signals, as a
    /// service manager that started `todo-remind daemon` expects.
    static func exec(_ arguments: [String]) throws(NotifierProcessError) -> Never {
        let path = try path()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        // execv returns only when it failed.
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        throw .notStarted(path: path, reason: reason)
    }

    /// What the notification server says about itself, asked by the notifier's
    /// `server-info`; throws the notifier's own sentence when no server answers.
    static func serverInfo() throws -> ServerInfo {
        let path = try path()
        let program: SpawnedProgram
        do {
            program = try SpawnedProgram.run(path, ["server-info"])
        } catch {
            throw NotifierProcessError.notStarted(path: path, reason: error.readableDescription)
        }
        guard program.exited, program.status == 0 else {
            let sentence = String(decoding: program.errors, as: UTF8.self).trimmingSpacesAndNewlines()
            throw NotifierProcessError.failed(reason: sentence.isEmpty ? "\(executableName) ended with status \(program.status)" : sentence)
        }
        return try JSONDecoder().decode(ServerInfo.self, from: Data(program.output))
    }
}
