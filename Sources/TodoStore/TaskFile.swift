import FoundationEssentials

/// A task of a folder-backed list and its file there, as the store
/// remembers it: where the file is and what it was when last seen. The
/// versions a three-way merge starts from are `TaskFiles.versions`.
public struct TaskFile: Hashable, Sendable {
    public var taskID: Int64
    /// The folder the file is in (a list's path).
    public var folder: String
    /// The file's name in the folder; nil until the task's first file is written.
    public var name: String?
    /// The VTODO's UID; nil until the first file is written.
    public var uid: String?
    /// The file's etag (`ItemStamp.etag`) when last written or read; a
    /// file whose etag differs was changed by someone else since.
    public var etag: String?

    public init(taskID: Int64, folder: String, name: String? = nil, uid: String? = nil, etag: String? = nil) {
        self.taskID = taskID
        self.folder = folder
        self.name = name
        self.uid = uid
        self.etag = etag
    }
}
