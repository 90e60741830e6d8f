import CLinux
import Glibc

/// A program run to its end (posix_spawn, then waitpid), its standard
/// output and error read through pipes: what `status` asks the notifier
/// with, as Foundation's `Process` and `Pipe` did.
public struct SpawnedProgram: Sendable {
    /// Whether it exited (rather than being ended by a signal).
    public let exited: Bool
    /// Its exit status, or the number of the signal that ended it (as
    /// Foundation's `terminationStatus` said).
    public let status: Int32
    /// What it wrote to its standard output.
    public let output: [UInt8]
    /// What it wrote to its standard error.
    public let errors: [UInt8]

    /// Runs the program at `path` with `arguments` and this process's
    /// environment, and waits for its end. Its standard input is this
    /// process's; no other descriptor is passed on.
    ///
    /// Its output is read to the end before its errors: meant for programs
    /// that say a line or two, which fit a pipe.
    ///
    /// - Throws: `SystemError` of `pipe2` or `posix_spawn` when it cannot
    ///   be started.
    public static func run(_ path: String, _ arguments: [String]) throws(SystemError) -> SpawnedProgram {
        let output = try Pipe()
        let errors = try Pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output.writing.rawValue, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.writing.rawValue, 2)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        // Every signal back at its default and none blocked, as Foundation's
        // Process started children: what this process ignores or blocks is
        // its own business.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = argv.withUnsafeBufferPointer { argv -> Int32 in
            guard let argv = argv.baseAddress else { return EINVAL }
            return posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        output.writing.close()
        errors.writing.close()
        defer {
            output.reading.close()
            errors.reading.close()
        }
        guard result == 0 else { throw SystemError(call: "posix_spawn", subject: path, errno: Errno(rawValue: result)) }
        let said = (try? StandardStream.readToEnd(output.reading)) ?? []
        let complained = (try? StandardStream.readToEnd(errors.reading)) ?? []
        var raw: Int32 = 0
        _ = try? Syscall.run("waitpid") { waitpid(pid, &raw, 0) }
        // WIFEXITED and WEXITSTATUS, WTERMSIG: macros Swift cannot call.
        let exited = raw & 0x7F == 0
        return SpawnedProgram(exited: exited, status: exited ? (raw >> 8) & 0xFF : raw & 0x7F, output: said, errors: complained)
    }

    /// Both ends of a pipe (pipe2, closed on exec: the child gets only the
    /// copies `posix_spawn` makes).
    private struct Pipe {
        let reading: FileDescriptor
        let writing: FileDescriptor

        init() throws(SystemError) {
            var ends: [Int32] = [0, 0]
            _ = try Syscall.run("pipe2") { pipe2(&ends, O_CLOEXEC) }
            reading = FileDescriptor(rawValue: ends[0])
            writing = FileDescriptor(rawValue: ends[1])
        }
    }
}
