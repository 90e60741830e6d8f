import FoundationEssentials

/// A file of a list's folder that holds no task, as the store remembers it
/// (`event`): where it is, what it was when last read, and whether it holds
/// an event todo-remind follows.
public struct EventFile: Hashable, Sendable {
    public var id: Int64
    public var folder: String
    public var name: String
    /// The UID of the event it holds; nil for a file that holds none.
    public var uid: String?
    /// The file's etag (`ItemStamp.etag`) when last read.
    public var etag: String
    /// Why its event is not followed, as a sentence naming the file.
    public var problem: String?

    public init(id: Int64, folder: String, name: String, uid: String?, etag: String, problem: String?) {
        self.id = id
        self.folder = folder
        self.name = name
        self.uid = uid
        self.etag = etag
        self.problem = problem
    }
}
