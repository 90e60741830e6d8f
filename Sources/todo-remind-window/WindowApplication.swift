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
    private(set) var window: TaskListWindow?

    init(data: ViewStore, list: String?, task: Int64?) {
        self.data = data
        self.list = list
        self.task = task
    }

    /// Runs GLib's loop until the window closes; returns the exit status.
    func run() -> Int32 {
        guard let application = adw_application_new(Self.id(store: data.store.path), G_APPLICATION_HANDLES_OPEN) else { return 1 }
        defer { g_object_unref(application) }
        SignalHandler.connect(UnsafeMutableRawPointer(application), "activate") { [self] _ in
            activate(todo_gtk_application(UnsafeMutableRawPointer(application)))
        }
        // A launch with --task, in this process or a second one: the task
        // comes as a URI to open, which GApplication hands to the instance
        // that runs.
        let this = Unmanaged.passUnretained(self).toOpaque()
        todo_connect_open(todo_application(UnsafeMutableRawPointer(application)), { application, files, count, _, data in
            guard let data, let files else { return }
            let uris = (0..<Int(count)).compactMap { files[$0].flatMap { g_file_get_uri($0) } }
            let tasks = uris.compactMap { uri -> Int64? in
                defer { g_free(uri) }
                return WindowApplication.task(uri: String(cString: uri))
            }
            let window = Unmanaged<WindowApplication>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated {
                window.activate(todo_gtk_application(UnsafeMutableRawPointer(application)))
                if let task = tasks.last { window.window?.select(task: task) }
            }
        }, this)
        // GApplication reads no option of ours (they are read already): the
        // program's name, and the task to open.
        let words = [CommandLine.arguments.first ?? "todo-remind-window"] + (task.map { [Self.uri(task: $0)] } ?? [])
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return g_application_run(todo_application(UnsafeMutableRawPointer(application)), Int32(words.count), &argv)
    }

    /// The URI a task is opened by: `todo-remind-task:ID`.
    static func uri(task: Int64) -> String { "todo-remind-task:\(task)" }

    /// The task of a URI `uri(task:)` made; nil for any other.
    static func task(uri: String) -> Int64? {
        guard uri.hasPrefix("todo-remind-task:") else { return nil }
        return Int64(uri.dropFirst("todo-remind-task:".count))
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

    func activate(_ application: UnsafeMutablePointer<GtkApplication>?) {
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
            window.present()
        } catch {
            StandardStream.error.write("Error: \(TaskForm.sentence(error).safeForTerminal)\n")
            g_application_quit(todo_application(UnsafeMutableRawPointer(application)))
        }
    }
}
