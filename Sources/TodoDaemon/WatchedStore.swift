import FoundationEssentials
import Logging
import TodoCore
import TodoNotify
import TodoStore

/// The store the daemon works on and the engine planning from it, kept for
/// as long as the store's path names the file that was opened.
///
/// The file can be deleted, moved away or replaced (another file renamed
/// over it) while the daemon runs. Kept open, it would go on firing the
/// reminders of a list that is gone, never see a new one, and write its
/// ledger to the `-wal` beside the path, which SQLite replays into whatever
/// file is at the path next: another program's database, destroyed. So the
/// daemon asks here for the engine before acting on any event, and one
/// `stat` tells whether the path still names the store; when it does not,
/// the store is let go of first. When a todo-remind store is at the path
/// again (the next `todo-remind add` makes one), it is opened with an engine
/// of its own.
final class WatchedStore {
    let path: String
    private let logger: Logger
    /// Makes the engine of a store just opened, given its generation.
    private let makeEngine: (TaskStore, Int) -> ReminderEngine
    /// Disarms the timer that the engine of a store let go of had armed.
    private let disarm: () throws -> Void
    private var open: (store: TaskStore, engine: ReminderEngine)?
    /// Which opening of a store the open one is: the outcome of a delivery
    /// that an earlier one asked for is not this one's to record.
    private(set) var generation = 0
    /// Why the file at the path was last refused: said once, not at every change.
    private var refusal: String?
    /// The store each notification shown was for, so that an action on an
    /// old bubble does not reach a store opened since.
    private var origins = NotificationOrigins()
    /// The open store's `dataVersion` when last looked at (`changedElsewhere`).
    private var seenVersion: Int?

    init(
        store: TaskStore,
        logger: Logger,
        disarm: @escaping () throws -> Void,
        makeEngine: @escaping (TaskStore, Int) -> ReminderEngine
    ) {
        path = store.path
        self.logger = logger
        self.disarm = disarm
        self.makeEngine = makeEngine
        open = (store, makeEngine(store, generation))
        seenVersion = try? store.dataVersion()
    }

    /// The store open, if any.
    var store: TaskStore? { open?.store }

    /// The engine, if the path still names the store it plans from;
    /// otherwise lets go of that store first, and there is none.
    func engine() throws -> ReminderEngine? {
        guard let open else { return nil }
        guard open.store.isInPlace else {
            try letGo()
            return nil
        }
        return open.engine
    }

    /// Whether another process committed to the store since the last call,
    /// or since the store was opened: a change to plan for. The store's
    /// folder shows this daemon's own writes too (the ledger, the timer it
    /// armed, an action, a file read in), each of which the plan has
    /// followed already; planning again for them would plan every edit
    /// twice. True when the store cannot tell; false when no store is in
    /// place (one that is not is let go of first).
    func changedElsewhere() throws -> Bool {
        guard try engine() != nil, let open else { return false }
        guard let version = try? open.store.dataVersion() else { return true }
        defer { seenVersion = version }
        return version != seenVersion
    }

    /// A delivery that the engine of `generation` asked for ended: its
    /// bubble's id is remembered as that store's, and the outcome goes to
    /// the engine only if that store is still the one open (an earlier
    /// store's ledger is not this one's).
    func deliveryFinished(_ job: DeliveryJob, result: Result<UInt32, NotifyError>, generation: Int) throws {
        if case .success(let id) = result {
            origins.shown(id, generation: generation)
        }
        guard generation == self.generation else { return }
        try engine()?.deliveryFinished(job, result: result)
    }

    /// An action was chosen on a bubble: carried out on the store open,
    /// unless the bubble was shown for an earlier store (deleted or replaced
    /// since), whose task ids may name other tasks in this one; or unless no
    /// store is open. Either is said in one line.
    func actionInvoked(_ invocation: ActionInvocation) throws {
        func ignored(_ reason: String) -> Logger.Metadata {
            ReminderEngine.actionMetadata(invocation.owner, key: invocation.key, outcome: "ignored", [
                "notification": .stringConvertible(invocation.notificationID), "reason": .string(reason),
            ])
        }
        if let shownFor = origins.generation(of: invocation.notificationID), shownFor != generation {
            logger.notice("Ignored “\(invocation.key)” on the bubble of \(invocation.owner): it was shown for a store since deleted or replaced.",
                          metadata: ignored("store-replaced"))
            return
        }
        guard let engine = try engine() else {
            logger.notice("Ignored “\(invocation.key)” on the bubble of \(invocation.owner): no store is open.",
                          metadata: ignored("no-store"))
            return
        }
        try engine.actionInvoked(invocation)
    }

    /// Closes the store the path no longer names, writing nothing more to
    /// it, and forgets its engine: the retries and records it kept in memory
    /// are of that file's tasks, and its timer is disarmed.
    ///
    /// Closing removes the `-wal` and `-shm` files beside the path, which are
    /// still that store's, before a new store or another file there can be
    /// opened with them.
    private func letGo() throws {
        guard let open else { return }
        self.open = nil
        do {
            try open.store.close()
        } catch {
            logger.error("The store that was at \(path) could not be closed: \(error.readableDescription)",
                         metadata: LogTopic.storeGone.metadata(["store": .string(path), "error": .string(error.readableDescription)]))
        }
        try disarm()
        logger.notice("The store at \(path) was deleted, moved or replaced: it is closed, and nothing fires until a todo-remind store is there again.",
                      metadata: LogTopic.storeGone.metadata(["store": .string(path)]))
    }

    /// Opens the store at the path when none is open and one is there, and
    /// starts its engine. Says nothing while the path holds nothing, and
    /// says once why a file there is refused (it is never written to).
    func reopen() throws {
        guard open == nil else { return }
        let store: TaskStore
        do {
            store = try TaskStore(path: path, access: .readWriteExisting, connections: .kept, author: .bubble)
        } catch StoreError.missing {
            return
        } catch {
            let reason = error.readableDescription
            if reason != refusal {
                refusal = reason
                logger.warning("Waiting for a todo-remind store at \(path): \(reason)",
                               metadata: LogTopic.storeRefused.metadata(["store": .string(path), "reason": .string(reason)]))
            }
            return
        }
        refusal = nil
        generation += 1
        let engine = makeEngine(store, generation)
        open = (store, engine)
        seenVersion = try? store.dataVersion()
        logger.notice("A todo-remind store is at \(path) again; planning from it.", metadata: LogTopic.storeBack.metadata(["store": .string(path)]))
        try engine.start()
    }

    /// At a clean stop: saves how far the engine planned and closes the
    /// store, so that no `-wal` or `-shm` file is left beside it.
    func close() throws {
        guard try engine() != nil, let open else { return }
        open.engine.saveWatermark()
        self.open = nil
        try open.store.close()
    }
}
