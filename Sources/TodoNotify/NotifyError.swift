import FoundationEssentials

/// Why a notification could not be shown, or the server could not be asked about itself.
public enum NotifyError: LocalizedError, Hashable, Sendable {
    /// No session D-Bus could be reached, so no notification server either.
    case noSessionBus(reason: String)
    /// The session bus is there but nothing owns `org.freedesktop.Notifications`,
    /// and the bus could not start a server.
    case noServer(reason: String)
    /// A server owns the name but did not answer in time: it is hung or overloaded.
    case timedOut(after: Duration)
    /// The server answered with an error.
    case refused(reason: String)
    /// Anything else libnotify or GLib reported.
    case failed(reason: String)

    public var errorDescription: String? { message }

    public var message: String {
        switch self {
        case .noSessionBus(let reason):
            "No session D-Bus is reachable (\(reason)): notifications need a desktop session, with DBUS_SESSION_BUS_ADDRESS set."
        case .noServer(let reason):
            "No notification server is running on the session bus (\(reason)): start one, such as dunst or the desktop's own, and try again."
        case .timedOut(let duration):
            "The notification server did not answer within \(Self.seconds(duration)): it owns org.freedesktop.Notifications but seems hung."
        case .refused(let reason):
            "The notification server refused the notification: \(reason)."
        case .failed(let reason):
            "libnotify failed to show the notification: \(reason)."
        }
    }

    /// Whether no server can be reached at all, as opposed to one that misbehaves:
    /// the case in which falling back to the console makes sense.
    public var isServerUnreachable: Bool {
        switch self {
        case .noSessionBus, .noServer: true
        case .timedOut, .refused, .failed: false
        }
    }

    /// "25 s", "0.5 s".
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return "\((value * 1000).rounded() / 1000) s"
    }
}
