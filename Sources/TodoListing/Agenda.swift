import FoundationEssentials
import TodoCore
import TodoRecurrence
import TodoStore
import TodoSync

/// Day by day, the calendar events and the tasks due (`todo-remind agenda`),
/// each with its coming reminders, as khal's `list` shows events.
public struct Agenda: Sendable {
    /// One occurrence of an event on a day.
    public struct EventEntry: Hashable, Sendable {
        public let eventID: Int64
        public let occurrence: EventOccurrence
        /// The name of the list (the `[[calendar]]` folder) it is in.
        public let calendar: String
        /// Its alarms still to come after now, earliest first (none for a
        /// folder whose events do not fire, or an occurrence that never does).
        public let reminders: [Date]
        /// Whether one of `my-addresses` declined it.
        public let isDeclined: Bool
    }

    /// A task due on a day, with its next reminder as the daemon will show it.
    public struct TaskEntry: Hashable, Sendable {
        public let task: TodoTask
        public let next: Firing?
    }

    public struct Day: Hashable, Sendable {
        public let day: LocalDay
        /// All-day ones first, then by start.
        public var events: [EventEntry] = []
        /// By due, timed ones by their time, day ones last.
        public var tasks: [TaskEntry] = []
    }

    public let days: [Day]

    /// The agenda of `count` days from `first`, as seen at `now`.
    public init(store: TaskStore, lists: ConfiguredLists, timeRules: TimeRules, from first: LocalDay, count: Int, now: Date) throws {
        let clock = timeRules.clock
        let dayList = (0..<max(1, count)).map { first.adding(days: $0) }
        var days = dayList.map { Day(day: $0) }
        let start = clock.startOfDay(first)
        let end = clock.startOfDay(first.adding(days: max(1, count)))
        let names = Dictionary(lists.lists.map { ($0.path, $0.name) }, uniquingKeysWith: { first, _ in first })
        for (id, folder, series) in try store.events(overlapping: start, end) {
            guard let recurrence = try? EventRecurrence(series: series, localZone: clock.timeZone) else { continue }
            let occurrences = recurrence.occurrences(overlapping: start, end)
            guard !occurrences.isEmpty else { continue }
            let list = lists.list(atPath: folder)
            var alarms: [Reminder.Occurrence: [Date]] = [:]
            if let list, list.events, let last = occurrences.map(\.end).max() {
                let settings = EventRecurrence.AlarmSettings(defaultAlarm: list.eventDefaultAlarm, addresses: lists.addresses)
                for alarm in recurrence.alarms(from: now, before: max(last, now).addingTimeInterval(1), settings: settings) {
                    alarms[alarm.occurrence.id, default: []].append(alarm.at)
                }
            }
            for occurrence in occurrences {
                let entry = EventEntry(
                    eventID: id, occurrence: occurrence, calendar: names[folder] ?? folder.lastPathComponent,
                    reminders: alarms[occurrence.id] ?? [], isDeclined: occurrence.details.isDeclined(by: lists.addresses)
                )
                for index in days.indices {
                    let dayStart = clock.startOfDay(days[index].day)
                    let dayEnd = clock.startOfDay(days[index].day.adding(days: 1))
                    let overlaps = occurrence.days.map { $0.contains(days[index].day) }
                        ?? (occurrence.start < dayEnd && (occurrence.end > dayStart || occurrence.start >= dayStart))
                    if overlaps { days[index].events.append(entry) }
                }
            }
        }
        let dailyInstants = timeRules.forecastDailyInstants(after: now)
        for task in try store.tasks(TaskQuery()) {
            guard let due = task.due else { continue }
            let day: LocalDay = switch due {
            case .day(let day): day
            case .time(let instant): clock.day(of: instant)
            }
            guard let index = dayList.firstIndex(of: day) else { continue }
            days[index].tasks.append(TaskEntry(task: task, next: timeRules.nextFiring(for: task, after: now, dailyInstants: dailyInstants)))
        }
        for index in days.indices {
            days[index].events.sort { a, b in
                if a.occurrence.isAllDay != b.occurrence.isAllDay { return a.occurrence.isAllDay }
                return (a.occurrence.start, a.occurrence.details.summary ?? "", a.eventID) < (b.occurrence.start, b.occurrence.details.summary ?? "", b.eventID)
            }
            days[index].tasks.sort { a, b in
                let (x, y) = (a.task.due?.sortKey ?? 0, b.task.due?.sortKey ?? 0)
                return x != y ? x < y : a.task.id < b.task.id
            }
        }
        self.days = days
    }
}
