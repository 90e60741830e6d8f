import TodoCore
import TodoNotify

/// Shows reminders as desktop notifications through libnotify, on the session D-Bus.
///
/// All instances share one thread that runs a GLib main loop; every libnotify
/// call happens there (see `GLibLoopThread`), so the notifier can be used from
/// any thread. A call blocks its caller until the server answers: at most
/// `responseTimeout` when the server is hung before the call, and libnotify's
/// own 25 s if it hangs in the middle of one. Calls from several threads wait
/// for the server side by side, none behind another.
///
/// A notification is kept alive until the server says its bubble is closed;
/// a later reminder for the same task while the bubble is still open replaces it.
///
/// ## Actions
///
/// Given an `onAction` handler, the notifier offers each notification's
/// `actions` on servers that advertise the "actions" capability (asked once
/// per server process, and again when another process takes the name). On
/// other servers, or without a handler, the bubble carries no actions and its
/// body ends with the equivalent commands (`ReminderNotification.body(showingActions:)`).
///
/// When a person invokes an action, `onAction` receives it **on the GLib loop
/// thread**, where every other libnotify call waits meanwhile: hand the work
/// off at once (queue it and signal the daemon's wake-up) rather than doing it
/// there. When the handler returns, the notifier asks the server to close the
/// bubble, whatever the action, "default" (the bubble clicked, which only
/// dismisses it) included.
public final class LibNotifyNotifier: Notifier {
    /// The app name for notifications that give none, and for `notify_init`.
    public let appName: String
    /// How long to wait for the server's answer before deciding it is hung.
    public let responseTimeout: Duration
    private let onAction: (@Sendable (ActionInvocation) -> Void)?
    private let engine = LibNotifyEngine.shared

    /// - Parameter onAction: Receives each action invoked on a bubble this
    ///   notifier showed, on the GLib loop thread; it must return quickly.
    ///   Without it, notifications are shown without actions.
    public init(
        appName: String = ReminderNotification.defaultAppName,
        responseTimeout: Duration = .seconds(5),
        onAction: (@Sendable (ActionInvocation) -> Void)? = nil
    ) {
        self.appName = appName
        self.responseTimeout = responseTimeout
        self.onAction = onAction
    }

    /// The server is asked whether it answers first, with `responseTimeout`,
    /// from the calling thread; the notification is then prepared on the
    /// GLib loop thread and sent from the calling thread again, so that
    /// shows from several threads wait for a slow server side by side.
    public func show(_ notification: ReminderNotification) throws(NotifyError) -> UInt32 {
        let (engine, appName, timeout, onAction) = (engine, appName, responseTimeout, onAction)
        let sender: String?
        switch LibNotifyEngine.probe(timeout: timeout) {
        case .success(let answered):
            sender = answered
        case .failure(let error):
            if error.isServerUnreachable { engine.loop.perform { engine.serverUnreachable() } }
            throw error
        }
        let prepared = try engine.loop.perform {
            engine.prepare(notification, defaultAppName: appName, timeout: timeout, answeredBy: sender, onAction: onAction)
        }.get()
        let result = LibNotifyEngine.send(prepared)
        engine.loop.perform { engine.finish(prepared, result: result) }
        return try result.get()
    }

    public func serverInfo() throws(NotifyError) -> ServerInfo {
        let (engine, timeout) = (engine, responseTimeout)
        return try engine.loop.perform { engine.serverInfo(timeout: timeout) }.get()
    }

    public func close(_ owner: Reminder.Owner) {
        let engine = engine
        engine.loop.perform { engine.close(owner) }
    }

    /// The server id of each task's notification whose bubble is still open, as
    /// far as this process knows: an entry goes when the server says it closed.
    public func openNotifications() -> [Int64: UInt32] {
        let engine = engine
        return engine.loop.perform { engine.openNotifications() }
    }
}
