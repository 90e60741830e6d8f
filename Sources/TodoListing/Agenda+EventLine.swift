import FoundationEssentials
import TodoCore

extension Agenda.EventEntry {
    /// How `agenda` says an event on its day, made here once for `agenda`
    /// and the window's Today pane: its time ("all day", "10:00–11:00") and
    /// the rest ("Dentist · Dr. Weber  [Personal]  reminder 09:50").
    ///
    /// - Parameters:
    ///   - words: the event words of the day it is shown on.
    ///   - text: the words of instants, as of the command's now.
    public func line(words: EventWords, text: DateText) -> (time: String, rest: String) {
        var rest = (occurrence.details.summary ?? "(no title)").safeForTerminal
        if let location = occurrence.details.location { rest += " · " + location.safeForTerminal }
        rest += "  [" + calendar.safeForTerminal + "]"
        if occurrence.details.isCancelled { rest += "  cancelled" }
        if isDeclined { rest += "  declined" }
        if !reminders.isEmpty { rest += "  reminder " + reminders.map(text.instant).joined(separator: ", ") }
        return (occurrence.isAllDay ? "all day" : words.span(occurrence), rest)
    }
}
