import CLinux
import Glibc

/// A thread of the system (pthread_create), detached, that runs `body` for
/// as long as it returns: the daemon's delivery workers and the GLib loop.
///
/// Foundation's `Thread` did the same; this keeps the binaries off
/// Foundation.
public enum SystemThread {
    /// Starts a detached thread named `name` (pthread_setname_np, cut to
    /// the 15 bytes Linux keeps) that runs `body`.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let body = Unmanaged<Body>.fromOpaque(argument).takeRetainedValue()
            // Named from inside, where the thread is sure to exist.
            _ = pthread_setname_np(pthread_self(), String(decoding: body.name.utf8.prefix(15), as: UTF8.self))
            body.run()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            Syscall.impossible(SystemError(call: "pthread_create", errno: Errno(rawValue: result)))
        }
        pthread_detach(thread)
    }

    private final class Body: Sendable {
        let name: String
        let run: @Sendable () -> Void

        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}
