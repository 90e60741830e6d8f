import FoundationEssentials
import TodoCore
import TodoLinux
import TodoNotify

/// todo-remind-notifier, the executable installed beside this one that does
/// what needs libnotify: the daemon, `notify-test`, and asking the server
/// about itself for `status` (`SiblingProgram.notifier`).
enum NotifierProcess {
    /// What the notification server says about itself, asked by the notifier's
    /// `server-info`; throws the notifier's own sentence when no server answers.
    static func serverInfo() throws -> ServerInfo {
        let path = try SiblingProgram.notifier.path()
        let program: SpawnedProgram
        do {
            program = try SpawnedProgram.run(path, ["server-info"])
        } catch {
            throw SiblingProgramError.notStarted(path: path, reason: error.readableDescription)
        }
        guard program.exited, program.status == 0 else {
            let sentence = String(decoding: program.errors, as: UTF8.self).trimmingSpacesAndNewlines()
            throw SiblingProgramError.failed(reason: sentence.isEmpty ? "\(SiblingProgram.notifier.executableName) ended with status \(program.status)" : sentence)
        }
        return try JSONDecoder().decode(ServerInfo.self, from: Data(program.output))
    }
}
