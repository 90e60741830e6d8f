import FoundationEssentials
import TodoNotify

/// Finds the notification icon: installed beside the binary
/// (`PREFIX/share/icons/…` for `PREFIX/bin/todo-remind`), or in the source
/// tree's `Resources/` when run from a build folder.
enum IconLocator {
    static func iconPath() -> String? {
        guard let executable = RunningExecutable.url else { return nil }
        let bin = executable.deletingLastPathComponent()
        let candidates = [
            bin.appendingPathComponent("../share/icons/hicolor/scalable/apps/todo-remind.svg"),
            // .build/<triple>/<configuration>/todo-remind → the package root.
            bin.appendingPathComponent("../../../Resources/todo-remind.svg"),
        ]
        return candidates.map(\.standardizedFileURL.path).first { FileManager.default.fileExists(atPath: $0) }
    }
}
