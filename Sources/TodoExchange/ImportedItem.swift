import TodoCore


/// One task read from another program's file, ready for the store.
public struct ImportedItem: Sendable {
    /// The task's fields.
    public var draft: TaskDraft
    /// Where it came from: the UID a second import recognises it by, and
    /// what the store keeps of it beyond the fields (`TaskOrigin`).
    public var origin: TaskOrigin
    /// The UID of the task it is a subtask of, in the same file; nil for none.
    public var parentUID: String?
    /// Where it is in the file: "line 12", "element 3".
    public var place: String

    public init(draft: TaskDraft, origin: TaskOrigin, parentUID: String? = nil, place: String) {
        self.draft = draft
        self.origin = origin
        self.parentUID = parentUID
        self.place = place
    }
}
