import CAdwaita
import FoundationEssentials
import Glibc
import TodoCore
import TodoLinux
import TodoViewModel

/// The application: one instance per store in a desktop session (a second
/// launch on the same store raises the first window, as GApplication does),
/// libadwaita's style (dark when the desktop is), and the accelerators of
/// the window's actions.
@MainActor
final class WindowApplication {
    static let id = "io.github.todo_remind.Window"
    private let data: ViewStore
    private let list: String?
    private let task: Int64?
    private var window: TaskListWindow?

    init(data: ViewStore, list: String?, task: Int64?) {
        self.data = data
        self.list = list
        self.task = task
    }

    /// Runs GLib's loop until the window closes; returns the exit status.
    func run() -> Int32 {
        guard let application = adw_application_new(Self.id(store: data.store.path), G_APPLICATION_DEFAULT_FLAGS) else { return 1 }
        defer { g_object_unref(application) }
        SignalHandler.connect(UnsafeMutableRawPointer(application), "activate") { [self] _ in
            activate(todo_gtk_application(UnsafeMutableRawPointer(application)))
        }
        // GApplication reads no option of ours: the window's own are read already.
        let name = strdup(CommandLine.arguments.first ?? "todo-remind-window")
        defer { free(name) }
        var argv: [UnsafeMutablePointer<CChar>?] = [name, nil]
        return g_application_run(todo_application(UnsafeMutableRawPointer(application)), 1, &argv)
    }

    /// The application's id on the session bus: `id` and the hash of the
    /// store's path, so that each store has its one window (a person's one
    /// store, one window; a test's store, a window of its own).
    static func id(store path: String) -> String {
        // FNV-1a: the same in every run, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return id + ".Store" + String(hash, radix: 16)
    }

    private func activate(_ application: UnsafeMutablePointer<GtkApplication>?) {
        if let window {
            window.present()
            return
        }
        for (action, keys) in TaskListWindow.accelerators {
            if keys.count == 2 {
                todo_set_accels2(application, action, keys[0], keys[1])
            } else {
                todo_set_accel(application, action, keys[0])
            }
        }
        do {
            let window = try TaskListWindow(application: application, data: data, list: list, now: Date())
            self.window = window
            if let task { window.select(task: task) }
            window.present()
        } catch {
            StandardStream.error.write("Error: \(TaskForm.sentence(error).safeForTerminal)\n")
            g_application_quit(todo_application(UnsafeMutableRawPointer(application)))
        }
    }
}
