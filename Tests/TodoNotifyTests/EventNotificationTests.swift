import Foundation
import Testing
import TodoCore
import TodoNotify

/// The bubble of a calendar event's alarm: what and when, where, which
/// calendar; Snooze and Dismiss, no Mark done.
@Suite("Event notifications")
struct EventNotificationTests {
    let composer = ReminderComposer(
        timeRules: NotifyFixtures.timeRules, iconPath: nil,
        actions: NotificationAction.reminderActions(snoozeChoices: ["10m", "1h"])
    )

    static func reminder(start: String, end: String, alarm: String, days: ClosedRange<LocalDay>? = nil,
                         location: String? = "Dr. Weber <Praxis>") -> ReminderOf<EventInstance> {
        let occurrence = EventOccurrence(
            id: .at(NotifyFixtures.at(start)), recurrenceMicroseconds: nil, start: NotifyFixtures.at(start),
            end: NotifyFixtures.at(end), days: days, details: EventDetails(summary: "Dentist", location: location)
        )
        return EventAlarmInstant(kind: .alarm, identity: .alarm(seconds: -600, of: occurrence.id),
                                 at: NotifyFixtures.at(alarm), alarmID: "trigger:TRIGGER:-PT10M", occurrence: occurrence)
            .reminder(ofEvent: 7, folder: "/cal/personal", changedAt: nil)
    }

    @Test("On time: the summary, when it starts and its times, the location escaped, the calendar")
    func onTime() {
        let event = Self.reminder(start: "2026-11-25 10:00", end: "2026-11-25 11:00", alarm: "2026-11-25 09:50")
        let bubble = composer.notification(for: event, calendar: "Personal", firedAt: NotifyFixtures.at("2026-11-25 09:50"))
        #expect(bubble.summary == "Dentist")
        #expect(bubble.body == "in 10 min · 10:00–11:00\nDr. Weber &lt;Praxis&gt;\nPersonal")
        #expect(bubble.owner == .event(7))
        #expect(bubble.actions.map(\.label) == ["Snooze 10 minutes", "Snooze 1 hour", "Dismiss"])
        #expect(bubble.commandHints.isEmpty)
    }

    @Test("Missed: said so, with the alarm's time; an all-day event says its day")
    func missedAndAllDay() {
        let event = Self.reminder(start: "2026-11-25 10:00", end: "2026-11-25 11:00", alarm: "2026-11-25 09:50", location: nil)
        let late = composer.notification(for: event, calendar: "Work", firedAt: NotifyFixtures.at("2026-11-25 10:20"))
        #expect(late.body == "now · 10:00–11:00 · missed at 09:50\nWork")
        let day = NotifyFixtures.day("2026-11-26")
        let allDay = Self.reminder(start: "2026-11-26 00:00", end: "2026-11-27 00:00", alarm: "2026-11-25 09:00", days: day...day, location: nil)
        #expect(composer.notification(for: allDay, calendar: "Work", firedAt: NotifyFixtures.at("2026-11-25 09:00")).body
                == "tomorrow, all day\nWork")
    }
}
