import FoundationEssentials

/// A reminder set on a task beside todo-remind's own two (the reminder time
/// on the due day, the due time): "15 minutes before", "a day before",
/// "when it starts", or "at 08:30 on 1 December", as `--remind` sets it or
/// another client's VALARM says it.
public enum TaskAlarm: Hashable, Sendable {
    /// Elapsed seconds from the due's anchor, negative before it: a timed
    /// due's instant, or the start of a due day (where Thunderbird anchors
    /// `TRIGGER;RELATED=END` on a date). Each occurrence of a repeating task
    /// gets its own.
    case relative(seconds: Int)
    /// Elapsed seconds from the start's anchor (`TodoTask.start`: its
    /// instant, or the start of its day), negative before it: `--remind
    /// start`, `-1d@start`, a file's `TRIGGER;RELATED=START`. A task without
    /// a start counts from its due's anchor, as a repeating task's file
    /// starts it at its due. Unlike the others, it fires while the task is
    /// still waiting to start (`TimeRules.isBeforeStart`).
    case relativeToStart(seconds: Int)
    /// At this instant, once.
    case absolute(Date)

    /// The offsets a relative alarm may have: a century (of 366 days) either
    /// way. Every way in keeps to it (`--remind`, import, another client's
    /// VALARM), and the store refuses a row past it as damage: one Int.max
    /// offset trapped where its instant was computed.
    public static let offsets: ClosedRange<Int> = -3_162_240_000...3_162_240_000
}
