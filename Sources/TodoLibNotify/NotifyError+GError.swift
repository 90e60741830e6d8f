import CLibNotify
import TodoNotify

extension NotifyError {
    /// The error a GError from GDBus or libnotify stands for.
    ///
    /// - Parameters:
    ///   - error: Borrowed; the caller frees it.
    ///   - timeout: How long the failed call waited, for a time-out's message.
    ///   - fromBusConnection: Whether it came from connecting to the session bus
    ///     itself, where every failure means there is no usable bus.
    init(_ error: UnsafeMutablePointer<GError>, timeout: Duration, fromBusConnection: Bool = false) {
        let domain = error.pointee.domain
        let code = error.pointee.code
        let reason = Self.reason(of: error)
        if domain == g_io_error_quark() {
            switch code {
            case Int32(G_IO_ERROR_TIMED_OUT.rawValue):
                self = .timedOut(after: timeout)
            case Int32(G_IO_ERROR_CANCELLED.rawValue):
                self = .failed(reason: reason)
            default:
                // "Cannot autolaunch D-Bus without X11 $DISPLAY", "Could not connect:
                // No such file or directory", the connection closed...: all about the bus.
                self = .noSessionBus(reason: reason)
            }
            return
        }
        if fromBusConnection {
            self = .noSessionBus(reason: reason)
            return
        }
        guard domain == g_dbus_error_quark() else {
            self = .failed(reason: reason)
            return
        }
        switch GDBusError(UInt32(bitPattern: code)) {
        case G_DBUS_ERROR_TIMEOUT, G_DBUS_ERROR_TIMED_OUT:
            self = .timedOut(after: timeout)
        case G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_NO_REPLY,
             G_DBUS_ERROR_SPAWN_EXEC_FAILED, G_DBUS_ERROR_SPAWN_FORK_FAILED, G_DBUS_ERROR_SPAWN_CHILD_EXITED,
             G_DBUS_ERROR_SPAWN_CHILD_SIGNALED, G_DBUS_ERROR_SPAWN_FAILED, G_DBUS_ERROR_SPAWN_SETUP_FAILED,
             G_DBUS_ERROR_SPAWN_CONFIG_INVALID, G_DBUS_ERROR_SPAWN_SERVICE_INVALID,
             G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND, G_DBUS_ERROR_SPAWN_PERMISSIONS_INVALID,
             G_DBUS_ERROR_SPAWN_FILE_INVALID, G_DBUS_ERROR_SPAWN_NO_MEMORY:
            // Nobody owns the name, and the bus could not start a server (no
            // .service file, or the one it names failed to start); NoReply: the
            // server left the bus without answering.
            self = .noServer(reason: reason)
        case G_DBUS_ERROR_DISCONNECTED, G_DBUS_ERROR_NO_SERVER, G_DBUS_ERROR_BAD_ADDRESS,
             G_DBUS_ERROR_AUTH_FAILED, G_DBUS_ERROR_FILE_NOT_FOUND:
            self = .noSessionBus(reason: reason)
        default:
            self = .refused(reason: reason)
        }
    }

    /// The GError's message without GDBus's "GDBus.Error:org.freedesktop…: " prefix
    /// or a final full stop, so that it reads well inside a sentence.
    private static func reason(of error: UnsafeMutablePointer<GError>) -> String {
        _ = g_dbus_error_strip_remote_error(error)
        var text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
