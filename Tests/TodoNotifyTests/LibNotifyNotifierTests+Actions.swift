import CLibNotify
import Foundation
import TestSupport
import Testing
import TodoCore
import TodoLibNotify
import TodoNotify

/// Actions against dunst: invoked through `dunstctl context` (its dmenu is
/// Tests/Fixtures/dmenu-pick) and `dunstctl action 0`. In the serialized suite
/// of LibNotifyNotifierTests, as they share its dunst.
extension LibNotifyNotifierTests {
    static let snoozeChoices = ["10m", "1h", "tomorrow 09:00"]

    /// A notifier that records the actions it receives.
    final class RecordingNotifier: Sendable {
        let invocations = Shared([ActionInvocation]())
        /// For each action, the name of the thread it arrived on, and whether
        /// that thread runs a GLib main loop of its own.
        let threads = Shared([CallbackThread]())
        let notifier: LibNotifyNotifier

        struct CallbackThread: Equatable {
            var name: String
            var runsItsOwnGLibLoop: Bool
        }

        init() {
            let (invocations, threads) = (invocations, threads)
            notifier = LibNotifyNotifier { invocation in
                let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                let ownLoop = g_main_context_get_thread_default().map { g_main_context_is_owner($0) != 0 } ?? false
                threads.withLock {
                    $0.append(CallbackThread(name: name.trimmingCharacters(in: .newlines), runsItsOwnGLibLoop: ownLoop))
                }
                invocations.withLock { $0.append(invocation) }
            }
        }

        /// Waits until `count` actions have arrived, then gives them all.
        func received(count: Int) -> [ActionInvocation] {
            _ = eventually { invocations.get().count >= count }
            return invocations.get()
        }
    }

    /// `reminder(taskID:)` with the actions of `snoozeChoices`.
    func reminderWithActions(taskID: Int64, notes: String? = nil) -> ReminderNotification {
        var notification = reminder(taskID: taskID, title: "Pay rent", notes: notes)
        notification.actions = NotificationAction.reminderActions(snoozeChoices: Self.snoozeChoices)
        return notification
    }

