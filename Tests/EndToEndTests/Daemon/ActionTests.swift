import Foundation
import TestSupport
import Testing

/// Acting on a reminder from its bubble, end to end: the real daemon, the
/// real dunst, and an action chosen through `dunstctl context` (whose dmenu,
/// Tests/Fixtures/dmenu-pick, answers with the action's line) or clicked
/// (`dunstctl action 0`). In the serialized suite of DaemonTests, as they all
/// wait for wall-clock instants.
extension DaemonTests {
    /// Waits for the daemon's bubble of `task` to be on screen, and gives its id.
    func displayedBubble(of task: Int, _ daemon: RunningDaemon, on desktop: PrivateDesktop) throws -> UInt32 {
        let id = try daemon.notificationID(task: task)
        try #require(eventually { (try? desktop.displayedCount()) == 1 }, "the bubble of task \(task) is not displayed")
        return id
    }

    @Test("Mark done, chosen on the bubble, completes the task: show says completed, list no longer has it, and nothing else fires for it")
    func markDoneFromTheBubble() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let due = WallTime.secondsAhead(3)
        let rent = try cli.addTask("Pay rent", due: due, "--priority", "high")

        // Given the reminder's bubble on screen,
        let id = try displayedBubble(of: rent, daemon, on: desktop)

        // when Mark done is chosen in dunst's menu,
        let menu = try desktop.pickFromContextMenu(id: id, key: "done")
        #expect(menu.contains("#Mark done (Pay rent) [\(id),done]"), "\(menu)")
        #expect(menu.contains("#Dismiss (Pay rent) [\(id),default]"), "\(menu)")

