import Testing
import TodoCore
import TodoNotify

@Suite("Reminder actions")
struct NotificationActionTests {
    @Test("Each snooze choice is labelled in words: a length of time as one, anything else as a moment", arguments: [
        ("10m", "Snooze 10 minutes"),
        ("1m", "Snooze 1 minute"),
        ("1h", "Snooze 1 hour"),
        ("2h", "Snooze 2 hours"),
        ("90min", "Snooze 90 minutes"),
        ("1h30m", "Snooze 1 hour 30 minutes"),
        ("+2d", "Snooze 2 days"),
        ("1w", "Snooze 1 week"),
        ("in 3 hours", "Snooze 3 hours"),
        ("in 1 hour", "Snooze 1 hour"),
        ("10 min", "Snooze 10 minutes"),
        (" 1H ", "Snooze 1 hour"),
        ("tomorrow 09:00", "Snooze until tomorrow 09:00"),
        ("17:00", "Snooze until 17:00"),
        ("fri 5pm", "Snooze until fri 5pm"),
        ("2026-12-01 17:00", "Snooze until 2026-12-01 17:00"),
        ("10x", "Snooze until 10x"),
    ])
    func snoozeLabel(choice: String, label: String) {
        #expect(ActionRequest.snoozeLabel(for: choice) == label)
        #expect(ActionRequest.snooze(choice: choice).label == label)
    }

    @Test("A reminder offers Mark done, one Snooze per choice in the settings' order, then the default action")
    func reminderActions() {
        let actions = NotificationAction.reminderActions(snoozeChoices: ["10m", "1h", "tomorrow 09:00"])

        #expect(actions == [
            NotificationAction(key: "done", label: "Mark done"),
            NotificationAction(key: "snooze:10m", label: "Snooze 10 minutes"),
            NotificationAction(key: "snooze:1h", label: "Snooze 1 hour"),
            NotificationAction(key: "snooze:tomorrow 09:00", label: "Snooze until tomorrow 09:00"),
            NotificationAction(key: "default", label: "Dismiss"),
        ])
    }

    @Test("Without snooze choices (snooze = []) there is no Snooze action; blank and repeated choices are left out", arguments: [
        ([], []),
        (["", "  "], []),
        (["10m", " 10m", "1h", "10m"], ["snooze:10m", "snooze:1h"]),
    ])
    func snoozeChoices(choices: [String], snoozeKeys: [String]) {
        let keys = NotificationAction.reminderActions(snoozeChoices: choices).map(\.key)

        #expect(keys == ["done"] + snoozeKeys + ["default"])
    }

    @Test("An action's key says what was asked for, and back", arguments: [
        ("done", ActionRequest.markDone),
        ("snooze:1h", .snooze(choice: "1h")),
        ("snooze:tomorrow 09:00", .snooze(choice: "tomorrow 09:00")),
        ("default", .dismiss),
    ])
    func keys(key: String, request: ActionRequest) {
        #expect(ActionRequest(key: key) == request)
        #expect(request.key == key)
        #expect(ActionInvocation(taskID: 7, key: key, notificationID: 3).request == request)
        #expect(NotificationAction(request).request == request)
    }

    @Test("A key todo-remind never sends asks for nothing", arguments: ["", "Done", "snooze:", "snooze", "open"])
    func unknownKeys(key: String) {
        #expect(ActionRequest(key: key) == nil)
    }

    @Test("Composed with actions, a reminder carries them; its body names the commands only where actions cannot be shown")
    func composerFallbackBody() {
        let actions = NotificationAction.reminderActions(snoozeChoices: ["1h"])
        let composer = ReminderComposer(timeRules: NotifyFixtures.timeRules, iconPath: nil, actions: actions)
        let task = NotifyFixtures.task(id: 42, notes: "Bring the <cheque>", due: .time(NotifyFixtures.at("2026-11-25 17:00")))
        let reminder = Reminder(taskID: 42, kind: .morning, occurrence: .at(NotifyFixtures.at("2026-11-25 09:00")), at: NotifyFixtures.at("2026-11-25 09:00"))

        let notification = composer.notification(for: task, reminder: reminder, firedAt: reminder.at)

        #expect(notification.actions == actions)
        #expect(notification.commandHints == ["todo-remind done 42", "todo-remind snooze 42"])
        #expect(notification.body(showingActions: true) == "Due today at 17:00\nBring the &lt;cheque&gt;")
        #expect(notification.body(showingActions: false) == """
            Due today at 17:00
            Bring the &lt;cheque&gt;
            todo-remind done 42
            todo-remind snooze 42
            """)
    }

    @Test("Without actions, or with only the default one, the body names no command")
    func noHintsWithoutActions() {
        let plain = ReminderNotification(summary: "Pay rent", body: "Due today", owner: .task(5))
        let dismissOnly = ReminderNotification(summary: "Pay rent", body: "Due today", owner: .task(5),
                                               actions: [NotificationAction(.dismiss)])

        #expect(plain.body(showingActions: false) == "Due today")
        #expect(dismissOnly.body(showingActions: false) == "Due today")
        #expect(ReminderComposer(timeRules: NotifyFixtures.timeRules, iconPath: nil).actions.isEmpty)
    }

    @Test("A digest's bubble and an event's name no command: a digest is of no one task (it once said `todo-remind done 0`), an event has none")
    func noHintsForDigestOrEvent() {
        let actions = NotificationAction.reminderActions(snoozeChoices: ["1h"])
        for owner: BubbleOwner in [.digest, .event(3)] {
            let notification = ReminderNotification(summary: "3 tasks today", body: "Pay rent · due today", owner: owner, actions: actions)
            #expect(notification.commandHints.isEmpty)
            #expect(notification.body(showingActions: false) == "Pay rent · due today")
        }
    }

    @Test("The console shows no actions, so its line ends with the commands")
    func consoleLine() {
        let notification = ReminderNotification(
            summary: "Pay rent", body: "Due today", owner: .task(9),
            actions: NotificationAction.reminderActions(snoozeChoices: ["1h"])
        )

        #expect(ConsoleNotifier.line(for: notification)
            == "[reminder] Pay rent — Due today — todo-remind done 9 — todo-remind snooze 9")
    }
}
