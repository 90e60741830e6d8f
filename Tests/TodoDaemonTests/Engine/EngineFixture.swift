import Foundation
import InMemoryLogging
import Logging
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoNotify
import TodoStore
import TodoSync
@testable import TodoDaemon
import TodoZones

/// The instants engine tests speak in: Monday 15 June 2026, read on a wall
/// clock in Berlin (UTC+2 in summer) unless a test says otherwise.
enum EngineTime {
    static let berlin = Zone(identifier: "Europe/Berlin")!
    static let newYork = Zone(identifier: "America/New_York")!
    static let utc = Zone(identifier: "UTC")!

    /// The day the tests take place on.
    static let today = LocalDay(year: 2026, month: 6, day: 15)!

    /// The instant a wall clock in `zone` shows hh:mm:ss, `days` after `today`.
    static func at(_ hour: Int, _ minute: Int = 0, _ second: Int = 0, plusDays days: Int = 0,
                   in zone: Zone = berlin) -> Date {
        WallClock(timeZone: zone).instant(on: today.adding(days: days), at: TimeOfDay(hour: hour, minute: minute)!)
            .addingTimeInterval(TimeInterval(second))
    }
}

/// A store on a real SQLite file in a folder of its own, a clock the test
/// sets, and the console a test shows notifications on: what a daemon runs
/// against. `startDaemon()` starts one; calling it again is a restart.
final class EngineFixture {
    let folder: TemporaryFolder
    let store: TaskStore
    let clock: EngineTestClock
    var policy: ReminderPolicy
    var snoozeChoices = ["1h"]
    var timeZone: Zone
    /// The lines written by the console notifier, oldest first.
    let shown = Shared<[String]>([])
    let console: ConsoleNotifier

    /// The policy of a test that names none: the standard one without the
    /// daily reminder of overdue tasks, which would add a reminder and a
    /// wake-up every morning to each test of a task's own reminders. The
    /// digest tests (`ReminderEngineDigestTests`) turn it on.
    static let defaultPolicy = ReminderPolicy(overdueInDigest: false)

    init(now: Date, policy: ReminderPolicy = EngineFixture.defaultPolicy, timeZone: Zone = EngineTime.berlin) throws {
        folder = try TemporaryFolder()
        store = try TaskStore(path: folder.file("tasks.sqlite"))
        clock = EngineTestClock(now)
        self.policy = policy
        self.timeZone = timeZone
        let shown = shown
        console = ConsoleNotifier { line in shown.set(shown.get() + [line]) }
    }

    /// Starts a daemon on the store, as the process does: a new engine with a
    /// timer and deliverer of its own, then `start()`. Earlier daemons are
    /// simply dropped, as a crash or a kill would leave them.
    func startDaemon(eventLists: ConfiguredLists? = nil) throws -> EngineDaemon {
        let daemon = EngineDaemon(fixture: self, eventLists: eventLists)
        try daemon.engine.start()
        return daemon
    }

    /// Adds a task as the CLI would, at the clock's time.
    @discardableResult
    func add(_ title: String, due: Due?, reminderOn: Bool = true, notes: String? = nil) throws -> TodoTask {
        try store.add(TaskDraft(title: title, notes: notes, due: due, reminderOn: reminderOn), now: clock.now)
    }

    /// Changes a task as the CLI would, at the clock's time.
    func change(_ task: TodoTask, _ edit: (inout TodoTask) -> Void) throws {
        _ = try store.modify(ids: [task.id], now: clock.now, edit)
    }

    /// Every record of the ledger, oldest instant first.
    func ledger() throws -> [DeliveryRecord] {
        try store.ledger.records(from: .distantPast, through: .distantFuture)
    }

    /// The error a show fails with when no notification server runs.
    static let noServer = NotifyError.noServer(
        reason: "The name org.freedesktop.Notifications was not provided by any .service files"
    )

    /// The ledger's record of one reminder, if any.
    func record(_ task: TodoTask, _ kind: ReminderKind) throws -> DeliveryRecord? {
        try ledger().first { $0.reminder.taskID == task.id && $0.reminder.kind == kind }
    }
}

