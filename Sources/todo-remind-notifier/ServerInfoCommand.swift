import ArgumentParser
import FoundationEssentials
import TodoCore
import TodoLibNotify
import TodoLinux
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
                StandardStream.error.write("\(error.readableDescription)\n")
                throw ExitCode.failure
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            StandardStream.output.write(try encoder.encode(server) + Data("\n".utf8))
        }
    }
}
