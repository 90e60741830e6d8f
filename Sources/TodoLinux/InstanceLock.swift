import CLinux
import FoundationEssentials
import Glibc

/// Makes sure that one process at a time runs for a resource (one daemon per
/// user and store) by holding an exclusive `flock` on a lock file.
///
/// The lock belongs to the open file, so the kernel releases it when the
/// process ends, however it ends, `SIGKILL` included: a stale lock file is
/// never a problem, and is never deleted. While it holds the lock, the holder
/// keeps `pid\nstart-ISO8601\n` in the file, so that whoever finds the lock
/// taken can say by whom (`InstanceLock.holder(path:)`).
///
/// ```swift
/// let lock = try InstanceLock(path: storePath + ".daemon.lock")   // keep it alive
/// ```
public final class InstanceLock: Sendable {
    /// The lock file.
    let path: String
    private let fd: FileDescriptor

    /// Opens or creates the lock file (mode 0600, `open`), takes the lock
    /// (`flock(LOCK_EX | LOCK_NB)`) and writes this process's pid and
    /// `since` into it; the lock is held until the value goes away.
    ///
    /// - Throws: `InstanceLockError.held` naming the holder's pid and start
    ///   time when another process holds the lock, or a `SystemError` when
    ///   the file cannot be opened or written.
    public init(path: String, since: Date = Date()) throws {
        let fd = FileDescriptor(rawValue: try Syscall.run("open", subject: path) {
            open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        })
        do {
            guard try Self.lockExclusively(fd, path: path) else {
                let holder = Self.readRecord(fd)
                throw InstanceLockError.held(path: path, pid: holder?.pid, since: holder?.since)
            }
            try Self.writeRecord(pid: getpid(), since: since, to: fd, path: path)
        } catch {
            fd.close()
            throw error
        }
        self.path = path
        self.fd = fd
    }

    deinit {
        fd.close()
    }

    /// Who holds the lock at `path`: its pid and the time it took the lock,
    /// or nil when no process holds it (or the file does not exist).
    ///
    /// It asks for a shared lock (`flock(LOCK_SH | LOCK_NB)`) on a separate
    /// open of the file, which fails exactly when someone holds the
    /// exclusive one, then reads what the holder wrote. Also nil when the
    /// holder has not written a readable record within 50 ms (not a process
    /// of ours).
    public static func holder(path: String) -> (pid: Int32, since: Date)? {
        guard let fd = try? Syscall.run("open", subject: path, { open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }) else {
            return nil
        }
        let file = FileDescriptor(rawValue: fd)
        defer { file.close() }
        do {
            _ = try Syscall.run("flock", subject: path) { flock(fd, LOCK_SH | LOCK_NB) }
            return nil
        } catch {
            guard error.errno == .wouldBlock else { return nil }
        }
        // The holder writes its record right after locking: give it a moment.
        for _ in 0..<25 {
            if let record = readRecord(file) { return record }
            usleep(2_000)
        }
        return nil
    }

    /// Takes the exclusive lock; false when another process holds it.
    ///
    /// It tries a few times over ~10 ms first: `holder(path:)` in another
    /// process holds a shared lock for an instant, and must not make a
    /// starting daemon believe that another one runs.
    private static func lockExclusively(_ fd: FileDescriptor, path: String) throws(SystemError) -> Bool {
        for attempt in 1...5 {
            do {
                _ = try Syscall.run("flock", subject: path) { flock(fd.rawValue, LOCK_EX | LOCK_NB) }
                return true
            } catch where error.errno == .wouldBlock {
                if attempt < 5 { usleep(2_000) }
            }
        }
        return false
    }

    /// Replaces the file's contents with `pid\nsince\n` (`ftruncate`, `pwrite`).
    private static func writeRecord(pid: Int32, since: Date, to fd: FileDescriptor, path: String) throws {
        let record = Array(record(pid: pid, since: since).utf8)
        _ = try Syscall.run("ftruncate", subject: path) { ftruncate(fd.rawValue, 0) }
        var written = 0
        while written < record.count {
            written += try record.withUnsafeBytes { bytes throws(SystemError) in
                let rest = UnsafeRawBufferPointer(rebasing: bytes[written...])
                return try Syscall.run("pwrite", subject: path) {
                    pwrite(fd.rawValue, rest.baseAddress, rest.count, off_t(written))
                }
            }
        }
    }

    /// Reads the holder's record from the start of the file (`pread`); nil
    /// when it is missing or not complete yet.
    private static func readRecord(_ fd: FileDescriptor) -> (pid: Int32, since: Date)? {
        var bytes = [UInt8](repeating: 0, count: 128)
        let count = bytes.withUnsafeMutableBytes { buffer in
            try? Syscall.run("pread") { pread(fd.rawValue, buffer.baseAddress, buffer.count, 0) }
        }
        guard let count, count > 0 else { return nil }
        return parseRecord(String(decoding: bytes[..<count], as: UTF8.self))
    }
}

extension InstanceLock {
    /// The text a holder keeps in the lock file: `4242\n2026-05-09T10:00:00Z\n`.
    static func record(pid: Int32, since: Date) -> String {
        "\(pid)\n\(since.formatted(.iso8601))\n"
    }

    /// The pid and start time in a lock file's text; nil unless both lines
    /// are there and complete (a record being written is not).
    static func parseRecord(_ text: String) -> (pid: Int32, since: Date)? {
        guard text.hasSuffix("\n") else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3,
              let pid = Int32(lines[0]), pid > 0,
              let since = try? Date(String(lines[1]), strategy: .iso8601)
        else { return nil }
        return (pid, since)
    }
}
