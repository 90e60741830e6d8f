import Foundation
import InMemoryLogging
import Logging
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// The daemon's store replaced while bubbles shown for it are still on
/// screen: actions and delivery outcomes go through `WatchedStore`, which
/// knows which store each bubble was shown for.
@Suite("Watched store: bubbles of a store since replaced")
struct WatchedStoreTests {
    typealias T = EngineTime

    /// A store at a path, watched as the daemon watches it, with an engine
    /// per opening that shares one test clock, and a deliverer per opening.
    final class Setup {
        let folder: TemporaryFolder
        let path: String
        let clock = EngineTestClock(T.at(8))
        let log: InMemoryLogHandler
        let watched: WatchedStore

        init() throws {
            folder = try TemporaryFolder()
            path = folder.file("tasks.sqlite")
            var log = InMemoryLogHandler()
            log.logLevel = .trace
            self.log = log
            let logger = Logger(label: "watched-store-tests") { _ in log }
            let clock = clock
            let store = try TaskStore(path: path)
            var made: [RecordingDeliverer] = []
            watched = WatchedStore(store: store, logger: logger, disarm: {}) { store, _ in
                let deliverer = RecordingDeliverer()
                made.append(deliverer)
                return ReminderEngine(
                    store: store,
                    settings: Settings(policy: EngineFixture.defaultPolicy, snoozeChoices: ["1h"]),
                    timeZone: T.berlin, iconPath: nil, now: { clock.now },
                    timer: RecordingWakeTimer(), deliverer: deliverer, logger: logger
                )
            }
            // The closure appends again at each reopening.
            self.made = { made }
        }

        /// The deliverers of every engine made so far, by generation.
        private var made: () -> [RecordingDeliverer] = { [] }

        /// The jobs the engine of `generation` handed over.
        func jobs(of generation: Int) -> [DeliveryJob] {
            let all = made()
            return all.indices.contains(generation) ? all[generation].jobs : []
        }

        var store: TaskStore? { watched.store }

        /// Puts a new store at the path with one task, as a restore from a
        /// backup would: built beside it, then renamed over it.
        func replaceStore(with title: String, due: Due) throws -> TodoTask {
            let built = folder.file("built.sqlite")
            let store = try TaskStore(path: built)
            let task = try store.add(TaskDraft(title: title, due: due), now: clock.now)
            try store.close()
            try #require(rename(built, path) == 0)
            return task
        }

        /// The log lines that say an action was ignored.
        var ignored: [InMemoryLogHandler.Entry] {
            log.entries(of: "action", outcome: "ignored")
        }
    }

    @Test("Mark done or Snooze on a bubble shown for a store since replaced does not reach the new store, whose task has the same id; one line says so")
    func actionOnOldBubbleIsIgnored() throws {
        // Given a store whose task 1 fired, its bubble shown as notification 11
        let setup = try Setup()
        let old = try #require(setup.store).add(TaskDraft(title: "Old task", due: .day(T.today)), now: setup.clock.now)
        try #require(try setup.watched.engine()).start()
        setup.clock.now = T.at(9)
        try #require(try setup.watched.engine()).timerFired()
        let oldJob = try #require(setup.jobs(of: 0).only)
        try setup.watched.deliveryFinished(oldJob, result: .success(11), generation: 0)

        // and then replaced by another store, whose task 1 is another task,
        let new = try setup.replaceStore(with: "New task", due: .day(T.today.adding(days: 1)))
        #expect(new.id == old.id)
        #expect(try setup.watched.engine() == nil)
        try setup.watched.reopen()
        #expect(setup.watched.generation == 1)

        // when Mark done and then a snooze are chosen on the old bubble,
        setup.clock.now = T.at(9, 5)
        for key in ["done", "snooze:1h"] {
            try setup.watched.actionInvoked(ActionInvocation(taskID: old.id, key: key, notificationID: 11))
        }

        // then the new store's task is neither done nor snoozed, and each action was said ignored once
        let stored = try #require(try setup.store?.task(id: new.id))
        #expect(stored.completedAt == nil)
        #expect(stored.snoozedUntil == nil)
        #expect(setup.ignored.count == 2, "\(setup.log.entries)")
        #expect(setup.ignored.map { $0["action"] } == ["done", "snooze:1h"])
        #expect(setup.ignored.allSatisfy { $0["reason"] == "store-replaced" && $0["task"] == "\(old.id)" })
    }

    @Test("An action on a bubble of the store open now is carried out, also after a swap; one whose outcome came after the swap is ignored")
    func actionsAfterSwap() throws {
        // Given a store with a task reminded at 09:00, whose delivery is still under way
        let setup = try Setup()
        _ = try #require(setup.store).add(TaskDraft(title: "Old task", due: .day(T.today)), now: setup.clock.now)
        try #require(try setup.watched.engine()).start()
        setup.clock.now = T.at(9)
        try #require(try setup.watched.engine()).timerFired()
        let oldJob = try #require(setup.jobs(of: 0).only)

        // when the store is replaced before the server answers (notification 21),
        let new = try setup.replaceStore(with: "New task", due: .time(T.at(9, 10)))
        #expect(try setup.watched.engine() == nil)
        try setup.watched.reopen()
        try setup.watched.deliveryFinished(oldJob, result: .success(21), generation: 0)
        // and the new store's own reminder, at 09:10, is shown as notification 22,
        setup.clock.now = T.at(9, 10)
        try #require(try setup.watched.engine()).timerFired()
        let newJob = try #require(setup.jobs(of: 1).only)
        try setup.watched.deliveryFinished(newJob, result: .success(22), generation: 1)

        // then Mark done on the old bubble is ignored, and the old delivery is not on the new ledger,
        setup.clock.now = T.at(9, 15)
        try setup.watched.actionInvoked(ActionInvocation(taskID: new.id, key: "done", notificationID: 21))
        #expect(try setup.store?.task(id: new.id)?.completedAt == nil)
        #expect(try setup.store?.ledger.records(from: .distantPast, through: .distantFuture).map(\.detail) == ["notification 22"])
        #expect(setup.ignored.count == 1)

        // and Mark done on the new bubble completes the new store's task.
        try setup.watched.actionInvoked(ActionInvocation(taskID: new.id, key: "done", notificationID: 22))
        #expect(try setup.store?.task(id: new.id)?.completedAt == T.at(9, 15))
        #expect(setup.ignored.count == 1)
    }

    @Test("Only the latest ids are remembered: the oldest is forgotten once capacity is exceeded, and a replaced bubble counts for its latest store")
    func originsAreBounded() {
        var origins = NotificationOrigins()
        origins.shown(1, generation: 0)
        origins.shown(1, generation: 2)
        #expect(origins.generation(of: 1) == 2)
        for id in 2...UInt32(NotificationOrigins.capacity) { origins.shown(id, generation: 3) }
        #expect(origins.generation(of: 1) == 2)

        origins.shown(UInt32(NotificationOrigins.capacity) + 1, generation: 3)

        #expect(origins.generation(of: 1) == nil)
        #expect(origins.generation(of: 2) == 3)
    }
}
