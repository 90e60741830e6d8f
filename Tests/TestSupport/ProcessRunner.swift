import Foundation

/// Runs a program to its end, the one way the tests do.
///
/// stdout and stderr go to files rather than pipes, so no amount of output can
/// stall the child; stdin is a pipe holding `input`, so never a terminal; a
/// child still running after `timeout` is killed, and that is thrown. The
/// child is spawned directly (`ChildProcess`), not by Foundation's `Process`.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` and waits for its end.
    ///
    /// - Parameter name: How a failure names the command; its path and
    ///   arguments by default.
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String]? = nil,
        input: String? = nil,
        workingFolder: URL? = nil,
        timeout: Duration = .seconds(60),
        name: String? = nil
    ) throws -> ProcessResult {
        _ = pipesMayClose
        let outputs = try TemporaryFolder(prefix: "todo-remind-run")
        let outPath = try outputs.write("out", text: "")
        let errPath = try outputs.write("err", text: "")
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TestSupportFailure("no pipe for a child's input: errno \(errno)") }
        // Not inherited by children other tests spawn meanwhile, which would keep the input open.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let child = try Self.spawning {
            try ChildProcess(executable.path, arguments, environment: environment.map(FakedClock.passed(into:)),
                             workingFolder: workingFolder?.path, stdin: ends[0], stdout: outPath, stderr: errPath)
        }
        close(ends[0])
        // A child that exits without reading its input must not take the tests down.
        if let input { try? writer.write(contentsOf: Data(input.utf8)) }
        try? writer.close()

        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if !child.wait(seconds: seconds) {
            kill(child.pid, SIGTERM)
            // A child that blocks SIGTERM (the CLI blocks signals to read
            // them from a signalfd) would hold the test for ever.
            if !child.wait(seconds: 5) { kill(child.pid, SIGKILL) }
            let name = name ?? ([executable.lastPathComponent] + arguments).joined(separator: " ")
            _ = child.wait(seconds: 60)
            throw TestSupportFailure("`\(name)` did not finish within \(timeout)")
        }
        return ProcessResult(
            status: child.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self)
        )
    }

    /// Spawns, trying again while the file is busy (ETXTBSY): a binary a
    /// test has just copied can still be open for writing in a child another
    /// test forked meanwhile, until that child execs.
    static func spawning(_ spawn: () throws -> ChildProcess) throws -> ChildProcess {
        var attempts = 0
        while true {
            do {
                return try spawn()
            } catch let error as NSError where attempts < 50 && error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) {
                attempts += 1
                usleep(20_000)
            }
        }
    }

    /// Runs a tool found on PATH (`env TOOL ARGS…`) and returns its stdout;
    /// throws when it does not exit with status 0.
    @discardableResult
    public static func tool(
        _ arguments: [String],
        environment: [String: String]? = nil,
        input: String? = nil
    ) throws -> String {
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/env"), arguments,
            environment: environment, input: input
        )
        guard result.status == 0 else {
            throw TestSupportFailure("`\(arguments.joined(separator: " "))` failed: \(result)")
        }
        return result.stdout
    }

    /// Whether `tool` is an executable file in one of the folders of `path`
    /// (this process's PATH by default), as `env TOOL` would find it.
    static func isOnPath(_ tool: String, path: String? = nil) -> Bool {
        let path = path ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Writing to a pipe whose reader has gone must give an error, not SIGPIPE.
    private static let pipesMayClose: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Starts the process, trying again while its file is busy (ETXTBSY): a
    /// binary a test has just copied can still be open for writing in a child
    /// another test forked meanwhile, until that child execs.
    public static func start(_ make: () -> Process) throws -> Process {
        var attempts = 0
        while true {
            let process = make()
            do {
                try process.run()
                return process
            } catch let error as NSError where attempts < 50 && Self.isTextFileBusy(error) {
                attempts += 1
                usleep(20_000)
            }
        }
    }

    private static func isTextFileBusy(_ error: NSError) -> Bool {
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        return (error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY))
            || (underlying?.domain == NSPOSIXErrorDomain && underlying?.code == Int(ETXTBSY))
    }
}
