import FoundationEssentials

/// How a file's parent UID (`RELATED-TO`) and a task's parent id name each
/// other, within one sync's transaction: a UID is the task whose file has
/// it, in any list; a task is named by its file's UID, given one when it has
/// none yet (a parent added here and not written, whose subtask's file is
/// written first).
public struct ParentLinks {
    /// The task whose file has the UID; nil when none has.
    public let id: (String) -> Int64?
    /// The UID of the task's file; nil for a task without one (of the local
    /// list, or gone).
    public let uid: (Int64) -> String?

    /// No task is named: a parent read stays unlinked, and a task's parent
    /// leaves the file's RELATED-TO as it is.
    public static var unlinked: ParentLinks { ParentLinks(id: { _ in nil }, uid: { _ in nil }) }

    public init(id: @escaping (String) -> Int64?, uid: @escaping (Int64) -> String?) {
        self.id = id
        self.uid = uid
    }
}
