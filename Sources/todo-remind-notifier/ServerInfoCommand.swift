import ArgumentParser
import Foundation
import TodoLibNotify
import TodoNotify

extension TodoRemindNotifier {
    /// What `todo-remind status` asks: the server's `ServerInfo` as JSON on
    /// stdout; or, when none answers, why, as one sentence on stderr and
    /// exit status 1.
    struct ServerInfoCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "server-info",
            abstract: "Print what the notification server says about itself, as JSON."
        )

        func run() throws {
            let server: ServerInfo
            do {
                server = try LibNotifyNotifier().serverInfo()
            } catch {
                FileHandle.standardError.write(Data("\(error.localizedDescription)\n".utf8))
                throw ExitCode.failure
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            FileHandle.standardOutput.write(try encoder.encode(server) + Data("\n".utf8))
        }
    }
}
