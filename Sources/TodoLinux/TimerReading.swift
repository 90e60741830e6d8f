/// What reading a timer's descriptor found, once the event loop said it was ready.
public enum TimerReading: Hashable, Sendable {
    /// The timer expired.
    case fired
    /// The wall clock was set (by hand, by NTP stepping it, after a resume):
    /// the timer did not fire, and the plan it was armed for may be wrong, so
    /// re-plan and arm it again. Only a `WallClockTimer` reports this.
    case clockChanged
    /// Nothing to read after all: another reader got there first, or the
    /// timer was re-armed since the loop saw it ready. Ignore it.
    case spurious
}
