import FoundationEssentials
import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The store file as bytes on disk: created with private permissions, and an
/// existing one judged before SQLite touches it.
///
/// Every system call of the store goes through here. A file that is not ours
/// is refused from its header bytes alone, so it is never opened by SQLite
/// (which would write to it, or leave `-wal` and `-shm` files beside it).
enum StoreFile {
    /// What the file holds, as far as its bytes tell.
    enum Contents: Hashable {
        /// No file: a store is to be created there.
        case missing
        /// An SQLite database that is, or may be, a todo-remind store: a
        /// read-only connection must read its application id and migrations,
        /// because in WAL mode the latest pages may sit in the `-wal` file.
        /// With the identity of the file judged, to make sure SQLite opens
        /// that one and not another renamed over it meanwhile, and the
        /// `user_version` its header holds (0 when it has none yet).
        case database(FileIdentity, userVersion: Int32)
    }

    /// Makes sure a store can be at `path`, creating its folders (0700) when
    /// they are missing, and judges what an existing file holds.
    ///
    /// - Parameter writing: whether the store will be written; a store that
    ///   is only read may be read-only, and its folders are not created.
    /// - Throws: `StoreError` for a folder that cannot be created or written,
    ///   a folder at `path`, a file that cannot be read (or written, when
    ///   `writing`), a 0-byte file, a file that is not SQLite, or an SQLite
    ///   database of another program.
    static func prepare(path: String, writing: Bool) throws(StoreError) -> Contents {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            // ENOTDIR: a file stands where a folder should; createFolders names it.
            guard code == ENOENT || code == ENOTDIR else {
                throw .fileNotAccessible(path: path, reason: describe(code))
            }
            guard writing else { throw .missing(path: path) }
            try createFolders(folder(of: path))
            return .missing
        }
        return try inspect(path, writing: writing)
    }

    /// Judges an existing file from its header, then checks it can be written.
    private static func inspect(_ path: String, writing: Bool) throws(StoreError) -> Contents {
        // O_NONBLOCK: opening a named pipe must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw .fileNotAccessible(path: path, reason: describe(errno))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .fileNotAccessible(path: path, reason: describe(errno))
        }
        if isFolder(info) { throw .isFolder(path: path) }
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            throw .fileNotAccessible(path: path, reason: "it is not a regular file")
        }
        let bytes = try readPrefix(of: fd, count: SQLiteHeader.length, path: path)
        let contents: Contents
        if bytes.isEmpty {
            // A 0-byte file is refused like any other file that is not a
            // store: a store is complete before it is put in place, so an
            // empty one is someone's (a `touch`, a mistyped path), and the
            // README promises such a file is never touched. Beside a `-wal`
            // with content, it is a database whose pages are all in the WAL.
            guard hasWALContent(path) else { throw .emptyFile(path: path) }
            contents = .database(FileIdentity(info), userVersion: 0)
        } else {
            guard let header = SQLiteHeader(bytes) else { throw .notSQLite(path: path) }
            switch header.applicationID {
            case StoreSchema.applicationID:
                contents = .database(FileIdentity(info), userVersion: header.userVersion)
            case 0 where header.isWAL && header.hasEmptySchema && hasWALContent(path):
                // A database whose every table is still in its WAL: the
                // read-only connection judges it from them (a store made by
                // an older todo-remind that never closed it, or another
                // program's). A file with tables of its own is never judged
                // through a -wal beside it: that may be a store's stale WAL,
                // which SQLite would replay into the file (it never checks
                // that a WAL belongs to the file it sits beside).
                contents = .database(FileIdentity(info), userVersion: 0)
            default:
                // Another program's database, an empty one included.
                throw .foreignDatabase(path: path)
            }
        }
        if writing {
            try checkWritable(path)
        } else if access(path, R_OK) != 0 {
            throw .fileNotAccessible(path: path, reason: "it is not readable: \(describe(errno))")
        }
        return contents
    }

    /// What `path` names now (`stat`), or nil when it names nothing or
    /// cannot be looked at.
    static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        return stat(path, &info) == 0 ? FileIdentity(info) : nil
    }

    /// Whether this process may write the file and, beside it, the `-wal`
    /// and `-shm` files of WAL mode.
    static func isWritable(_ path: String) -> Bool {
        let folder = folder(of: path)
        return access(path, R_OK | W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0
    }

    /// The name SQLite should open a store by for reading, when this process
    /// may not write it: an `immutable` URI while no `-wal` file is beside it.
    ///
    /// A store in WAL mode is read through its `-wal` and `-shm` files.
    /// When they are missing, a read-only connection must create them: in a
    /// folder it cannot write, it cannot, and the read fails; in one it can,
    /// they are left behind with the store's read-only mode, and once the
    /// store is made writable again they keep every later writer from
    /// writing. Without a `-wal` file no process has the store open (the last
    /// one to close it removes the file), so it is read as the file it is:
    /// no locks, and nothing created.
    ///
    /// - Returns: the path itself when the store is writable or has a `-wal`,
    ///   or when SQLite was built to read every name as a path (`Database`
    ///   opens without `SQLITE_OPEN_URI`; Debian's SQLite has `SQLITE_USE_URI`).
    static func readingName(for path: String) -> String {
        var info = stat()
        guard !isWritable(path), stat(path + "-wal", &info) != 0, errno == ENOENT,
              sqlite3_compileoption_used("USE_URI") != 0 else { return path }
        // In a URI, "?", "#" and "%" are escaped; "file:" and a path starting
        // "//" would read as a host name, hence "file://" before an absolute path.
        return (path.hasPrefix("/") ? "file://" : "file:") + uriEscaped(path) + "?immutable=1"
    }

    /// Runs `body` holding an exclusive lock on the store's folder (`flock`),
    /// so that of several processes creating the same store, one does and the
    /// others then find it made.
    static func withFolderLock<T>(of path: String, _ body: () throws -> T) throws -> T {
        let folder = folder(of: path)
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw StoreError.folderNotWritable(folder: folder, reason: "cannot open it: \(describe(errno))")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw StoreError.folderNotWritable(folder: folder, reason: "cannot lock it: \(describe(errno))")
            }
        }
        return try body()
    }

    /// A path beside the store for building a new one, unique to this process.
    static func buildingPath(for path: String) -> String {
        let name = PathText.name(of: path)
        let folder = folder(of: path)
        let hidden = ".\(name).new-\(getpid())"
        return folder.isEmpty ? hidden : folder + "/" + hidden
    }

    /// Puts the store built at `built` at `path` in one step (`rename`): no
    /// process ever sees a store half made.
    static func install(_ built: String, at path: String) throws(StoreError) {
        guard rename(built, path) == 0 else {
            throw .folderNotWritable(folder: folder(of: path), reason: "cannot put the new store in place: \(describe(errno))")
        }
    }

    /// Removes a store that was being built, with any files SQLite left beside it.
    static func discard(_ built: String) {
        unlink(built)
        discardLeftovers(of: built)
    }

    /// The `-wal` and `-shm` files beside `path`, by name, as they are now.
    static func walFiles(of path: String) -> [String: FileIdentity] {
        var files: [String: FileIdentity] = [:]
        for name in [path + "-wal", path + "-shm"] { files[name] = identity(of: name) }
        return files
    }

    /// Removes each of these files that its name still names.
    static func discard(_ files: [String: FileIdentity]) {
        for (name, file) in files where identity(of: name) == file { unlink(name) }
    }

    /// Removes the `-wal`, `-shm` and `-journal` files beside `path`.
    ///
    /// Before a new store is put where none is, what is left there is a
    /// deleted store's (a process that had it open was killed): SQLite
    /// would replay that WAL or journal into the new store as if it were its
    /// own, because nothing ties a WAL to the file it sits beside.
    static func discardLeftovers(of path: String) {
        for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Checks that SQLite will be able to write the file and, beside it, the
    /// `-wal` and `-shm` files of WAL mode.
    private static func checkWritable(_ path: String) throws(StoreError) {
        if access(path, R_OK) == 0, access(path, W_OK) != 0 { throw .readOnly(path: path) }
        guard access(path, R_OK | W_OK) == 0 else {
            throw .fileNotAccessible(path: path, reason: "it is not writable: \(describe(errno))")
        }
        let folder = folder(of: path)
        guard access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 else {
            throw .folderNotWritable(folder: folder, reason: "cannot write in it: \(describe(errno))")
        }
    }

    /// Creates the missing folders of `folder`, each 0700; existing ones are left as they are.
    private static func createFolders(_ folder: String) throws(StoreError) {
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            if !prefix.isEmpty, !prefix.hasSuffix("/") { prefix += "/" }
            prefix += component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard isFolder(info) else {
                    throw .folderNotWritable(folder: prefix, reason: "it is a file, not a folder")
                }
                continue
            }
            if mkdir(prefix, 0o700) != 0 {
                let code = errno
                // Another process may have created it since the stat.
                if code == EEXIST { continue }
                throw .folderNotWritable(folder: prefix, reason: "cannot create it: \(describe(code))")
            }
            // mkdir's mode passes through the umask; the folder must be exactly 0700.
            chmod(prefix, 0o700)
        }
    }

    /// Creates the file with mode 0600, or returns false when it already exists.
    static func createFile(_ path: String) throws(StoreError) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST { return false }
            throw .folderNotWritable(folder: folder(of: path), reason: "cannot create a file in it: \(describe(code))")
        }
        // SQLite gives the -wal and -shm files the mode of this file, so they
        // are private too; the umask must not loosen or tighten it.
        fchmod(fd, 0o600)
        close(fd)
        return true
    }

    /// Up to `count` bytes from the start of the file; fewer if it is shorter.
    private static func readPrefix(of fd: Int32, count: Int, path: String) throws(StoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress?.advanced(by: filled), count - filled)
            }
            if got == 0 { break }
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .fileNotAccessible(path: path, reason: describe(code))
            }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    /// Whether a non-empty `-wal` file sits beside the database.
    private static func hasWALContent(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    private static func isFolder(_ info: stat) -> Bool {
        info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR)
    }

    /// The folder part of a path; empty for a bare file name.
    static func folder(of path: String) -> String {
        PathText.folder(of: path)
    }

    /// The path as a URI's path: every byte of its UTF-8 but the letters,
    /// digits and `!$&'()*+,-./:=@_~` as `%XX` (what Foundation's
    /// `urlPathAllowed` left as they are, less "?", "#" and "%").
    private static func uriEscaped(_ path: String) -> String {
        let kept = Set("!$&'()*+,-./:=@_~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        for byte in path.utf8 {
            let isLetterOrDigit = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isLetterOrDigit || kept.contains(byte) {
                escaped.append(byte)
            } else {
                escaped += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The C library's description of an errno value, starting in lower case
    /// to sit inside a sentence ("permission denied").
    private static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
