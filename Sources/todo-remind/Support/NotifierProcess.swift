import Foundation
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = ["server-info"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        // Not `waitUntilExit`: it spins the run loop to deadlines of the
        // wall clock, which a clock far from the monotonic one (libfaketime
        // in the sweep of the tests) turned into a wait without end. The
        // handler is called once the child's end is seen.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw NotifierProcessError.notStarted(path: process.executableURL?.path ?? executableName, reason: error.localizedDescription)
        }
        // Each answer is a line or two: neither pipe can fill while the other is read.
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        exited.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let sentence = String(decoding: complaint, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw NotifierProcessError.failed(reason: sentence.isEmpty ? "\(executableName) ended with status \(process.terminationStatus)" : sentence)
        }
        return try JSONDecoder().decode(ServerInfo.self, from: answer)
    }
}
