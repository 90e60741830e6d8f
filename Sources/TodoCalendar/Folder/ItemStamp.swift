/// What a scan remembers of one item file to know, next time, whether it
/// changed: its name, modification time in nanoseconds and inode (an
/// atomic rename gives the file a new inode even within one mtime tick).
public struct ItemStamp: Hashable, Sendable {
    /// The file name inside its folder ("abc.ics").
    public let name: String
    /// `st_mtime` in nanoseconds since 1970.
    public let modificationNanoseconds: Int64
    /// `st_ino`.
    public let inode: UInt64

    public init(name: String, modificationNanoseconds: Int64, inode: UInt64) {
        self.name = name
        self.modificationNanoseconds = modificationNanoseconds
        self.inode = inode
    }

    /// vdirsyncer's etag for the file, `"<st_mtime_ns>;<st_ino>"`.
    public var etag: String { "\(modificationNanoseconds);\(inode)" }
}
