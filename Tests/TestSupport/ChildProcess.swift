import CLinux
import Foundation
import Glibc

/// A program started with `posix_spawn`, as `ProcessRunner` runs them:
/// stdin from a descriptor, stdout and stderr into files, in a folder,
/// every other descriptor closed and every signal at its default.
///
/// Not Foundation's `Process`: on Linux its `run()` reads each entry of
/// /proc/self/fd with a 256-byte copy past the entry's end, and crashed the
/// whole test bundle now and then when that ran into an unmapped page
/// (swift-corelibs-foundation's issue 5472 on GitHub), more often the more
/// tests ran at once.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    private let ended = DispatchSemaphore(value: 0)
    private let status = Mutex32()

    /// Starts `executable` (a path) with `arguments`; `environment` nil
    /// passes this process's own. Throws the spawn's error.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]?, workingFolder: String?,
                stdin: Int32, stdout: String, stderr: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        if let workingFolder { posix_spawn_file_actions_addchdir_np(&actions, workingFolder) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_TRUNC, 0o600)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // SIGPIPE is ignored here (`ProcessRunner`); the child gets every signal back.
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let pairs = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let envp = pairs.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var spawned: pid_t = 0
        let result = argv.withUnsafeBufferPointer { arguments -> Int32 in
            guard let arguments = arguments.baseAddress else { return EINVAL }
            guard let envp else { return posix_spawn(&spawned, executable, &actions, &attributes, arguments, environ) }
            return envp.withUnsafeBufferPointer { environment in
                guard let environment = environment.baseAddress else { return EINVAL }
                return posix_spawn(&spawned, executable, &actions, &attributes, arguments, environment)
            }
        }
        guard result == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(result)) }
        let pid = spawned
        self.pid = pid
        let ended = ended
        let status = status
        // Reaped on a thread of its own, so that waiting can time out.
        Thread.detachNewThread {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) == -1, errno == EINTR {}
            status.set(raw)
            ended.signal()
        }
    }

    /// Waits for the end for at most `seconds`; false when it has not come.
    public func wait(seconds: Double) -> Bool {
        guard ended.wait(timeout: .now() + seconds) == .success else { return false }
        ended.signal()
        return true
    }

    /// The exit status, or the number of the signal that ended it, as
    /// Foundation's `terminationStatus` says it. Call after `wait`.
    public var terminationStatus: Int32 {
        let raw = status.get()
        // WIFSIGNALED: the low seven bits name the signal; 0 is an exit.
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : signal
    }
}

/// One Int32 shared between the reaping thread and the waiter.
final class Mutex32: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int32 = 0
    func set(_ new: Int32) { lock.withLock { value = new } }
    func get() -> Int32 { lock.withLock { value } }
}
