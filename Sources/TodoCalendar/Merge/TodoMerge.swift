import Foundation

/// A three-way, field-by-field merge of a task changed on both sides since
/// both last agreed (issue 12, "No lost edits").
///
/// vdirsyncer resolves conflicts by whole item; merging here, in our own
/// folder, is what lets a title edited on the desktop and a due edited on
/// the phone both survive.
public enum TodoMerge {
    /// A merge's result: the fields to write, and the fields changed on both
    /// sides to different values (for `sync --check` to report).
    public struct Result: Hashable, Sendable {
        public var merged: TodoProperties
        public var conflicts: [TodoField]
    }

    /// Merges `ours` and `theirs` against `base`, the version both sides had.
    ///
    /// A field changed on one side only takes that side's value; changed on
    /// both sides to the same value, it takes it; changed on both to
    /// different values, it is a conflict, and the side with the newer
    /// LAST-MODIFIED wins. On a tie (or with neither time known) ours wins:
    /// it is the edit made here, not yet seen anywhere else, while theirs
    /// has reached the server already.
    public static func merge(
        base: TodoProperties,
        ours: TodoProperties, oursModified: Date?,
        theirs: TodoProperties, theirsModified: Date?
    ) -> Result {
        let theirsNewer = (theirsModified ?? .distantPast) > (oursModified ?? .distantPast)
        var merged = base
        var conflicts: [TodoField] = []
        for field in TodoField.allCases {
            let oursChanged = !ours.agrees(with: base, on: field)
            let theirsChanged = !theirs.agrees(with: base, on: field)
            switch (oursChanged, theirsChanged) {
            case (false, false):
                break
            case (true, false):
                merged.take(field, from: ours)
            case (false, true):
                merged.take(field, from: theirs)
            case (true, true) where field == .acknowledgement:
                // Handled on both devices: the later handling covers both.
                let later = [ours.acknowledgedAt, theirs.acknowledgedAt].compactMap { $0 }.max()
                merged.acknowledgedAt = later
            case (true, true):
                if !ours.agrees(with: theirs, on: field) { conflicts.append(field) }
                merged.take(field, from: theirsNewer ? theirs : ours)
            }
        }
        return Result(merged: merged, conflicts: conflicts)
    }
}
