import FoundationEssentials
#if canImport(Glibc)
import Glibc
import TodoCore
#endif

/// One collection of a vdir: a folder holding one `.ics` file per item, and
/// optional metadata files (vdirsyncer's `docs/vdir.rst`; docs/ARCHITECTURE.md §7.1).
///
/// Every write goes to a temporary file in the same folder that is then
/// renamed over the item, so a reader (vdirsyncer, todoman, our own daemon)
/// sees the old file or the new one, never half of one.
public struct VdirFolder: Hashable, Sendable {
    /// The folder's path.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The folder's own name (its last path component).
    public var folderName: String { path.lastPathComponent }

    /// The `displayname` metadata file, trimmed; nil when absent or empty.
    public var displayName: String? { metadata("displayname") }

    /// The `color` metadata file when it holds `#RRGGBB` (or `#RRGGBBAA`,
    /// which some servers give); nil otherwise.
    public var color: String? {
        guard let value = metadata("color") else { return nil }
        let hex = value.dropFirst()
        guard value.hasPrefix("#"), hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit) else { return nil }
        return value
    }

    /// The items' stamps, by name. Only `.ics` names count: temporary files
    /// (`.tmp`) and files without an extension (metadata) are not items.
    /// An `.ics` name that is not a regular file (a FIFO, a folder) is
    /// listed too, so that `read(_:)` refuses it and the reader reports it.
    public func items() throws(VdirFolderError) -> [ItemStamp] {
        guard let directory = opendir(path) else { throw .systemCall("opendir", path: path, errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if Self.isItemName(name) { names.append(name) }
        }
        // A file removed between readdir and stat is simply gone.
        return names.sorted().compactMap { try? stamp(of: $0) }
    }

    /// Whether a file name is an item's: an `.ics` name. Temporary files
    /// (`.tmp`) and metadata (no extension) are not items, so a change of
    /// one is no change of the list (the daemon's watch goes by this too).
    public static func isItemName(_ name: String) -> Bool {
        name.lowercased().hasSuffix(".ics") && name.count > 4
    }

    /// The current stamp of the item `name`.
    public func stamp(of name: String) throws(VdirFolderError) -> ItemStamp {
        var info = stat()
        guard stat(file(name), &info) == 0 else { throw .systemCall("stat", path: file(name), errno: errno) }
        return Self.stamp(name, info)
    }

    /// The stamp of the folder itself (named ""): its directory's mtime and
    /// inode. Putting a file in by rename, or removing one, changes it; an
    /// edit of a file in place does not.
    public func directoryStamp() throws(VdirFolderError) -> ItemStamp {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .systemCall("stat", path: path, errno: errno) }
        return Self.stamp("", info)
    }

    /// Throws unless the folder is there and is a folder (`opendir`): a
    /// list whose folder is missing or was replaced by a file.
    public func checkFolder() throws(VdirFolderError) {
        guard let directory = opendir(path) else { throw .systemCall("opendir", path: path, errno: errno) }
        closedir(directory)
    }

    /// The bytes of the item `name` and the stamp of the file they came from
    /// (taken from the open file, so the two always match).
    ///
    /// Only a regular file is read, as `readRegularFile` says. At most
    /// `ReadingLimits.maximumFileSize` + 1 bytes are read: enough for
    /// `FolderItem.read` to refuse a file too large.
    ///
    /// - Throws: `VdirFolderError.notRegularFile` for anything but a
    ///   regular file, `.systemCall` when a call fails (ENOENT: it is gone).
    public func read(_ name: String) throws(VdirFolderError) -> (bytes: [UInt8], stamp: ItemStamp) {
        let (bytes, info) = try Self.readRegularFile(file(name), upTo: ReadingLimits.maximumFileSize + 1)
        return (bytes, Self.stamp(name, info))
    }

    /// The first `limit` bytes (at most) of the regular file at `path`, and
    /// its `fstat` once open: how every file of a folder is read, items and
    /// metadata alike, since any of them is someone else's bytes.
    ///
    /// Only a regular file is read (a symlink to one is followed, as
    /// vdirsyncer's own reading does): a FIFO would block in `open`
    /// forever, and `/dev/zero` would never end. It is opened without
    /// blocking and checked again once open, as it may have been replaced
    /// in between.
    private static func readRegularFile(_ path: String, upTo limit: Int) throws(VdirFolderError) -> (bytes: [UInt8], info: stat) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .systemCall("stat", path: path, errno: errno) }
        guard isRegular(info) else { throw .notRegularFile(path: path, kind: kind(of: info)) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .systemCall("open", path: path, errno: errno) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw .systemCall("fstat", path: path, errno: errno) }
        guard isRegular(info) else { throw .notRegularFile(path: path, kind: kind(of: info)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(Int(info.st_size), limit))
        var buffer = [UInt8](repeating: 0, count: min(64 * 1024, limit))
        while bytes.count < limit {
            let wanted = min(buffer.count, limit - bytes.count)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .systemCall("read", path: path, errno: errno) }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return (bytes, info)
    }

    private static func isRegular(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFREG
    }

    /// What a file that is not a regular one is, as a noun phrase.
    private static func kind(of info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
        }
    }

    /// Replaces the item `name` with `bytes`, keeping its name (and mode).
    ///
    /// With `expected`, refuses when the file is no longer the one that
    /// stamp describes, as vdirsyncer does: someone else changed it since.
    /// Returns the new file's stamp.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String, ifUnchangedSince expected: ItemStamp? = nil) throws(VdirFolderError) -> ItemStamp {
        var mode: mode_t = 0o644
        var info = stat()
        if stat(file(name), &info) == 0 {
            if let expected, Self.stamp(name, info) != expected { throw .changedSinceRead(name) }
            mode = info.st_mode & 0o7777
        } else if expected != nil {
            throw .changedSinceRead(name)
        }
        let temporary = try writeTemporary(bytes, for: name, mode: mode)
        guard rename(temporary, file(name)) == 0 else {
            let code = errno
            unlink(temporary)
            throw .systemCall("rename", path: file(name), errno: code)
        }
        return try stamp(of: name)
    }

    /// Adds a new item holding `bytes`, named after `uid` when the UID is
    /// safe as a file name, else after a random UUID (vdirsyncer's rule).
    /// Never replaces a file that exists. Returns the new file's stamp.
    public func create(_ bytes: [UInt8], uid: String) throws(VdirFolderError) -> ItemStamp {
        let name = Self.itemName(forUID: uid) ?? UUID().uuidString.lowercased() + ".ics"
        let temporary = try writeTemporary(bytes, for: name, mode: 0o644)
        defer { unlink(temporary) }
        // link() fails when the name is taken, where rename() would replace it.
        guard link(temporary, file(name)) == 0 else {
            let code = errno
            if code == EEXIST { throw .exists(name) }
            throw .systemCall("link", path: file(name), errno: code)
        }
        return try stamp(of: name)
    }

    /// Removes the item `name`; with `expected`, only if it is still that file.
    public func delete(_ name: String, ifUnchangedSince expected: ItemStamp? = nil) throws(VdirFolderError) {
        if let expected, try stamp(of: name) != expected { throw .changedSinceRead(name) }
        guard unlink(file(name)) == 0 else { throw .systemCall("unlink", path: file(name), errno: errno) }
    }

    /// The file name for a new item of `uid`: `<uid>.ics` when the UID uses
    /// only letters, digits and `_.-+@` (and does not start with a dot),
    /// else nil.
    public static func itemName(forUID uid: String) -> String? {
        let safe = uid.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-+@".unicodeScalars.contains($0))
        }
        guard safe, !uid.isEmpty, !uid.hasPrefix("."), uid.utf8.count <= 200 else { return nil }
        return uid + ".ics"
    }

    /// How long before the folder's last change a temporary file of ours
    /// must have been written last to count as left behind: a writer
    /// renames its temporary file the moment it is written and flushed.
    static let staleTemporaryAge: Int64 = 10 * 60

    /// Removes the temporary files of ours (`writeTemporary`'s
    /// `.NAME.UUID.tmp`, nothing else) that a writer killed mid-write left
    /// behind: those last written `staleTemporaryAge` or more before the
    /// folder last changed. The folder's own mtime is the clock, so that a
    /// command run with another `--now` never takes a live writer's file.
    /// Returns how many were removed; a failure leaves the file for the next time.
    @discardableResult
    public func removeStaleTemporaries() -> Int {
        guard let folder = try? directoryStamp(), let directory = opendir(path) else { return 0 }
        defer { closedir(directory) }
        let cutoff = folder.modificationNanoseconds - Self.staleTemporaryAge * 1_000_000_000
        var removed = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard Self.isTemporaryName(name) else { continue }
            var info = stat()
            // lstat: a symlink or anything else of that name is not ours.
            guard lstat(file(name), &info) == 0, Self.isRegular(info),
                  Self.stamp(name, info).modificationNanoseconds <= cutoff,
                  unlink(file(name)) == 0 else { continue }
            removed += 1
        }
        return removed
    }

    /// Whether `name` is one `writeTemporary` makes: `.` an item's name `.`
    /// a UUID `.tmp`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let middle = name.dropFirst().dropLast(4)
        guard let dot = middle.lastIndex(of: ".") else { return false }
        return isItemName(String(middle[..<dot])) && UUID(uuidString: String(middle[middle.index(after: dot)...])) != nil
    }

    /// The path of an entry of the folder.
    public func file(_ name: String) -> String {
        path.appendingPathComponent(name)
    }

    /// Writes `bytes` to a new hidden `.tmp` file beside `name`, flushed to
    /// disk so that the rename that follows never exposes an empty file
    /// after a crash. Returns its path.
    private func writeTemporary(_ bytes: [UInt8], for name: String, mode: mode_t) throws(VdirFolderError) -> String {
        let temporary = file(".\(name).\(UUID().uuidString).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .systemCall("open", path: temporary, errno: errno) }
        var failure: VdirFolderError?
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                failure = .systemCall("write", path: temporary, errno: errno)
                break
            }
            written += count
        }
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = .systemCall("fchmod", path: temporary, errno: errno) }
        if failure == nil, fsync(descriptor) != 0 { failure = .systemCall("fsync", path: temporary, errno: errno) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw failure
        }
        return temporary
    }

    /// A metadata file's value, trimmed; nil when it is absent, empty, not
    /// a regular file or larger than `ReadingLimits.maximumMetadataSize`:
    /// the list is then shown by its folder's name and without a colour.
    /// Read as an item is, since it is as much anyone's bytes, and every
    /// command (and each retry of the daemon's writes) reads the lists first.
    private func metadata(_ file: String) -> String? {
        let limit = ReadingLimits.maximumMetadataSize
        guard let bytes = try? Self.readRegularFile(self.file(file), upTo: limit + 1).bytes, bytes.count <= limit else { return nil }
        let value = String(decoding: bytes, as: UTF8.self).trimmingSpacesAndNewlines()
        return value.isEmpty ? nil : value
    }

    private static func stamp(_ name: String, _ info: stat) -> ItemStamp {
        ItemStamp(
            name: name,
            modificationNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            inode: UInt64(info.st_ino)
        )
    }
}
