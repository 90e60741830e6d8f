import Logging

/// What a line of the daemon's log is about: its topic, written as the
/// `event` metadata (the key the log has always had, which programs read).
///
/// The message of a line is for people and may be reworded at any time; the
/// topic and the metadata beside it are for programs (the end-to-end tests,
/// the benchmarks, a log shipper reading `--log-format json`), which look
/// lines up by them instead of matching prose.
enum LogTopic: String {
    /// The daemon runs and plans from the store at `store`.
    case watching
    /// SIGTERM or SIGINT: the daemon stops.
    case stopping
    /// Which notification server answers (`server`), at start.
    case server
    /// No notification server can be reached (`error`); reminders go to stdout.
    case serverLost = "server-lost"
    /// A notification server answers again.
    case serverBack = "server-back"
    /// A reminder or digest is handed to the notifier (`DeliveryJob.logMetadata`,
    /// with `lateness_ms`).
    case fire
    /// A notifier answered: `outcome` is `delivered` (with `notification`),
    /// `retrying` (with `error` and `retry_in_s`) or `given-up` (with `error`).
    case delivery
    /// Reminders older than the catch-up window were recorded skipped (`count`).
    case skip
    /// A debug line: the plan was made and carried out (`shown`: the
    /// notifications handed to the notifier, `recorded`: the ledger's new
    /// lines). One per plan, so that a program can count plans per change.
    case planned
    /// The timer is armed for the next reminder (`Reminder.logMetadata`).
    case armed
    /// An action chosen on a bubble (`task`, `action`): `outcome` is
    /// `marked-done`, `snoozed` (with `until`), `refused` (with `error`),
    /// `dismissed` or `ignored` (with `reason`).
    case action
    /// A bubble was closed because its task's reminder was handled elsewhere
    /// (`task`, `reason`: `completed`, `acknowledged`, `off` or `deleted`).
    case closed
    /// The wall clock was set.
    case clockSet = "clock-set"
    /// The time zone changed to `zone`.
    case timeZone = "time-zone"
    /// A `TZ` the daemon cannot follow exactly, or a time zone it cannot watch.
    case timeZoneWarning = "time-zone-warning"
    /// SIGHUP: the settings are read again; when they cannot be, a second
    /// line says the old ones are `kept` (`outcome`, with `error`).
    case settings
    /// The ledger cannot be written (`error`, `kept`): records wait in memory.
    case ledgerFailing = "ledger-failing"
    /// The ledger can be written again.
    case ledgerBack = "ledger-back"
    /// The index of events' alarms could not be carried forward (`error`):
    /// they are planned from it as it is, once a line until it can be.
    case eventIndexFailing = "event-index-failing"
    /// The store at `store` was deleted, moved or replaced, and let go of.
    case storeGone = "store-gone"
    /// A file at `store` is not a store the daemon may open (`reason`).
    case storeRefused = "store-refused"
    /// A todo-remind store is at `store` again and is planned from.
    case storeBack = "store-back"
    /// The list folders kept in step with the store (`count`, `lists`), at
    /// start and on SIGHUP; a warning line when a `path` matches none or a
    /// `folder` cannot be watched.
    case lists
    /// Files added, changed or removed in the list folders were read into
    /// the store (`count`); the plan follows.
    case readIn = "read-in"
    /// A file of a list folder is skipped (`file`, `reason`), once per file.
    case fileSkipped = "file-skipped"
    /// A field changed both here and elsewhere (`task`, `fields`), settled
    /// by the newer LAST-MODIFIED (`kept`: here or there).
    case conflict
    /// The list folders could not be synced (`error`); tried again at their
    /// next change. Logged once while the same error lasts.
    case syncFailed = "sync-failed"
    /// Files of tasks changed here cannot be written into a list folder
    /// (`folder`, `error`, `tasks`); tried again with growing waits
    /// (`RetrySchedule.folderWrites`). Logged once per folder and cause.
    case writeFailed = "write-failed"
    /// A list folder that could not be written was written again (`folder`).
    case writeResumed = "write-resumed"
}

extension LogTopic {
    /// The metadata of a line about this event, with `more` beside it.
    func metadata(_ more: Logger.Metadata = [:]) -> Logger.Metadata {
        more.merging(["event": .string(rawValue)]) { _, event in event }
    }
}