    @Test("Mark done, chosen in dunst's menu, reaches the handler on the GLib thread with the task and the bubble, which then closes")
    func markDoneFromTheMenu() throws {
        let recorder = RecordingNotifier()
        let monitor = try BusMonitor(methods: ["CloseNotification"])
        let id = try recorder.notifier.show(reminderWithActions(taskID: 301))

        let menu = try desktop.pickFromContextMenu(id: id, key: "done")

        // dunst lists each action as "#LABEL (SUMMARY) [ID,KEY]", in an order of its own.
        #expect(menu.sorted() == [
            "#Mark done (Pay rent) [\(id),done]",
            "#Snooze 10 minutes (Pay rent) [\(id),snooze:10m]",
            "#Snooze 1 hour (Pay rent) [\(id),snooze:1h]",
            "#Snooze until tomorrow 09:00 (Pay rent) [\(id),snooze:tomorrow 09:00]",
            "#Dismiss (Pay rent) [\(id),default]",
        ].sorted())
        #expect(recorder.received(count: 1) == [ActionInvocation(taskID: 301, key: "done", notificationID: id)])
        #expect(recorder.invocations.get().first?.request == .markDone)
        // On the notifier's GLib loop thread. (Not checked by its name: Linux
        // names a thread after its creator until the name is set, and when
        // that happens relative to this read is not ours to control.)
        #expect(recorder.threads.get().map(\.runsItsOwnGLibLoop) == [true])
        #expect(monitor.closeCalls(closing: id).contains { $0.contains("uint32 \(id)\n") })
        #expect(eventually { (try? desktop.displayedCount()) == 0 })
        #expect(eventually { recorder.notifier.openNotifications()[301] == nil })
        // Where the actions show, the body does not name the commands.
        #expect(try desktop.entry(id: id).body == "Due today at 17:00")
    }

    @Test("Each snooze choice is an action of its own, and reports its choice", arguments: snoozeChoices)
    func snoozeFromTheMenu(choice: String) throws {
        let recorder = RecordingNotifier()
        let id = try recorder.notifier.show(reminderWithActions(taskID: 302))

        try desktop.pickFromContextMenu(id: id, key: "snooze:\(choice)")

        let invocations = recorder.received(count: 1)
        #expect(invocations == [ActionInvocation(taskID: 302, key: "snooze:\(choice)", notificationID: id)])
        #expect(invocations.first?.request == .snooze(choice: choice))
        #expect(eventually { (try? desktop.displayedCount()) == 0 })
    }

    @Test("Clicking the bubble (dunstctl action 0) invokes the default action, which dismisses it")
    func defaultAction() throws {
        let recorder = RecordingNotifier()
        let id = try recorder.notifier.show(reminderWithActions(taskID: 303))

        try desktop.invokeDefaultAction()

        let invocations = recorder.received(count: 1)
        #expect(invocations == [ActionInvocation(taskID: 303, key: "default", notificationID: id)])
        #expect(invocations.first?.request == .dismiss)
        #expect(eventually { (try? desktop.displayedCount()) == 0 })
        #expect(eventually { recorder.notifier.openNotifications()[303] == nil })
    }

    @Test("A second reminder replaces the open bubble and its actions: one bubble, one answer per action")
    func replacedBubbleKeepsOneSetOfActions() throws {
        let recorder = RecordingNotifier()
        let first = try recorder.notifier.show(reminderWithActions(taskID: 304, notes: "first"))
        let second = try recorder.notifier.show(reminderWithActions(taskID: 304, notes: "second"))
        #expect(second == first)
        #expect(try desktop.displayedCount() == 1)

        let menu = try desktop.pickFromContextMenu(id: second, key: "done")

        #expect(menu.count == 5)
        #expect(recorder.received(count: 1) == [ActionInvocation(taskID: 304, key: "done", notificationID: second)])
        // Nothing else turns up late.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(recorder.invocations.get().count == 1)
    }

    @Test("Each action goes to the notifier that showed its bubble")
    func actionsGoToTheirNotifier() throws {
        let (one, other) = (RecordingNotifier(), RecordingNotifier())
        let id = try one.notifier.show(reminderWithActions(taskID: 305, notes: "one"))
        let otherID = try other.notifier.show(reminderWithActions(taskID: 306, notes: "other"))

        try desktop.pickFromContextMenu(id: otherID, key: "snooze:1h")

        #expect(other.received(count: 1) == [ActionInvocation(taskID: 306, key: "snooze:1h", notificationID: otherID)])
        #expect(one.invocations.get().isEmpty)
        #expect(try desktop.displayedCount() == 1)
        try desktop.pickFromContextMenu(id: id, key: "done")
        #expect(one.received(count: 1) == [ActionInvocation(taskID: 305, key: "done", notificationID: id)])
    }

    @Test("A notifier without a handler shows no actions, and names the commands in the body")
    func noHandlerNoActions() throws {
        let monitor = try BusMonitor()

        let id = try notifier.show(reminderWithActions(taskID: 307))

        let call = try #require(try monitor.notifyCalls(count: 1).first)
        #expect(call.contains("string \"Pay rent\"\n   string \"Due today at 17:00\ntodo-remind done 307\ntodo-remind snooze 307\"\n   array [\n   ]"))
        try desktop.closeAll()
        #expect(try desktop.entry(id: id).body == "Due today at 17:00\ntodo-remind done 307\ntodo-remind snooze 307")
    }

    @Test("A server without the actions capability gets no actions and a body naming the commands; asked again when dunst is back")
    func serverWithoutActions() throws {
        let recorder = RecordingNotifier()
        // dunst answers first, so the notifier knows its capabilities.
        _ = try recorder.notifier.show(reminderWithActions(taskID: 308))
        try desktop.stopServer()
        defer { try? desktop.startServer() }
        let server = try ActionlessServer()
        defer { server.stop() }

        _ = try recorder.notifier.show(reminderWithActions(taskID: 309, notes: "Bring the <cheque> & a pen"))

        server.stop()
        #expect(server.notifications == [ActionlessServer.Notification(
            replacesID: 0,
            summary: "Pay rent",
            body: "Due today at 17:00\nBring the &lt;cheque&gt; &amp; a pen\ntodo-remind done 309\ntodo-remind snooze 309",
            actions: []
        )])

        // dunst again: the actions are back.
        try desktop.startServer()
        let id = try recorder.notifier.show(reminderWithActions(taskID: 310))
        try desktop.pickFromContextMenu(id: id, key: "done")
        #expect(recorder.received(count: 1) == [ActionInvocation(taskID: 310, key: "done", notificationID: id)])
    }

    @Test("A server without body-markup gets the body as the text it stands for, not escaped for markup")
    func serverWithoutMarkup() throws {
        // Such a server once showed "Tom &amp; Jerry &lt;tom@example.org&gt;".
        let recorder = RecordingNotifier()
        try desktop.stopServer()
        defer { try? desktop.startServer() }
        let server = try ActionlessServer(capabilities: ["body"])
        defer { server.stop() }

        _ = try recorder.notifier.show(reminderWithActions(taskID: 311, notes: "Tom & Jerry <tom@example.org>"))

        server.stop()
        #expect(server.notifications == [ActionlessServer.Notification(
            replacesID: 0,
            summary: "Pay rent",
            body: "Due today at 17:00\nTom & Jerry <tom@example.org>\ntodo-remind done 311\ntodo-remind snooze 311",
            actions: []
        )])
    }
}
