import Foundation
import TestSupport
import Testing
import TodoCore
import TodoNotify

@Suite("ConsoleNotifier")
struct ConsoleNotifierTests {
    @Test("Each notification is one line: the summary, then the body as plain text")
    func oneLinePerNotification() throws {
        let lines = Shared<[String]>([])
        let notifier = ConsoleNotifier { line in lines.withLock { $0.append(line) } }
        let composer = ReminderComposer(timeRules: NotifyFixtures.timeRules, iconPath: nil)
        let task = NotifyFixtures.task(
            title: "Pay <rent> & <b>bills</b>",
            notes: "Bring the <b>cheque</b> & a pen\nand the receipt",
            due: .time(NotifyFixtures.at("2026-11-25 17:00"))
        )
        let reminder = Reminder(taskID: task.id, kind: .morning, occurrence: .at(NotifyFixtures.at("2026-11-25 09:00")), at: NotifyFixtures.at("2026-11-25 09:00"))

        let first = try notifier.show(composer.notification(for: task, reminder: reminder, firedAt: reminder.at))
        let second = try notifier.show(ReminderNotification(summary: "Pay rent", body: "Due today at 17:00", owner: .task(2)))

        #expect(lines.get() == [
            "[reminder] Pay <rent> & <b>bills</b> — Due today at 17:00 — Bring the <b>cheque</b> & a pen — and the receipt",
            "[reminder] Pay rent — Due today at 17:00",
        ])
        #expect((first, second) == (1, 2))
    }

    @Test("Line breaks and tabs in a title do not break the line")
    func controlCharacters() {
        let line = ConsoleNotifier.line(for: ReminderNotification(summary: "Pay\nrent\t", body: "", owner: .task(1)))

        #expect(line == "[reminder] Pay rent")
    }

    @Test("The console presents itself as a pseudo-server named console")
    func serverInfo() throws {
        let info = try ConsoleNotifier(write: { _ in }).serverInfo()

        #expect(info == .console)
        #expect(info.name == "console")
    }
}
