import FoundationEssentials
import TodoCalendar

/// The version a copy of a task changed elsewhere grew from, chosen among
/// the versions of its file this side has seen, and the fields in which
/// taking that copy would undo an edit made here.
///
/// Nothing in a file says which version it grew from. vdirsyncer carries
/// the versions written here to the server without a trace in the folder;
/// a second local client (todoman) re-writes the file by rename; and when
/// the folder's copy and the server's both changed, "b wins" puts the
/// server's in the folder, which grew from the version the server last got:
/// one read or written here before any number of later ones. So every
/// version seen is a candidate, read in or written here alike.
public struct MergeBase: Hashable, Sendable {
    /// One version of the file this side has seen.
    public struct Version: Hashable, Sendable {
        public var properties: VTodoProperties
        /// Whether it was written here (so a field it changed was changed here).
        public var writtenHere: Bool

        public init(properties: VTodoProperties, writtenHere: Bool) {
            self.properties = properties
            self.writtenHere = writtenHere
        }

        /// Reads a version as `encoded` stores it; nil when the bytes are
        /// not one (a store written by a newer todo-remind).
        public init?(encoded: [UInt8], writtenHere: Bool) {
            guard let properties = try? PropertyListDecoder().decode(VTodoProperties.self, from: Data(encoded)) else { return nil }
            self.init(properties: properties, writtenHere: writtenHere)
        }

        /// What the store keeps of the version (`TaskFileVersion`): its
        /// properties, read back without parsing a file, so that choosing a
        /// base costs no file's parse however many versions are kept. The
        /// occurrences completed elsewhere are left out, being most of a long
        /// series' file and nothing a merge reads from its base
        /// (FolderSync takes them from the incoming copy).
        public var encoded: [UInt8] {
            get throws {
                let kept = properties.withoutCompletedOccurrences
                let encoder = PropertyListEncoder()
                encoder.outputFormat = .binary
                return [UInt8](try encoder.encode(kept))
            }
        }
    }

    /// How many versions of a task's file are kept to choose a base from:
    /// more than a task's file goes through here (edits written, other local
    /// clients' re-writes read in) between two syncs with the server, as a
    /// rule; the copy the server sends back grew from the version it last
    /// got, which must be among them.
    public static let versionsKept = 32

    /// The base for `VTodoMerge.merge`.
    public var properties: VTodoProperties
    /// The fields in which the incoming copy holds a value this side had and
    /// changed here since, with no version read in since that had it again:
    /// `VTodoMerge.merge` keeps ours there and reports a conflict.
    public var undoing: Set<VTodoField>
    /// The fields a version written here since the base changed, though
    /// ours may hold the base's value again (changed and changed back, or
    /// set to what the other side's copy had): changed on this side too, so
    /// a change on theirs is a conflict, not theirs to take unseen.
    public var changedHere: Set<VTodoField>

    /// The base of `theirs` among `versions` (oldest first); nil when there
    /// are none.
    ///
    /// The base is the version `theirs` differs from in the fewest fields:
    /// the other side changes a field or two of the version it had, and any
    /// other version also differs in the fields changed here since (or
    /// before). On a tie the older is taken: a field that may have changed
    /// on both sides is then settled as a conflict and reported, rather than
    /// taken from one side unseen.
    ///
    /// That guess can still be too new: a copy that grew from an old version
    /// and was edited elsewhere to agree with a newer one in more fields
    /// than it disagrees. Its other fields then look like the other side's
    /// changes, and taking them would silently revert the edits made here.
    /// Hence `undoing`: a field in which `theirs` holds an older value that
    /// a version written here changed, when no version read in since held
    /// that value again (which would show the other side set it back on
    /// purpose). Whether the other side set it back on purpose cannot be
    /// known; the edit made here is kept and the conflict reported.
    public init?(of theirs: VTodoProperties, among versions: [Version]) {
        var best: (index: Int, distance: Int)?
        for (index, version) in versions.enumerated() {
            let distance = VTodoField.allCases.filter { !theirs.agrees(with: version.properties, on: $0) }.count
            if distance < best?.distance ?? .max { best = (index, distance) }
        }
        guard let best else { return nil }
        properties = versions[best.index].properties
        changedHere = Set(VTodoField.allCases.filter { Self.changedHere($0, after: best.index, in: versions) })
        undoing = Set(VTodoField.allCases.filter { field in
            guard let last = versions.lastIndex(where: { theirs.agrees(with: $0.properties, on: field) }) else {
                return false  // a value never seen here: theirs to set
            }
            return Self.changedHere(field, after: last, in: versions)
        })
    }

    /// Whether a version written here after the one at `index` changed
    /// `field` from the version before it.
    private static func changedHere(_ field: VTodoField, after index: Int, in versions: [Version]) -> Bool {
        versions.indices.contains { later in
            later > index && versions[later].writtenHere
                && !versions[later].properties.agrees(with: versions[later - 1].properties, on: field)
        }
    }
}
