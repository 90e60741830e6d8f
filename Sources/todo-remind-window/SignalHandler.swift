import CAdwaita

/// A Swift closure given to GLib as a signal handler's data: retained while
/// the handler is connected, released by GLib (the destroy notify) when it is
/// disconnected or its emitter is finalized. Every GTK signal is emitted on
/// the main thread, in GLib's loop, which is the main actor's thread.
final class SignalHandler {
    let body: @MainActor (UnsafeMutableRawPointer?) -> Void

    init(_ body: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) {
        self.body = body
    }

    /// Connects `body` to `signal` of `instance`; for a signal with an
    /// argument beside its emitter, `body` receives that argument, else nil.
    @MainActor
    static func connect(_ instance: UnsafeMutableRawPointer?, _ signal: String, withArgument: Bool = false,
                        _ body: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) {
        let data = Unmanaged.passRetained(SignalHandler(body)).toOpaque()
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<SignalHandler>.fromOpaque(data).release()
        }
        if withArgument {
            todo_connect1(instance, signal, { _, argument, data in
                guard let data else { return }
                let handler = Unmanaged<SignalHandler>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { handler.body(argument) }
            }, data, release)
        } else {
            todo_connect(instance, signal, { _, data in
                guard let data else { return }
                let handler = Unmanaged<SignalHandler>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { handler.body(nil) }
            }, data, release)
        }
    }
}
