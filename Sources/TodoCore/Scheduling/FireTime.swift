import FoundationEssentials

/// When a reminder actually fires, once quiet hours have had their say.
public struct FireTime: Hashable, Sendable {
    /// The instant to show it: its own, or the end of the quiet hours it fell in.
    public let at: Date
    /// Whether quiet hours held it back from its own instant (a notification
    /// says so: "held since 23:00").
    public let isHeld: Bool

    public init(at: Date, isHeld: Bool) {
        self.at = at
        self.isHeld = isHeld
    }
}