/// One run of the daemon: its engine, the timer it arms and the deliverer it
/// hands jobs to, with ways for the test to answer those jobs.
final class EngineDaemon {
    let engine: ReminderEngine
    let timer = RecordingWakeTimer()
    let deliverer = RecordingDeliverer()
    /// What the engine logged, at every level.
    let log: InMemoryLogHandler
    private let fixture: EngineFixture

    init(fixture: EngineFixture, eventLists: ConfiguredLists? = nil) {
        self.fixture = fixture
        let clock = fixture.clock
        var log = InMemoryLogHandler()
        log.logLevel = .trace
        self.log = log
        engine = ReminderEngine(
            store: fixture.store,
            settings: Settings(policy: fixture.policy, snoozeChoices: fixture.snoozeChoices),
            timeZone: fixture.timeZone,
            iconPath: nil,
            now: { clock.now },
            timer: timer,
            deliverer: deliverer,
            logger: Logger(label: "engine-tests") { _ in log },
            eventLists: { eventLists }
        )
    }

    /// Every job handed to the deliverer so far.
    var jobs: [DeliveryJob] { deliverer.jobs }

    /// The lines logged about failed deliveries that are tried again, oldest first.
    var retryLines: [InMemoryLogHandler.Entry] { log.entries(of: "delivery", outcome: "retrying") }

    /// Shows every unanswered job on the real console notifier and reports
    /// each as delivered, with the console's number as the server's id.
    ///
    /// - Returns: the lines the console wrote for them.
    @discardableResult
    func showAll() throws -> [String] {
        let before = fixture.shown.get().count
        for job in takeUnanswered() {
            let serverID = try fixture.console.show(job.notification)
            try engine.deliveryFinished(job, result: .success(serverID))
        }
        return Array(fixture.shown.get().dropFirst(before))
    }

    /// Reports every unanswered job as delivered with the given server id.
    func succeedAll(serverID: UInt32 = 7) throws {
        for job in takeUnanswered() {
            try engine.deliveryFinished(job, result: .success(serverID))
        }
    }

    /// Reports every unanswered job as failed with `error`.
    func failAll(_ error: NotifyError) throws {
        for job in takeUnanswered() {
            try engine.deliveryFinished(job, result: .failure(error))
        }
    }

    /// Moves the clock to `instant` and lets the timer go off, as the kernel
    /// would once the clock reaches the instant it was armed for.
    func fire(at instant: Date) throws {
        fixture.clock.now = instant
        try engine.timerFired()
    }

    private func takeUnanswered() -> [DeliveryJob] {
        defer { deliverer.unanswered = [] }
        return deliverer.unanswered
    }
}

/// A way the daemon can be away when a reminder's instant comes.
enum Absence: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Not running: a new daemon starts on the store later.
    case daemonDown
    /// Running, but the machine slept: the timer goes off late.
    case machineAsleep

    var testDescription: String {
        switch self {
        case .daemonDown: "the daemon was down"
        case .machineAsleep: "the machine slept"
        }
    }

    /// Brings the daemon back at `instant`: a restart, or the late expiry of
    /// the running daemon's timer.
    func comeBack(_ daemon: EngineDaemon, in fixture: EngineFixture, at instant: Date) throws -> EngineDaemon {
        fixture.clock.now = instant
        switch self {
        case .daemonDown:
            return try fixture.startDaemon()
        case .machineAsleep:
            try daemon.engine.timerFired()
            return daemon
        }
    }
}

extension Collection {
    /// The one element of a collection of one; nil when it has none or several.
    var only: Element? { count == 1 ? first : nil }
}

extension Reminder {
    /// The task's own reminder of `kind` at `instant`, with the occurrence
    /// the time rules give it: the snooze's instant, else the task's due.
    static func of(_ task: TodoTask, _ kind: ReminderKind, at instant: Date) -> Reminder {
        let occurrence: Occurrence = switch (kind, task.due) {
        case (.snoozed, _), (_, nil): .at(instant)
        case (_, let due?): .due(due)
        }
        return Reminder(taskID: task.id, kind: kind, occurrence: occurrence, at: instant)
    }

    /// The daily reminder of an overdue task on the day `days` after the tests' day.
    static func daily(_ task: TodoTask, plusDays days: Int, at instant: Date) -> Reminder {
        Reminder(taskID: task.id, kind: .morning, occurrence: .day(EngineTime.today.adding(days: days)), at: instant)
    }
}
