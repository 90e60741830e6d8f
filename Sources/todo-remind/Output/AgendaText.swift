import FoundationEssentials
import TodoCore
import TodoListing

/// `agenda`'s lines: a heading per day, then its events and the tasks due.
///
///     2026-12-01  today
///       all day      Christmas Eve  [Personal]  reminder today 00:00
///       10:00–11:00  Dentist · Dr. Weber  [Personal]  reminder 09:50
///       17:00        12 Pay rent (task)  reminder today 09:00
struct AgendaText {
    let context: Context

    /// A line of a day: what it says, and where it comes in the day's order.
    private struct Row {
        var time: String
        var rest: String
        /// All-day events first, then the tasks due that day without a
        /// time, then events and tasks together by their instant.
        var order: (group: Int, at: Date)
    }

    func write(_ agenda: Agenda, into output: OutputBuffer) {
        let clock = context.clock
        let text = DateText(clock: clock, now: context.now)
        let describer = context.describer()
        let days = agenda.days.map { day -> (day: LocalDay, rows: [Row]) in
            var rows: [Row] = []
            let words = EventWords(clock: clock, now: clock.startOfDay(day.day))
            for entry in day.events {
                let (time, rest) = entry.line(words: words, text: text)
                rows.append(Row(time: time, rest: rest, order: (entry.occurrence.isAllDay ? 0 : 2, entry.occurrence.start)))
            }
            for entry in day.tasks {
                var time = "due"
                var order = (group: 1, at: clock.startOfDay(day.day))
                if case .time(let instant)? = entry.task.due {
                    time = clock.timeOfDay(of: instant).description
                    order = (2, instant)
                }
                var rest = describer.name(entry.task) + " (task)"
                if let next = entry.next { rest += "  reminder " + text.instant(next.fire.at) }
                rows.append(Row(time: time, rest: rest, order: order))
            }
            // Stable: events keep their order among themselves at one instant.
            let ordered = rows.enumerated().sorted { first, second in
                let (a, b) = (first.element.order, second.element.order)
                return (a.group, a.at, first.offset) < (b.group, b.at, second.offset)
            }.map(\.element)
            return (day.day, ordered)
        }
        // One time column for every day, so the rows line up down the page.
        let width = days.flatMap { $0.rows.map(\.time.terminalWidth) }.max() ?? 0
        for day in days {
            output.line("\(day.day)  \(text.day(day.day))")
            if day.rows.isEmpty {
                output.line("  nothing")
                continue
            }
            for row in day.rows {
                output.line("  " + row.time + String(repeating: " ", count: width - row.time.terminalWidth) + "  " + row.rest)
            }
        }
    }
}
