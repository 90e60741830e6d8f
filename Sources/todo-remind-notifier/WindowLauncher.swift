import FoundationEssentials
import TodoLinux
import TodoNotify

/// Opens the desktop window on a task when its bubble is clicked: the
/// window installed beside the notifier (`todo-remind-window`), on the
/// daemon's store and config, started on its own so that the daemon never
/// waits for it (the window outlives the shell that starts it, which ends
/// at once) and never holds its output.
struct WindowLauncher: Sendable {
    let windowPath: String
    let storePath: String
    let configPath: String?

    /// The launcher, when the window is installed beside this binary.
    init?(storePath: String, configPath: String?) {
        guard let executable = RunningExecutable.url else { return nil }
        let path = executable.deletingLastPathComponent().appendingPathComponent("todo-remind-window").path
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        windowPath = path
        self.storePath = storePath
        self.configPath = configPath
    }

    /// The window's command line for `task`.
    func arguments(task: Int64) -> [String] {
        ["--store", storePath] + (configPath.map { ["--config", $0] } ?? []) + ["--task", String(task)]
    }

    /// Starts the window on `task`: raised, with the task selected, when it
    /// is open already (one window per store).
    func open(task: Int64) throws {
        // sh puts the window in the background with no output of ours and
        // ends; the window goes on without it.
        _ = try SpawnedProgram.run("/bin/sh", ["-c", "\"$0\" \"$@\" </dev/null >/dev/null 2>&1 &", windowPath] + arguments(task: task))
    }
}
