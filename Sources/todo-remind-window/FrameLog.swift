import CAdwaita
import FoundationEssentials
import Glibc

/// When `TODO_REMIND_WINDOW_FRAMES` names a file, the window writes there
/// the moment each of its frames was painted ("frame NS") and each time the
/// list was brought up to date after a change ("change NS"), in
/// CLOCK_MONOTONIC nanoseconds, one a line: what `make bench-window`
/// measures the first frame and a key's way to the screen by (the first
/// frame painted after the change the key made). Nothing is written without it.
@MainActor
enum FrameLog {
    private static var fd: Int32 = -1

    static func start(window: UnsafeMutablePointer<GtkWidget>) {
        guard let path = ProcessInfo.processInfo.environment["TODO_REMIND_WINDOW_FRAMES"],
              let clock = gtk_widget_get_frame_clock(window) else { return }
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        SignalHandler.connect(UnsafeMutableRawPointer(clock), "after-paint") { _ in note("frame") }
    }

    /// The list shows the model as it is now.
    static func noteChange() {
        note("change")
    }

    private static func note(_ what: String) {
        guard fd >= 0 else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let line = "\(what) \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n"
        _ = line.withCString { write(fd, $0, strlen($0)) }
    }
}
