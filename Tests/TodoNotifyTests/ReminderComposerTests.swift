import Foundation
import Testing
import TodoCore
import TodoNotify

@Suite("ReminderComposer")
struct ReminderComposerTests {
    let composer = ReminderComposer(timeRules: NotifyFixtures.timeRules, iconPath: "/usr/share/icons/todo-remind.svg")

    /// One wording: the task's due date, the reminder, when it is shown, and the expected first line.
    struct Wording: Sendable, CustomTestStringConvertible {
        let situation: String
        let due: Due?
        let kind: ReminderKind
        let reminderAt: String
        let shownAt: String
        let headline: String

        var testDescription: String { situation }
    }

    static let wordings: [Wording] = [
        // Given Wednesday 25 November 2026 in Paris.
        Wording(situation: "a day task's morning reminder, on time", due: .day(NotifyFixtures.day("2026-11-25")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00",
                headline: "Due today"),
        Wording(situation: "a day task due on another day", due: .day(NotifyFixtures.day("2026-11-27")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00",
                headline: "Due Fri 27 Nov"),
        Wording(situation: "a timed task due today", due: .time(NotifyFixtures.at("2026-11-25 17:00")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00",
                headline: "Due today at 17:00"),
        Wording(situation: "a timed task due early tomorrow, reminded the day before", due: .time(NotifyFixtures.at("2026-11-26 08:30")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00",
                headline: "Due tomorrow at 08:30"),
        Wording(situation: "a timed task due later in the week", due: .time(NotifyFixtures.at("2026-11-27 17:00")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00",
                headline: "Due Fri 27 Nov at 17:00"),
        Wording(situation: "a timed task due next year", due: .time(NotifyFixtures.at("2027-01-05 17:00")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00",
                headline: "Due Tue 5 Jan 2027 at 17:00"),
        Wording(situation: "the at-due-time reminder, on the second", due: .time(NotifyFixtures.at("2026-11-25 17:00")),
                kind: .atDueTime, reminderAt: "2026-11-25 17:00", shownAt: "2026-11-25 17:00",
                headline: "Due now"),
        Wording(situation: "the at-due-time reminder, 2 s late", due: .time(NotifyFixtures.at("2026-11-25 17:00")),
                kind: .atDueTime, reminderAt: "2026-11-25 17:00", shownAt: "2026-11-25 17:00:02",
                headline: "Due now"),
        Wording(situation: "the at-due-time reminder, 45 s late after a short outage", due: .time(NotifyFixtures.at("2026-11-25 17:00")),
                kind: .atDueTime, reminderAt: "2026-11-25 17:00", shownAt: "2026-11-25 17:00:45",
                headline: "Overdue since 17:00 · missed at 17:00"),
        Wording(situation: "the at-due-time reminder, 90 s late", due: .time(NotifyFixtures.at("2026-11-25 17:00")),
                kind: .atDueTime, reminderAt: "2026-11-25 17:00", shownAt: "2026-11-25 17:01:30",
                headline: "Overdue since 17:00 · missed at 17:00"),
        Wording(situation: "the at-due-time reminder of a 09:00 task, shown at 10:30", due: .time(NotifyFixtures.at("2026-11-25 09:00")),
                kind: .atDueTime, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 10:30",
                headline: "Overdue since 09:00 · missed at 09:00"),
        Wording(situation: "a morning reminder shown at 10:30", due: .time(NotifyFixtures.at("2026-11-25 17:00")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 10:30",
                headline: "Due today at 17:00 · missed at 09:00"),
        Wording(situation: "a morning reminder exactly as late as on time allows", due: .time(NotifyFixtures.at("2026-11-25 17:00")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00:02",
                headline: "Due today at 17:00"),
        Wording(situation: "a morning reminder three seconds late", due: .time(NotifyFixtures.at("2026-11-25 17:00")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00:03",
                headline: "Due today at 17:00 · missed at 09:00"),
        Wording(situation: "a day task's morning reminder shown at 11:00", due: .day(NotifyFixtures.day("2026-11-25")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 11:00",
                headline: "Due today · missed at 09:00"),
        Wording(situation: "yesterday's morning reminder shown this morning", due: .time(NotifyFixtures.at("2026-11-25 08:00")),
                kind: .morning, reminderAt: "2026-11-24 09:00", shownAt: "2026-11-25 07:00",
                headline: "Due today at 08:00 · missed yesterday at 09:00"),
        Wording(situation: "last night's at-due-time reminder shown after midnight", due: .time(NotifyFixtures.at("2026-11-24 23:00")),
                kind: .atDueTime, reminderAt: "2026-11-24 23:00", shownAt: "2026-11-25 00:30",
                headline: "Overdue since yesterday at 23:00 · missed yesterday at 23:00"),
        Wording(situation: "a day task due yesterday, reminded on time today", due: .day(NotifyFixtures.day("2026-11-24")),
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00",
                headline: "Overdue: was due yesterday"),
        Wording(situation: "a task without a due date", due: nil,
                kind: .morning, reminderAt: "2026-11-25 09:00", shownAt: "2026-11-25 09:00",
                headline: "Reminder"),
    ]

    @Test("The body's first line says when the task is due, relative to when it is shown", arguments: wordings)
    func headline(_ wording: Wording) {
        let task = NotifyFixtures.task(due: wording.due)
        let reminder = Reminder(taskID: task.id, kind: wording.kind, occurrence: .at(NotifyFixtures.at(wording.reminderAt)), at: NotifyFixtures.at(wording.reminderAt))

        let notification = composer.notification(for: task, reminder: reminder, firedAt: NotifyFixtures.at(wording.shownAt))

        #expect(notification.body == wording.headline)
    }

    @Test("The summary is the title as typed; the notes follow the first line, escaped for markup")
    func escapesNotesButNotTheSummary() {
        let task = NotifyFixtures.task(
            title: "Pay <rent> & <b>bills</b>",
            notes: "Pay <rent> & <b>bills</b>\nAsk \"Sam\" about the landlord's number",
            due: .time(NotifyFixtures.at("2026-11-25 17:00"))
        )
        let reminder = Reminder(taskID: task.id, kind: .morning, occurrence: .at(NotifyFixtures.at("2026-11-25 09:00")), at: NotifyFixtures.at("2026-11-25 09:00"))

        let notification = composer.notification(for: task, reminder: reminder, firedAt: NotifyFixtures.at("2026-11-25 09:00"))

        #expect(notification.summary == "Pay <rent> & <b>bills</b>")
        #expect(notification.body == """
            Due today at 17:00
            Pay &lt;rent&gt; &amp; &lt;b&gt;bills&lt;/b&gt;
            Ask &quot;Sam&quot; about the landlord&apos;s number
            """)
    }

    @Test("A synced title's bidi override and controls are shown in the summary, not obeyed")
    func summaryShowsBidiControls() {
        // A U+202E once reached the bubble and turned the rest of it around.
        let task = NotifyFixtures.task(title: "Pay \u{202E}tner\u{1B}[2J", due: .time(NotifyFixtures.at("2026-11-25 17:00")))
        let reminder = Reminder(taskID: task.id, kind: .morning, occurrence: .at(NotifyFixtures.at("2026-11-25 09:00")), at: NotifyFixtures.at("2026-11-25 09:00"))

        let notification = composer.notification(for: task, reminder: reminder, firedAt: NotifyFixtures.at("2026-11-25 09:00"))

        #expect(notification.summary == "Pay \\u{202E}tner\\e[2J")
    }

    @Test("A task's priority sets the urgency", arguments: [
        (Priority.low, Urgency.low), (.medium, .normal), (.high, .critical),
    ])
    func urgency(priority: Priority, urgency: Urgency) {
        let task = NotifyFixtures.task(priority: priority, due: .day(NotifyFixtures.day("2026-11-25")))
        let reminder = Reminder(taskID: task.id, kind: .morning, occurrence: .at(NotifyFixtures.at("2026-11-25 09:00")), at: NotifyFixtures.at("2026-11-25 09:00"))

        let notification = composer.notification(for: task, reminder: reminder, firedAt: reminder.at)

        #expect(notification.urgency == urgency)
        #expect(Urgency(priority) == urgency)
    }

    @Test("Every reminder carries todo-remind's app name, desktop entry, category and icon, and its task's id")
    func identity() {
        let task = NotifyFixtures.task(id: 42, due: .day(NotifyFixtures.day("2026-11-25")))
        let reminder = Reminder(taskID: 42, kind: .morning, occurrence: .at(NotifyFixtures.at("2026-11-25 09:00")), at: NotifyFixtures.at("2026-11-25 09:00"))

        let notification = composer.notification(for: task, reminder: reminder, firedAt: reminder.at)

        #expect(notification.appName == "todo-remind")
        #expect(notification.desktopEntry == "todo-remind")
        #expect(notification.category == "x-todo-remind.reminder")
        #expect(notification.iconPath == "/usr/share/icons/todo-remind.svg")
        #expect(notification.owner == .task(42))
    }
}
