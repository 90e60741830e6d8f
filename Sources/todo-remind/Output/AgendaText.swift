import TodoCore
import TodoSync

/// `agenda`'s lines: a heading per day, then its events and the tasks due.
///
///     2026-12-01  today
///       all day      Christmas Eve  [Personal]  reminder today 00:00
///       10:00–11:00  Dentist · Dr. Weber  [Personal]  reminder 09:50
///       17:00        12 Pay rent (task)  reminder today 09:00
struct AgendaText {
    let context: Context

    func write(_ agenda: Agenda, into output: OutputBuffer) {
        let clock = context.clock
        let text = DateText(clock: clock, now: context.now)
        let describer = context.describer()
        for day in agenda.days {
            output.line("\(day.day)  \(text.day(day.day))")
            var rows: [(time: String, rest: String)] = []
            let words = EventWords(clock: clock, now: clock.startOfDay(day.day))
            for entry in day.events {
                let occurrence = entry.occurrence
                var rest = (occurrence.details.summary ?? "(no title)").safeForTerminal
                if let location = occurrence.details.location { rest += " · " + location.safeForTerminal }
                rest += "  [" + entry.calendar.safeForTerminal + "]"
                if occurrence.details.isCancelled { rest += "  cancelled" }
                if entry.isDeclined { rest += "  declined" }
                if !entry.reminders.isEmpty { rest += "  reminder " + entry.reminders.map(text.instant).joined(separator: ", ") }
                rows.append((occurrence.isAllDay ? "all day" : words.span(occurrence), rest))
            }
            for entry in day.tasks {
                var time = "due"
                if case .time(let instant)? = entry.task.due { time = clock.timeOfDay(of: instant).description }
                var rest = describer.name(entry.task) + " (task)"
                if let next = entry.next { rest += "  reminder " + text.instant(next.fire.at) }
                rows.append((time, rest))
            }
            if rows.isEmpty {
                output.line("  nothing")
                continue
            }
            let width = rows.map(\.time.terminalWidth).max() ?? 0
            for row in rows {
                output.line("  " + row.time + String(repeating: " ", count: width - row.time.terminalWidth) + "  " + row.rest)
            }
        }
    }
}
