import FoundationEssentials
import TodoCore

/// The daemon's state (`DaemonState`), written by the daemon and read by
/// `todo-remind status`: each write is named for what happened, and is one
/// transaction.
extension TaskStore {
    /// The daemon's state as last written; all nil before any daemon ran.
    public func daemonState() throws -> DaemonState {
        try read { db in try DaemonState.fetchOne(db) ?? DaemonState() }
    }

    /// A daemon started planning from this store at `instant`. Whatever an
    /// earlier run armed is no longer armed: this run has armed nothing yet.
    public func recordDaemonStarted(at instant: Date) throws {
        try updateDaemonState { state in
            state.startedAt = instant
            state.armed = nil
        }
    }

    /// The daemon armed its timer for `reminder` (nil: for no reminder).
    public func recordArmed(_ reminder: Reminder?) throws {
        try updateDaemonState { $0.armed = reminder }
    }

    /// The daemon has looked at every reminder up to `instant`.
    public func recordPlannedThrough(_ instant: Date) throws {
        try updateDaemonState { $0.plannedThrough = instant }
    }

    /// Reads the row, changes it and writes it back in one transaction, so
    /// that each column is written with the record's encoding (instants as
    /// seconds since 1970).
    private func updateDaemonState(_ change: (inout DaemonState) -> Void) throws {
        try write { db in
            var state = try DaemonState.fetchOne(db) ?? DaemonState()
            change(&state)
            try state.save(db)
        }
    }
}
