/// Shows reminders as desktop notifications through libnotify, on the session D-Bus.
///
/// All instances share one thread that runs a GLib main loop; every libnotify
/// call happens there (see `GLibLoopThread`), so the notifier can be used from
/// any thread. A call blocks its caller until the server answers: at most
/// `responseTimeout` when the server is hung before the call, and libnotify's
/// own 25 s if it hangs in the middle of one. Calls are served one at a time.
///
/// A notification is kept alive until the server says its bubble is closed;
/// a later reminder for the same task while the bubble is still open replaces it.
public final class LibNotifyNotifier: Notifier {
    /// The app name for notifications that give none, and for `notify_init`.
    public let appName: String
    /// How long to wait for the server's answer before deciding it is hung.
    public let responseTimeout: Duration
    private let engine = LibNotifyEngine.shared

    public init(appName: String = ReminderNotification.defaultAppName, responseTimeout: Duration = .seconds(5)) {
        self.appName = appName
        self.responseTimeout = responseTimeout
    }

    public func show(_ notification: ReminderNotification) throws(NotifyError) -> UInt32 {
        let (engine, appName, timeout) = (engine, appName, responseTimeout)
        return try engine.loop.perform {
            engine.show(notification, defaultAppName: appName, timeout: timeout)
        }.get()
    }

    public func serverInfo() throws(NotifyError) -> ServerInfo {
        let (engine, timeout) = (engine, responseTimeout)
        return try engine.loop.perform { engine.serverInfo(timeout: timeout) }.get()
    }

    /// The server id of each task's notification whose bubble is still open, as
    /// far as this process knows: an entry goes when the server says it closed.
    public func openNotifications() -> [Int64: UInt32] {
        let engine = engine
        return engine.loop.perform { engine.openNotifications() }
    }
}
