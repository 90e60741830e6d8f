import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end under a time limit, with what it cost: its
/// peak resident memory (the kernel's `VmHWM`, polled while it runs) and
/// how long it ran. For the limits set on hostile input.
///
/// Not `wait4`'s `ru_maxrss`: on Linux it counts the memory of the test
/// process the child was spawned from, up to its exec.
public struct MeasuredRun: Sendable, CustomStringConvertible {
    public let result: ProcessResult
    /// The child's peak resident set, in bytes.
    public let peakResidentBytes: Int
    public let elapsed: Duration

    /// Runs `executable` with `arguments` (and this process's working
    /// folder), stdin from /dev/null and its output to files, and waits for
    /// its end; a child still running
    /// after `limit` is killed (SIGKILL), and that is thrown.
    ///
    /// Calls `posix_spawn` and `waitpid` itself, so that the child is
    /// reaped only after its last `VmHWM` was read.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        limit: Duration, name: String
    ) throws -> MeasuredRun {
        let outputs = try TemporaryFolder(prefix: "todo-remind-measured")
        let outPath = try outputs.write("out", text: "")
        let errPath = try outputs.write("err", text: "")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_TRUNC, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_TRUNC, 0)

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = FakedClock.passed(into: environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let started = clock.now
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw TestSupportFailure("`\(name)` could not be started: \(String(cString: strerror(spawned)))") }

        var status: Int32 = 0
        var peak = 0
        var killed = false
        while true {
            // Read before reaping: an exited child's memory is gone, but a
            // child that has not exited yet has reached at least this.
            peak = max(peak, Self.highWaterBytes(of: pid) ?? 0)
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0, errno != EINTR { throw TestSupportFailure("waitpid failed for `\(name)`: errno \(errno)") }
            if !killed, clock.now - started > limit {
                kill(pid, SIGKILL)
                killed = true
                continue
            }
            usleep(2_000)
        }
        let elapsed = clock.now - started
        let result = ProcessResult(
            status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
            stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        )
        if killed { throw TestSupportFailure("`\(name)` did not finish within \(limit); killed: \(result)") }
        return MeasuredRun(result: result, peakResidentBytes: peak, elapsed: elapsed)
    }

    /// `VmHWM` of `/proc/PID/status`, in bytes: the process's peak
    /// resident set so far; nil once it has exited.
    public static func highWaterBytes(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).dropLast(3).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return kilobytes * 1024
    }

    public var description: String {
        "\(result); peak RSS \(peakResidentBytes / 1024 / 1024) MiB, \(elapsed)"
    }
}
