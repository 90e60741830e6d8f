import Dispatch
import Foundation
import TestSupport
import Testing
import TodoCore
import TodoLibNotify
import TodoNotify

/// LibNotifyNotifier against a real server: dunst on the private bus and
/// display of `scripts/with-desktop-session`. libnotify and GLib keep one
/// session bus connection per process, so these tests cannot each have a
/// `PrivateDesktop()` of their own, as the daemon's do; some stop or freeze
/// dunst, so they run one at a time, and each leaves dunst running.
@Suite("LibNotifyNotifier, against dunst", .serialized, .ownThread)
struct LibNotifyNotifierTests {
    let notifier = LibNotifyNotifier()
    let composer = ReminderComposer(timeRules: NotifyFixtures.timeRules, iconPath: NotifyFixtures.iconPath)

    /// The test process's own session: libnotify talks to no other bus.
    let desktop: PrivateDesktop

    init() throws {
        desktop = try PrivateDesktop.processSession()
        try desktop.startServer()
        try desktop.closeAll()
    }

    /// A reminder of a task due at 17:00, shown on time at 09:00.
    func reminder(taskID: Int64, title: String = "Pay <rent> & <b>bills</b>", notes: String? = nil, priority: Priority = .high) -> ReminderNotification {
        let task = NotifyFixtures.task(
            id: taskID, title: title, notes: notes, priority: priority, due: .time(NotifyFixtures.at("2026-11-25 17:00"))
        )
        let reminder = Reminder(taskID: taskID, kind: .morning, occurrence: .at(NotifyFixtures.at("2026-11-25 09:00")), at: NotifyFixtures.at("2026-11-25 09:00"))
        return composer.notification(for: task, reminder: reminder, firedAt: reminder.at)
    }

    @Test("A title's bidi override reaches dunst shown, not obeyed")
    func bidiOverrideShown() throws {
        let id = try notifier.show(reminder(taskID: 104, title: "Pay \u{202E}tner"))
        try desktop.closeAll()

        #expect(try desktop.entry(id: id).summary == "Pay \\u{202E}tner")
    }

    @Test("A reminder reaches the server with its title verbatim, its body as markup, and todo-remind's app name and category")
    func showsAReminder() throws {
        let notification = reminder(taskID: 101, notes: "Pay <rent> & <b>bills</b>")

        let id = try notifier.show(notification)
        try desktop.closeAll()

        let entry = try desktop.entry(id: id)
        #expect(entry.summary == "Pay <rent> & <b>bills</b>")
        #expect(entry.body == "Due today at 17:00\nPay &lt;rent&gt; &amp; &lt;b&gt;bills&lt;/b&gt;")
        #expect(entry.appName == "todo-remind")
        #expect(entry.category == "x-todo-remind.reminder")
        #expect(entry.message.hasPrefix("urgency=critical\n"))
        #expect(entry.iconPath == NotifyFixtures.iconPath)
    }

    @Test("The Notify call carries the icon, and the urgency, category and desktop-entry hints")
    func sendsTheHints() throws {
        let monitor = try BusMonitor()

        _ = try notifier.show(reminder(taskID: 102, priority: .low))

        let call = try #require(try monitor.notifyCalls(count: 1).first)
        // The app name, then replaces_id, then the icon: libnotify 0.8.1 sends
        // the icon as app_icon rather than as an image-path hint.
        #expect(call.contains("string \"todo-remind\"\n   uint32 0\n   string \"\(NotifyFixtures.iconPath)\""))
        #expect(call.contains("string \"urgency\"\n         variant             byte 0"))
        #expect(call.contains("string \"category\"\n         variant             string \"x-todo-remind.reminder\""))
        #expect(call.contains("string \"desktop-entry\"\n         variant             string \"todo-remind\""))
    }

    @Test("Each priority shows with its urgency", arguments: [
        (Priority.low, "urgency=low\n"), (.medium, "urgency=normal\n"), (.high, "urgency=critical\n"),
    ])
    func urgency(priority: Priority, prefix: String) throws {
        let id = try notifier.show(reminder(taskID: 103, priority: priority))
        try desktop.closeAll()

        #expect(try desktop.entry(id: id).message.hasPrefix(prefix))
    }

    @Test("The notification lives until the server closes its bubble, and is let go then")
    func keepsNotificationsUntilClosed() throws {
        let id = try notifier.show(reminder(taskID: 104))
        #expect(notifier.openNotifications()[104] == id)

        try desktop.closeAll()

        #expect(eventually { notifier.openNotifications()[104] == nil })
    }

    @Test("A second reminder for a task whose bubble is still open replaces that bubble")
    func replacesAnOpenBubble() throws {
        let first = try notifier.show(reminder(taskID: 105, notes: "first"))
        let second = try notifier.show(reminder(taskID: 105, notes: "second"))

        #expect(second == first)
        #expect(try desktop.displayedCount() == 1)

        // Once the bubble is closed, the next reminder opens a new one.
        try desktop.closeAll()
        #expect(try desktop.entry(id: second).body.hasSuffix("\nsecond"))
        #expect(eventually { notifier.openNotifications()[105] == nil })
        let third = try notifier.show(reminder(taskID: 105, notes: "third"))
        #expect(third != second)
        // Another task's reminder gets its own bubble.
        _ = try notifier.show(reminder(taskID: 106))
        #expect(try desktop.displayedCount() == 2)
    }

