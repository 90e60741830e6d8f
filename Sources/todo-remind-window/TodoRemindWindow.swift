import CAdwaita
import FoundationEssentials
import Glibc
import TodoConfig
import TodoCore
import TodoLinux
import TodoStore
import TodoSync
import TodoViewModel
import TodoWindow

/// `todo-remind-window`: the desktop window, which `todo-remind window` and
/// the desktop file start. An executable of its own, so that no other
/// command loads GTK. It reads the store and the config as every command
/// does (`--store`, `--config`, `TODO_REMIND_STORE`, `TZ`).
@main
enum TodoRemindWindow {
    static func main() {
        do {
            let options = try WindowOptions(Array(CommandLine.arguments.dropFirst()))
            if options.showsHelp {
                StandardStream.output.write(WindowOptions.help)
                return
            }
            if options.showsVersion {
                StandardStream.output.write(BuildInfo.description + "\n")
                return
            }
            let environment = ProcessInfo.processInfo.environment
            let zone = SystemTimeZone.choice(tz: environment["TZ"])
            let configFile = ConfigFile.resolve(explicit: options.config, environment: environment)
            let settings = try configFile.load()
            let lists = ConfiguredLists(settings.calendars, home: environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path,
                                        addresses: settings.addresses)
            let storePath = StoreLocation(explicit: options.store, environment: environment).path
            let store = try TaskStore(path: storePath, connections: .kept, author: .view(session: UUID().uuidString))
            defer { try? store.close() }
            let data = ViewStore(store: store, settings: settings, lists: lists, zone: zone.zone)
            let listPath = try options.list.map { try lists.list(named: $0).path }
            let status = MainActor.assumeIsolated {
                WindowApplication(data: data, list: listPath, task: options.task).run()
            }
            exit(status)
        } catch {
            StandardStream.error.write("Error: \(TaskForm.sentence(error).safeForTerminal)\n")
            exit(1)
        }
    }
}
