import FoundationEssentials

/// Completing a task's open occurrence: the one rule that `done`, a bubble's
/// Mark done (both through `TaskStore.markDone`) and a series completed in
/// another client's file (read in by `FolderSync`) follow.
extension TodoTask {
    /// Completes the task's open occurrence at `instant`, its reminders
    /// handled at `handledAt`.
    ///
    /// A one-off task is done. A repeating task's open occurrence is done and
    /// the task moves on to `next`, keeping its id and its series' count of
    /// completions; with no `next` (COUNT or UNTIL has ended the series) it
    /// is done for good. Either way the reminders shown so far are handled
    /// (`acknowledgedAt`, which the task's file carries to every device: a
    /// bubble still open for the occurrence closes), and a snooze ends, since
    /// it put off an occurrence that is done. A task done already is left as
    /// it is.
    ///
    /// - Parameters:
    ///   - instant: when the occurrence was done: now for `done`, the
    ///     file's `COMPLETED` for a completion read in.
    ///   - next: the due after the open occurrence, worked out by the
    ///     caller from the rule (`TaskRepeat.nextDue`, in TodoRecurrence);
    ///     ignored for a one-off task.
    ///   - handledAt: when the reminders count as handled: the moment of the
    ///     command, the bubble's action or the read-in, so that every
    ///     reminder shown until then is (one shown here after the other
    ///     client's completion, before the file came in, included).
    ///   - clock: the machine's zone, in which a start moves with the due
    ///     (`moveOccurrence(to:clock:)`).
    /// - Returns: the occurrence completed, for the series' history (the
    ///   store's `completion` rows); nil for a one-off task, or one done already.
    public mutating func completeOccurrence(at instant: Date, next: Due?, handledAt: Date, clock: WallClock) -> Completion? {
        guard !isCompleted else { return nil }
        acknowledgedAt = handledAt
        snoozedUntil = nil
        guard var repeating else {
            completedAt = instant
            return nil
        }
        let completion = Completion(due: due, at: instant)
        repeating.completedCount += 1
        self.repeating = repeating
        if let next { moveOccurrence(to: next, clock: clock) } else { completedAt = instant }
        return completion
    }
}