        // then the task is completed within a few seconds, as `done` would,
        #expect(daemon.waitForLog { $0.event == "action" && $0["outcome"] == "marked-done" && $0.task == rent } != nil, "\(daemon)")
        var task: [String: Any] = [:]
        let completed = try eventually {
            task = try cli.task(String(rent))
            return task["completed"] as? Bool == true
        }
        #expect(completed, "\(task)")
        #expect(JSON.isInstant(task["completedAt"]), "\(task)")
        #expect(try cli.lines("list").allSatisfy { !$0.contains("Pay rent") })
        // the bubble is closed,
        #expect(eventually { (try? desktop.displayedCount()) == 0 })
        // and nothing else fires for it.
        Thread.sleep(forTimeInterval: 1)
        #expect(daemon.firings(of: rent).count == 1, "\(daemon)")
        #expect(try desktop.history().map(\.summary) == ["Pay rent"])
        #expect(try cli.ledger(task: rent).map(\.status) == ["delivered"])
        #expect(daemon.isRunning)
    }

    @Test("With snooze = [], the bubble offers Mark done and Dismiss, and no Snooze")
    func noSnoozeChoices() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        var cli = try desktop.cli()
        defer { cli.remove() }
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write("none.toml", PrivateDesktop.farMorningConfig + "snooze = []\n")
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let rent = try cli.addTask("Pay rent", due: WallTime.secondsAhead(3))

        let id = try displayedBubble(of: rent, daemon, on: desktop)
        let menu = try desktop.pickFromContextMenu(id: id, key: "default")

        #expect(menu.sorted() == ["#Dismiss (Pay rent) [\(id),default]", "#Mark done (Pay rent) [\(id),done]"], "\(menu)")
    }

    @Test("Snooze, chosen on the bubble, stores a snooze that next and list show and that a restarted daemon arms again")
    func snoozeFromTheBubbleSurvivesARestart() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let config = try cli.write("snooze.toml", PrivateDesktop.farMorningConfig + "snooze = [\"10m\"]\n")
        var cli10 = cli
        cli10.environment["TODO_REMIND_CONFIG"] = config
        let first = try RunningDaemon(cli10)
        defer { first.end() }
        let due = WallTime.secondsAhead(3)
        let plants = try cli10.addTask("Water the plants", due: due)

        // Given the reminder's bubble on screen, with the one snooze choice of the config,
        let id = try displayedBubble(of: plants, first, on: desktop)

        // when "Snooze 10 minutes" is chosen in dunst's menu,
        let menu = try desktop.pickFromContextMenu(id: id, key: "snooze:10m")
        #expect(menu.sorted() == [
            "#Mark done (Water the plants) [\(id),done]",
            "#Snooze 10 minutes (Water the plants) [\(id),snooze:10m]",
            "#Dismiss (Water the plants) [\(id),default]",
        ].sorted(), "\(menu)")
        let chosen = Date()

        // then the store has a snooze ten minutes ahead, which next and list show,
        #expect(first.waitForLog { $0.event == "action" && $0["outcome"] == "snoozed" && $0.task == plants } != nil, "\(first)")
        var next: [[String: Any]] = []
        _ = try eventually {
            next = try cli10.objects("next", "--json")
            return next.contains { $0["taskId"] as? Int == plants && $0["kind"] as? String == "snoozed" }
        }
        let snooze = try #require(
            next.first { $0["taskId"] as? Int == plants && $0["kind"] as? String == "snoozed" },
            "next --json lists no snooze: \(next)"
        )
        let until = try #require(JSON.instant(snooze["at"]), "\(snooze)")
        #expect(until >= chosen.addingTimeInterval(600 - 5) && until <= chosen.addingTimeInterval(600 + 5), "\(snooze)")
        let row = try #require(try cli10.lines("list").first { $0.contains("Water the plants") })
        #expect(row.hasSuffix(" (snoozed)"), "\(row)")
        #expect(eventually { (try? desktop.displayedCount()) == 0 })
        #expect(first.firings(of: plants).count == 1, "\(first)")

        // and once the daemon is stopped and started again, the snooze is still armed.
        #expect(first.terminate()?.status == 0)
        let second = try RunningDaemon(cli10)
        defer { second.end() }
        _ = try second.waitUntilArmed(task: plants)
        let status = try cli10.lines("status")
        #expect(status.contains { $0.hasPrefix("next armed    ") && $0.hasSuffix(": \(plants) Water the plants (snoozed)") }, "\(status)")
        #expect(second.firings.isEmpty, "\(second)")
        #expect(try desktop.history().map(\.summary) == ["Water the plants"])
    }

    @Test("Clicking a task's bubble opens the window on that task, beside dismissing its reminder")
    func clickOpensTheWindow() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let mail = try cli.addTask("Sort the mail", due: WallTime.secondsAhead(3))
        _ = try displayedBubble(of: mail, daemon, on: desktop)

        try desktop.invokeDefaultAction()

        // The window the notifier starts, on the daemon's store and the task.
        var window: (pid: Int32, arguments: [String])?
        #expect(eventually { window = Self.windowProcess(store: cli.storePath); return window != nil }, "\(daemon)")
        defer { if let window { kill(window.pid, SIGTERM) } }
        let arguments = try #require(window?.arguments)
        #expect(arguments.suffix(2) == ["--task", String(mail)], "\(arguments)")
        #expect(daemon.waitForLog { $0.event == "action" && $0["outcome"] == "dismissed" && $0.task == mail } != nil, "\(daemon)")
    }

    /// The running todo-remind-window on `store`, and its arguments.
    static func windowProcess(store: String) -> (pid: Int32, arguments: [String])? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for name in processes {
            guard let pid = Int32(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { continue }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let program = words.first, program.hasSuffix("/todo-remind-window"), words.contains(store) else { continue }
            return (pid, Array(words.dropFirst()))
        }
        return nil
    }

    @Test("Clicking the bubble (dunstctl action 0) invokes its default action: the bubble closes, the task is unchanged but for its reminders handled")
    func clickDismisses() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let due = WallTime.secondsAhead(3)
        let mail = try cli.addTask("Sort the mail", due: due)

        // Given the reminder's bubble on screen,
        _ = try displayedBubble(of: mail, daemon, on: desktop)
        var before = try cli.task(String(mail))

        // when it is clicked,
        try desktop.invokeDefaultAction()

        // then it closes, and the task is as it was: open, not snoozed.
        #expect(eventually { (try? desktop.displayedCount()) == 0 })
        #expect(daemon.waitForLog { $0.event == "action" && $0["outcome"] == "dismissed" && $0.task == mail } != nil, "\(daemon)")
        var task = try cli.task(String(mail))
        // Open and not snoozed; handled (acknowledged, as Thunderbird's X-MOZ-LASTACK says it):
        // the reminders shown so far are reminders no more.
        let reminders = try #require(task["reminders"] as? [[String: Any]])
        #expect(reminders.filter { JSON.instant($0["at"]).map { $0 <= Date() } ?? false }.isEmpty, "\(task)")
        #expect(!reminders.contains { $0["kind"] as? String == "snoozed" })
        before["reminders"] = nil
        task["reminders"] = nil
        #expect(JSON.text(task) == JSON.text(before))
        #expect(task["completed"] as? Bool == false)
        #expect(try cli.lines("list").contains { $0.contains("Sort the mail") })
        #expect(daemon.firings(of: mail).count == 1, "\(daemon)")
    }
}