    @Test("A reminder sent again under the same stack tag, as after a crash, replaces its bubble instead of stacking a second")
    func stackTagReplaces() throws {
        // Two tasks, so the second show is a new notification with no
        // replaces_id, as a restarted daemon's would be: only the hints can
        // tell dunst it is the same reminder. Distinct notes, so dunst's
        // stacking of identical bubbles plays no part.
        var first = reminder(taskID: 110, notes: "first send")
        first.stackTag = "todo-remind test stack tag"
        var again = reminder(taskID: 111, notes: "sent again")
        again.stackTag = first.stackTag
        var other = reminder(taskID: 112, notes: "another reminder")
        other.stackTag = "todo-remind another tag"
        let monitor = try BusMonitor()

        _ = try notifier.show(first)
        _ = try notifier.show(again)

        let calls = try monitor.notifyCalls(count: 2)
        for hint in ["x-dunst-stack-tag", "x-canonical-private-synchronous"] {
            #expect(calls.allSatisfy { $0.contains("string \"\(hint)\"") && $0.contains("string \"todo-remind test stack tag\"") }, "\(calls)")
        }
        #expect(try desktop.displayedCount() == 1)
        _ = try notifier.show(other)
        #expect(try desktop.displayedCount() == 2)
    }

    @Test("Reminders shown from many threads at once all reach the server")
    func concurrentShows() throws {
        let notifier = notifier
        // Distinct notes: dunst stacks identical bubbles into one.
        let notifications = (0..<8).map { reminder(taskID: 200 + Int64($0), notes: "thread \($0)") }
        let ids = Shared([UInt32]())

        DispatchQueue.concurrentPerform(iterations: notifications.count) { index in
            if let id = try? notifier.show(notifications[index]) {
                ids.withLock { $0.append(id) }
            }
        }

        #expect(Set(ids.get()).count == notifications.count)
        #expect(try desktop.displayedCount() == notifications.count)
    }

    @Test("With a server that takes 5 s per call, five reminders shown together all reach it within a second")
    func slowServerDelaysNobody() throws {
        // Given a server that answers each Notify 5 s after it comes
        try desktop.stopServer()
        defer { try? desktop.startServer() }
        let server = try ActionlessServer(notifyDelay: .seconds(5))
        defer { server.stop() }
        let notifier = notifier
        let notifications = (0..<5).map { reminder(taskID: 120 + Int64($0), notes: "slow \($0)") }
        let ids = Shared([UInt32]())

        // when five reminders falling at the same instant are shown, each on a
        // thread of its own (as the daemon's deliverer does; concurrentPerform
        // would run only as many at once as there are cores),
        let start = Date()
        let done = DispatchSemaphore(value: 0)
        for notification in notifications {
            Thread {
                if let id = try? notifier.show(notification) {
                    ids.withLock { $0.append(id) }
                }
                done.signal()
            }.start()
        }
        for _ in notifications { done.wait() }
        let elapsed = Date().timeIntervalSince(start)

        // then each reaches the server within a second, not one behind another,
        let arrivals = server.notifyArrivals
        #expect(arrivals.count == notifications.count)
        #expect(arrivals.allSatisfy { $0.timeIntervalSince(start) < 1 }, "\(arrivals.map { $0.timeIntervalSince(start) })")
        // and every one is shown, all in one wait for the server.
        #expect(ids.get().count == notifications.count)
        #expect(elapsed < 10, "took \(elapsed) s")
    }

    @Test("The server information names dunst, its version and its capabilities")
    func serverInfo() throws {
        let info = try notifier.serverInfo()

        #expect(info.name == "dunst")
        #expect(!info.vendor.isEmpty)
        #expect(try desktop.run("dunst", "--version").contains(info.version))
        #expect(info.specVersion == "1.2")
        #expect(info.supports("body"))
        #expect(info.supports("body-markup"))
        #expect(info.supports("actions"))
    }

    @Test("With no server on the bus, show fails at once; a server started later is used by the same notifier")
    func serverComesLater() throws {
        try desktop.stopServer()
        defer { try? desktop.startServer() }

        let (result, elapsed) = NotifyFixtures.time { Result { () throws(NotifyError) in try notifier.show(reminder(taskID: 107)) } }
        guard case .failure(let error) = result, case .noServer = error else {
            Issue.record("show should fail with the no-server error, not \(result)")
            return
        }
        #expect(error.isServerUnreachable)
        // "At once": nowhere near a D-Bus time-out (5 s ours, 25 s libnotify's).
        #expect(elapsed < .seconds(3))
        #expect(throws: NotifyError.self) { try notifier.serverInfo() }

        try desktop.startServer()

        let id = try notifier.show(reminder(taskID: 107))
        #expect(id > 0)
        #expect(try notifier.serverInfo().name == "dunst")
    }

    @Test("A server that owns the name but hangs makes show fail after the response timeout, not hang")
    func hungServer() throws {
        let notifier = LibNotifyNotifier(responseTimeout: .seconds(1))
        let pid = try desktop.serverPID()
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }

        let (result, elapsed) = NotifyFixtures.time { Result { () throws(NotifyError) in try notifier.show(reminder(taskID: 108)) } }

        #expect(throws: NotifyError.timedOut(after: .seconds(1))) { try result.get() }
        // Well under libnotify's own 25 s.
        #expect(elapsed < .seconds(10))
        #expect(throws: NotifyError.timedOut(after: .seconds(1))) { try notifier.serverInfo() }

        // Thawed, the server answers again, and shows only this reminder: the
        // timed-out one was never sent, so it does not turn up late.
        kill(pid, SIGCONT)
        #expect(try notifier.show(reminder(taskID: 108)) > 0)
        #expect(try desktop.displayedCount() == 1)
    }
}
