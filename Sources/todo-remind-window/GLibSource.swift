import CAdwaita

/// Work given to GLib's loop: a timeout, or a file descriptor to watch. The
/// closure is kept until the source is removed; it runs on the loop's
/// thread, the main actor's.
@MainActor
final class GLibSource {
    private let body: @MainActor () -> Bool
    private var id: guint = 0

    private init(_ body: @escaping @MainActor () -> Bool) {
        self.body = body
    }

    /// Runs `body` once after `milliseconds`.
    static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> GLibSource {
        let source = GLibSource { body(); return false }
        let data = Unmanaged.passRetained(source).toOpaque()
        source.id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            guard let data else { return 0 }
            let source = Unmanaged<GLibSource>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { source.fire() } ? 1 : 0
        }, data, { data in
            guard let data else { return }
            Unmanaged<GLibSource>.fromOpaque(data).release()
        })
        return source
    }

    /// Runs `body` each time `fd` is readable, for as long as the loop runs.
    static func watching(fd: Int32, _ body: @escaping @MainActor () -> Void) -> GLibSource {
        let source = GLibSource { body(); return true }
        // Kept for the life of the window, which is the life of the process.
        let data = Unmanaged.passRetained(source).toOpaque()
        source.id = todo_watch_fd(fd, { _, _, data in
            guard let data else { return 0 }
            let source = Unmanaged<GLibSource>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { source.fire() } ? 1 : 0
        }, data)
        return source
    }

    private func fire() -> Bool {
        let again = body()
        if !again { id = 0 }
        return again
    }

    /// Removes a timeout that has not fired yet.
    func cancel() {
        guard id != 0 else { return }
        g_source_remove(id)
        id = 0
    }
}
