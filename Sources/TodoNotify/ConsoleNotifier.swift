import FoundationEssentials
import TodoCore
import Synchronization

/// Writes each notification as one line of text, for when no notification
/// server can be reached (no desktop session, a headless machine, a test).
///
/// Each line reads `[reminder] Pay rent — Due today at 17:00 — Bring the cheque book`:
/// the summary, then the body's lines as plain text, markup removed. A console
/// offers no actions, so the body ends with the commands that do what they
/// would (`— todo-remind done 42 — todo-remind snooze 42`).
/// `serverInfo()` answers with `ServerInfo.console` rather than throwing: the
/// console is where the notifications go, and it is always there.
public final class ConsoleNotifier: Notifier {
    private let write: @Sendable (String) -> Void
    private let lastID = Mutex<UInt32>(0)

    /// - Parameter write: Receives each line, without a line break; called on
    ///   the thread that calls `show`.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Writes the notification's line and returns a sequence number, the
    /// console's stand-in for a server id.
    public func show(_ notification: ReminderNotification) throws(NotifyError) -> UInt32 {
        write(Self.line(for: notification))
        return lastID.withLock { id in
            id = id == .max ? 1 : id + 1
            return id
        }
    }

    public func serverInfo() throws(NotifyError) -> ServerInfo {
        .console
    }

    /// A line written stays written.
    public func close(_ owner: Reminder.Owner) {}

    /// The notification on one line, as `show` writes it.
    public static func line(for notification: ReminderNotification) -> String {
        var parts = [oneLine(notification.summary)]
        parts += Markup.plainText(notification.body(showingActions: false))
            .split(whereSeparator: \.isNewline)
            .map { oneLine(String($0)) }
            .filter { !$0.isEmpty }
        return "[reminder] " + parts.joined(separator: " — ")
    }

    /// The text with control characters (line breaks, tabs) turned into spaces.
    private static func oneLine(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
        return String(String.UnicodeScalarView(scalars)).trimmingSpaces()
    }
}
