import FoundationEssentials
import Logging
import TodoCore
import TodoStore

/// Writes the engine's ledger records and bookkeeping, and keeps in memory
/// what the store cannot take yet (a full disk, a read-only file), so that a
/// due reminder is shown anyway and recorded once the store takes writes
/// again.
///
/// A failed write is said once in the log, when the trouble starts, and once
/// when it ends; in between, every event of the engine tries again with the
/// records kept, the newest of each reminder winning.
final class LedgerWriter {
    private let store: TaskStore
    private let logger: Logger
    /// Records the store has not taken yet, by reminder, in the order first kept.
    private var kept: [Reminder.ID: DeliveryRecord] = [:]
    private var keptOrder: [Reminder.ID] = []
    /// The daemon's state the store has not taken yet: the latest of each.
    private var keptStart: Date?
    private var keptArmed: Reminder??
    private var keptPlannedThrough: Date?
    /// Whether the last write failed: the log says so once, not on every try.
    private(set) var isFailing = false

    init(store: TaskStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// The reminders recorded in memory only: as good as on the ledger for
    /// deciding what fires.
    var keptIDs: Set<Reminder.ID> { Set(keptOrder) }

    /// Whether anything waits to be written.
    var hasKept: Bool {
        !keptOrder.isEmpty || keptStart != nil || keptArmed != nil || keptPlannedThrough != nil
    }

    /// Records these, with anything kept from before, in one transaction; on
    /// failure keeps them all for the next try.
    func record(_ records: [DeliveryRecord]) {
        for record in records {
            let id = record.reminder.id
            if kept.updateValue(record, forKey: id) == nil { keptOrder.append(id) }
        }
        flush()
    }

    /// Records that the engine started planning from the store at `instant`
    /// (which clears the armed reminder of an earlier run), kept for later
    /// on failure.
    func recordStarted(at instant: Date) {
        keptStart = instant
        keptArmed = nil
        flush()
    }

    /// Records the reminder the timer is armed for, kept for later on failure.
    func recordArmed(_ reminder: Reminder?) {
        keptArmed = .some(reminder)
        flush()
    }

    /// Records how far the engine has planned, kept for later on failure.
    func recordPlannedThrough(_ instant: Date) {
        keptPlannedThrough = instant
        flush()
    }

    /// Tries to write everything kept.
    func flush() {
        guard hasKept else { return }
        do {
            try store.ledger.record(keptOrder.compactMap { kept[$0] })
            // Each cleared as soon as written: a retry after a failure part
            // way through writes only what is still kept. The start first,
            // since it clears the armed reminder that may follow.
            kept = [:]
            keptOrder = []
            if let keptStart {
                try store.recordDaemonStarted(at: keptStart)
                self.keptStart = nil
            }
            if let keptArmed {
                try store.recordArmed(keptArmed)
                self.keptArmed = nil
            }
            if let keptPlannedThrough {
                try store.recordPlannedThrough(keptPlannedThrough)
                self.keptPlannedThrough = nil
            }
            if isFailing {
                isFailing = false
                logger.notice("The store takes writes again; the ledger is up to date.", metadata: LogTopic.ledgerBack.metadata())
            }
        } catch {
            if !isFailing {
                isFailing = true
                logger.error("The ledger cannot be written (\(error.readableDescription)); reminders are still shown, and recorded once it can be.",
                             metadata: LogTopic.ledgerFailing.metadata([
                                 "error": .string(error.readableDescription), "kept": .stringConvertible(keptOrder.count),
                             ]))
            }
        }
    }
}
