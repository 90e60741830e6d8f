import TodoCore

/// How insistently the notification server should present a notification
/// (the `urgency` hint of the Desktop Notifications specification).
public enum Urgency: String, CaseIterable, Sendable {
    case low
    case normal
    case critical

    /// The urgency a task's priority asks for: critical for high, normal for
    /// medium, low for low.
    public init(_ priority: Priority) {
        switch priority {
        case .low: self = .low
        case .medium: self = .normal
        case .high: self = .critical
        }
    }
}
