import Foundation
import Glibc
import Testing

/// A child process made with `fork` that runs a closure, reports through a
/// pipe, and never returns into the test runner.
///
/// Unlike a thread of the test runner, the child has one thread only, like
/// the daemon's main before it starts others, and no signal blocked: blocking
/// a signal in it blocks it for the whole process, so it can send itself
/// signals safely. Between
/// `fork` and `_exit` the child must keep to plain C calls and Swift code
/// that takes no lock another thread of the parent might have held: no
/// Foundation, no Dispatch, no `Date()`.
struct ForkedChild {
    let pid: pid_t
    /// The read end of the pipe the child writes to.
    private let output: Int32

    /// Forks; the child runs `body` with the descriptor of the pipe's write
    /// end (3) and exits with what it returns.
    static func start(_ body: (Int32) -> Int32) throws -> ForkedChild {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0, "pipe: \(String(cString: strerror(errno)))")
        // Not to be inherited by the processes other tests spawn meanwhile.
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let pid = fork()
        try #require(pid >= 0, "fork: \(String(cString: strerror(errno)))")
        if pid == 0 {
            // The child: keep only the pipe, as descriptor 3, so that it
            // holds none of the descriptors other tests opened (a flock held
            // by a copy would outlive their close).
            if ends[1] != 3 { dup2(ends[1], 3) }
            let highest = min(Int32(clamping: sysconf(Int32(_SC_OPEN_MAX))), 4_096)
            var fd: Int32 = 4
            while fd < highest {
                close(fd)
                fd += 1
            }
            // Start with no signal blocked, as a process started from a shell
            // does: the forking thread may be a Dispatch worker, and those
            // block SIGHUP, SIGINT, SIGTERM and more.
            var nothing = sigset_t()
            sigemptyset(&nothing)
            pthread_sigmask(SIG_SETMASK, &nothing, nil)
            _exit(body(3))
        }
        close(ends[1])
        return ForkedChild(pid: pid, output: ends[0])
    }

    /// Reads what the child wrote until it closes the pipe or `count` bytes came.
    func read(count: Int = .max) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while bytes.count < count {
            let wanted = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, wanted) }
            if got == -1 && errno == EINTR { continue }
            guard got > 0 else { break }
            bytes += chunk[..<got]
        }
        return bytes
    }

    /// How the child ended: `.exited(code)` or `.signalled(signal)`; after
    /// `limit` it is killed and reported `.hung`.
    func wait(limit: Duration = .seconds(5)) -> Ending {
        defer { close(output) }
        let deadline = ContinuousClock.now + limit
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result == -1 && errno != EINTR { return .hung }
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .hung
            }
            usleep(1_000)
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift cannot call.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case hung
    }
}

/// Writes `bytes` to `fd`, from a forked child.
func childWrite(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
    _ = Glibc.write(fd, bytes.baseAddress, bytes.count)
}
