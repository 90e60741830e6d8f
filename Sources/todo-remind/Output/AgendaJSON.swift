import TodoCore
import TodoListing

/// `agenda --json`: an array of days, each with its events and its tasks.
///
///     [{"day":"2026-12-01","events":[{"id":3,"summary":"Dentist","location":"Dr. Weber",
///       "calendar":"Personal","start":"2026-12-01T10:00:00+01:00","end":"…","allDay":false,
///       "cancelled":false,"declined":false,"reminders":["2026-12-01T09:50:00+01:00"]}],
///       "tasks":[{"id":12,"title":"Pay rent","due":"…","nextReminder":"…"}]}]
struct AgendaJSON {
    let clock: WallClock

    func write(_ agenda: Agenda, into output: OutputBuffer) {
        let json = JSONWriter(output: output)
        json.raw("[")
        for (dayIndex, day) in agenda.days.enumerated() {
            if dayIndex > 0 { json.raw(",") }
            json.raw("{")
            json.key("day")
            json.day(day.day)
            json.raw(",")
            json.key("events")
            json.raw("[")
            for (index, entry) in day.events.enumerated() {
                if index > 0 { json.raw(",") }
                let occurrence = entry.occurrence
                json.raw("{")
                json.field("id", int: entry.eventID)
                json.field("summary", string: occurrence.details.summary)
                json.field("location", string: occurrence.details.location)
                json.field("calendar", string: entry.calendar)
                json.span(of: occurrence, clock: clock)
                json.field("allDay", bool: occurrence.isAllDay)
                json.field("cancelled", bool: occurrence.details.isCancelled)
                json.field("declined", bool: entry.isDeclined)
                json.key("reminders")
                json.raw("[")
                for (reminderIndex, at) in entry.reminders.enumerated() {
                    if reminderIndex > 0 { json.raw(",") }
                    json.instant(at, clock: clock)
                }
                json.raw("]}")
            }
            json.raw("],")
            json.key("tasks")
            json.raw("[")
            for (index, entry) in day.tasks.enumerated() {
                if index > 0 { json.raw(",") }
                json.raw("{")
                json.field("id", int: entry.task.id)
                json.field("title", string: entry.task.title)
                json.key("due")
                switch entry.task.due {
                case .day(let due)?: json.day(due)
                case .time(let instant)?: json.instant(instant, clock: clock)
                case nil: json.raw("null")
                }
                json.raw(",")
                json.field("nextReminder", instant: entry.next?.fire.at, clock: clock, last: true)
                json.raw("}")
            }
            json.raw("]}")
        }
        json.raw("]")
        output.line("")
    }
}
