import FoundationEssentials
import TodoCore

/// Words a reminder's notification: pure, so every wording can be tested with an
/// injected `now` and time zone.
///
/// The summary is the task's title, its controls and hidden format characters
/// shown as `list` shows them (`String.safeForTerminal`): a synced title's
/// U+202E cannot turn the bubble's text around. The body's first line says when
/// the task is due, relative to the moment the notification is shown:
///
///     Due today                         a day task, its morning reminder
///     Due today at 17:00                a timed task
///     Due tomorrow at 08:30             a timed task due before the reminder time
///     Due Fri 27 Nov at 17:00
///     Due now                           at its due time
///     Overdue since 09:00               shown after the due instant
///     Due today at 17:00 · missed at 09:00
///     Overdue since 09:00 · missed at 09:00
///
/// "missed" marks a reminder that was not shown on time
/// (`ReminderPolicy.isOnTime`: the daemon was not running, or the machine slept). The task's notes follow on
/// the next lines, escaped for markup.
///
/// Each notification carries `actions` (see `NotificationAction.reminderActions`);
/// a notifier that cannot offer them appends the equivalent commands to the
/// body instead (`ReminderNotification.body(showingActions:)`).
public struct ReminderComposer: Sendable {
    public let timeRules: TimeRules
    public let iconPath: String?
    /// The actions of every reminder; none by default.
    public let actions: [NotificationAction]

    public init(timeRules: TimeRules, iconPath: String?, actions: [NotificationAction] = []) {
        self.timeRules = timeRules
        self.iconPath = iconPath
        self.actions = actions
    }

    /// The notification for `reminder` of `task`, shown at `now`; `isHeld`
    /// when quiet hours held it back from its own instant.
    public func notification(for task: TodoTask, reminder: Reminder, firedAt now: Date,
                             isHeld: Bool = false) -> ReminderNotification {
        ReminderNotification(
            summary: task.title.safeForTerminal,
            body: body(for: task, reminder: reminder, firedAt: now, isHeld: isHeld),
            urgency: Urgency(task.priority),
            iconPath: iconPath,
            owner: .task(task.id),
            actions: actions
        )
    }

    /// The body, as markup: when the task is due, then its notes escaped.
    public func body(for task: TodoTask, reminder: Reminder, firedAt now: Date, isHeld: Bool = false) -> String {
        var body = Markup.escape(headline(for: task, reminder: reminder, firedAt: now, isHeld: isHeld))
        if let notes = task.notes, !notes.isEmpty {
            body += "\n" + Markup.escape(notes)
        }
        return body
    }

    /// The first line, as plain text: "Due today at 17:00 · missed at 09:00",
    /// or for a reminder quiet hours held, "Due today · held for quiet hours"
    /// (held, not missed: it was late by design).
    public func headline(for task: TodoTask, reminder: Reminder, firedAt now: Date, isHeld: Bool = false) -> String {
        let missed = !ReminderPolicy.isOnTime(shownAt: now, fireTime: reminder.at)
        var line = dueWords(for: task, onTime: !missed, at: now)
        if isHeld {
            line += " · held for quiet hours"
        } else if missed {
            let (day, time) = words(for: reminder.at, at: now)
            line += " · missed " + (day.map { "\($0) at \(time)" } ?? "at \(time)")
        }
        return line
    }

    /// The one notification of a digest: its summary ("5 tasks today · 2
    /// overdue"), a line per task, escaped, most urgent first, and the urgency
    /// of its most urgent task.
    ///
    /// It stands for no single task: its owner is the digest, so a new
    /// digest replaces one still open. Its actions are a bubble's, for
    /// every task it lists: Mark all done, Snooze all for each choice, and
    /// Dismiss (the daemon knows the tasks of the digest it showed).
    public func digestNotification(_ digest: Digest) -> ReminderNotification {
        let priority = digest.items.map(\.task.priority).max() ?? .medium
        return ReminderNotification(
            summary: digestSummary(digest),
            body: digestBodyLines(digest).map { Markup.escape($0.safeForTerminal) }.joined(separator: "\n"),
            urgency: Urgency(priority),
            iconPath: iconPath,
            owner: .digest,
            actions: actions.map(Self.forAll)
        )
    }

    /// The notification of a calendar event's alarm, shown at `now`: the
    /// event's summary; its body says when it is ("in 10 min · 10:00–11:00",
    /// "tomorrow, all day"; "missed at 09:50" when late, "held for quiet
    /// hours" when held), then its location and the calendar's name, escaped.
    /// Its actions are the Snooze choices and Dismiss: an event is not done.
    public func notification(for event: ReminderOf<EventInstance>, calendar: String, firedAt now: Date,
                             isHeld: Bool = false) -> ReminderNotification {
        let occurrence = event.subject.occurrence
        var line = EventWords(clock: timeRules.clock, now: now).when(occurrence)
        if isHeld {
            line += " · held for quiet hours"
        } else if !ReminderPolicy.isOnTime(shownAt: now, fireTime: event.reminder.at) {
            let (day, time) = words(for: event.reminder.at, at: now)
            line += " · missed " + (day.map { "\($0) at \(time)" } ?? "at \(time)")
        }
        var body = [line]
        if let location = occurrence.details.location, !location.isEmpty { body.append(location) }
        body.append(calendar)
        return ReminderNotification(
            summary: occurrence.details.summary?.safeForTerminal ?? "Event",
            body: body.map(Markup.escape).joined(separator: "\n"),
            urgency: Urgency(occurrence.details.priority),
            iconPath: iconPath,
            owner: BubbleOwner(event.reminder.owner),
            actions: actions.filter { $0.request != .markDone }
        )
    }

    /// A bubble's action as a digest offers it, for every task it lists:
    /// "Mark all done", "Snooze all 1 hour"; the same key.
    static func forAll(_ action: NotificationAction) -> NotificationAction {
        switch action.request {
        case .markDone?: NotificationAction(key: action.key, label: "Mark all done")
        case .snooze?: NotificationAction(key: action.key, label: "Snooze all" + action.label.dropFirst("Snooze".count))
        case .dismiss?, nil: action
        }
    }

    /// "Due today", "Due tomorrow at 08:30", "Due now", "Overdue since 09:00".
    private func dueWords(for task: TodoTask, onTime: Bool, at now: Date) -> String {
        switch task.due {
        case nil:
            return "Reminder"
        case .day(let day):
            let dayWords = DateText(clock: timeRules.clock, now: now).day(day)
            if now >= timeRules.dueInstant(of: .day(day)) {
                return "Overdue: was due \(dayWords)"
            }
            return "Due \(dayWords)"
        case .time(let instant):
            // A reminder shown on time at the due instant is the at-due-time
            // one, give or take the timer's precision.
            if onTime, ReminderPolicy.isOnTime(shownAt: now, fireTime: instant), now >= instant {
                return "Due now"
            }
            let (day, time) = words(for: instant, at: now)
            if now >= instant {
                return "Overdue since " + (day.map { "\($0) at \(time)" } ?? time)
            }
            return "Due \(day ?? "today") at \(time)"
        }
    }

    /// The local day of `instant` in words, nil when it is today, and its time
    /// of day: (nil, "17:00"), ("tomorrow", "08:30"), ("Fri 27 Nov", "17:00").
    private func words(for instant: Date, at now: Date) -> (day: String?, time: String) {
        let clock = timeRules.clock
        let day = clock.day(of: instant)
        let time = clock.timeOfDay(of: instant).description
        guard day != clock.day(of: now) else { return (nil, time) }
        return (DateText(clock: clock, now: now).day(day), time)
    }
}
