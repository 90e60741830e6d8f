import FoundationEssentials
import TodoCalendar

/// A three-way, field-by-field merge of a task changed on both sides since
/// both last agreed, so that no edit made on either side is lost.
///
/// vdirsyncer resolves conflicts by whole item; merging here, in our own
/// folder, is what lets a title edited on the desktop and a due edited on
/// the phone both survive.
public enum VTodoMerge {
    /// A merge's result: the fields to write, and the fields changed on both
    /// sides to different values (for `sync --check` to report).
    public struct Result: Hashable, Sendable {
        public var merged: VTodoProperties
        /// Settled by the newer LAST-MODIFIED.
        public var conflicts: [VTodoField]
        /// Fields in which theirs would have undone an edit made here
        /// (`MergeBase.undoing`): ours kept, whichever is newer.
        public var keptUndone: [VTodoField] = []
    }

    /// Merges `ours` and `theirs` against `base`, the version both sides had.
    ///
    /// A field changed on one side only takes that side's value; changed on
    /// both sides to the same value, it takes it; changed on both to
    /// different values, it is a conflict, and the side with the newer
    /// LAST-MODIFIED wins. On a tie (or with neither time known) ours wins:
    /// it is the edit made here, not yet seen anywhere else, while theirs
    /// has reached the server already.
    ///
    /// What is no `VTodoField` (other clients' alarms, their triggers,
    /// acknowledgements and snoozes, and occurrences completed elsewhere)
    /// is taken from `theirs`, the file as it is now: those are the other
    /// clients' to change, and what this side does with them is written
    /// into the file by a user action, never by a merge.
    ///
    /// A field in `changedHere` counts as changed on our side even where
    /// ours holds the base's value again. A field in `undoing` that theirs
    /// changed to a value other than ours is a conflict too, where ours is
    /// kept: the base may be a guess, and taking theirs would silently
    /// revert an edit made here. (`MergeBase` finds both.)
    public static func merge(
        base: VTodoProperties,
        ours: VTodoProperties, oursModified: Date?,
        theirs: VTodoProperties, theirsModified: Date?,
        changedHere: Set<VTodoField> = [], undoing: Set<VTodoField> = []
    ) -> Result {
        let theirsNewer = (theirsModified ?? .distantPast) > (oursModified ?? .distantPast)
        var merged = base
        merged.takeFileValues(from: theirs)
        var conflicts: [VTodoField] = []
        var keptUndone: [VTodoField] = []
        for field in VTodoField.allCases {
            let oursChanged = !ours.agrees(with: base, on: field) || changedHere.contains(field)
            let theirsChanged = !theirs.agrees(with: base, on: field)
            switch (oursChanged, theirsChanged) {
            case (false, false):
                break
            case (true, false):
                merged.take(field, from: ours)
            case (true, true) where field == .acknowledgement,
                 (false, true) where field == .acknowledgement && undoing.contains(field):
                // Handled on both devices (or theirs is a handling this side
                // has moved on from): the later handling covers both.
                let later = [ours.acknowledgedAt, theirs.acknowledgedAt].compactMap { $0 }.max()
                merged.acknowledgedAt = later
            case (_, true) where undoing.contains(field) && !ours.agrees(with: theirs, on: field):
                merged.take(field, from: ours)
                keptUndone.append(field)
            case (false, true):
                merged.take(field, from: theirs)
            case (true, true):
                if !ours.agrees(with: theirs, on: field) { conflicts.append(field) }
                merged.take(field, from: theirsNewer ? theirs : ours)
            }
        }
        return Result(merged: merged, conflicts: conflicts, keptUndone: keptUndone)
    }
}
