import Foundation
import TestSupport
import Testing

/// `todo-remind daemon --verbose` running in the background on a test's store.
///
/// Its stdout (where reminders go while no notification server can be
/// reached) and stderr (its log: one line per step, stamped to the
/// millisecond) go to files of the test's folder, read as they grow. A test
/// stops every daemon it starts, even when it fails: `defer { daemon.end() }`.
final class RunningDaemon {
    private let process = Process()
    private let outputURL: URL
    private let logURL: URL

    /// The daemon's process id.
    var pid: pid_t { process.processIdentifier }

    /// Starts the daemon with the test's environment (which must reach the
    /// session bus: see `PrivateDesktop.cli()`) and waits until it watches
    /// the store.
    init(_ cli: CLI, arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let runs = cli.folder.appendingPathComponent("daemons")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        let id = UUID().uuidString
        outputURL = runs.appendingPathComponent("\(id).out")
        logURL = runs.appendingPathComponent("\(id).log")
        try Data().write(to: outputURL)
        try Data().write(to: logURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let log = try FileHandle(forWritingTo: logURL)
        defer {
            try? output.close()
            try? log.close()
        }
        // Through `env --default-signal`, which then runs the daemon in its own
        // place (same pid): a test's worker thread blocks nearly every signal,
        // and the daemon should start as it does from systemd, with none
        // blocked or ignored.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal", CLI.binary.path, "daemon", "--verbose"] + arguments
        process.environment = cli.environment
        process.currentDirectoryURL = cli.folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = log
        try process.run()
        do {
            try #require(
                waitForLog(within: .seconds(10)) { $0.message.hasPrefix("Watching ") } != nil,
                "the daemon did not start watching its store: \(self)",
                sourceLocation: sourceLocation
            )
        } catch {
            end()
            throw error
        }
    }

    deinit {
        end()
    }

    // MARK: - What it wrote

    /// Everything written to stdout so far: the console fallback's lines.
    var output: String {
        (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    }

    /// Everything written to stderr so far.
    var logText: String {
        (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
    }

    /// The log's lines so far; a line without a stamp (a crash's output)
    /// is kept with the stamp of the line before.
    var log: [LogLine] {
        var lines: [LogLine] = []
        for text in logText.split(separator: "\n") {
            lines.append(LogLine(String(text), after: lines.last))
        }
        return lines
    }

    /// Waits for a log line that `matches` among the lines after the first
    /// `mark` (`log.count` before the step a test waits on); the first such
    /// line, or nil when none came within `timeout` or the daemon exited.
    func waitForLog(after mark: Int = 0, within timeout: Duration = .seconds(5), _ matches: (LogLine) -> Bool) -> LogLine? {
        var found: LogLine?
        _ = eventually(within: timeout) {
            found = log.dropFirst(mark).first(where: matches)
            return found != nil || !process.isRunning
        }
        return found ?? log.dropFirst(mark).first(where: matches)
    }

    /// Waits for the daemon to arm its timer for a reminder of `task`
    /// ("Next reminder: task 3, …", logged when the armed reminder changes).
    func waitUntilArmed(
        task: Int,
        after mark: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LogLine {
        try #require(
            waitForLog(after: mark) { $0.armedTask == task },
            "the daemon did not arm its timer for task \(task): \(self)",
            sourceLocation: sourceLocation
        )
    }

    /// The log lines that begin "Reminder:", one per reminder fired.
    var firings: [LogLine] {
        log.filter { $0.message.hasPrefix("Reminder: ") }
    }

    /// The "Reminder:" lines of one task's reminders, retries included
    /// (they end ", attempt 2)").
    func firings(of task: Int) -> [LogLine] {
        firings.filter { $0.message.contains("(task \(task), ") }
    }

    /// The server's number for the notification of a task's reminder, from
    /// the "Delivered" line, waiting for it.
    func notificationID(
        task: Int,
        kind: String = "at due time",
        within timeout: Duration = .seconds(10),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> UInt32 {
        let prefix = "Delivered the \(kind) reminder of task \(task) (notification "
        let line = try #require(
            waitForLog(within: timeout) { $0.message.hasPrefix(prefix) },
            "the daemon did not deliver the \(kind) reminder of task \(task): \(self)",
            sourceLocation: sourceLocation
        )
        let number = line.message.dropFirst(prefix.count).prefix { $0.isNumber }
        return try #require(UInt32(number), "no notification id in “\(line.text)”", sourceLocation: sourceLocation)
    }

    // MARK: - Ending it

    var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM and waits for the daemon to exit: how it ended, nil
    /// when it had to be killed after 10 s.
    func terminate() -> (reason: Process.TerminationReason, status: Int32)? {
        if process.isRunning {
            process.terminate()
            guard eventually(within: .seconds(10), { !process.isRunning }) else {
                end()
                return nil
            }
        }
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    /// Kills the daemon with SIGKILL, as a crash or the OOM killer would,
    /// and waits until it is gone.
    func killAbruptly() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Makes sure the daemon is gone, however the test went.
    func end() {
        killAbruptly()
    }
}

extension RunningDaemon: CustomStringConvertible {
    var description: String {
        let state = process.isRunning ? "running" : "exited with \(process.terminationStatus)"
        return "daemon \(state); stdout: \(output.debugDescription); log:\n\(logText)"
    }
}

/// One line of the daemon's log: `11:16:30.002 info    Reminder: …`.
struct LogLine: CustomStringConvertible {
    let text: String
    /// The stamp's local time of day, in seconds.
    let secondsOfDay: TimeInterval
    let level: String
    let message: String

    init(_ text: String, after previous: LogLine?) {
        self.text = text
        let fields = text.split(separator: " ", maxSplits: 1)
        if fields.count == 2, let stamp = Self.secondsOfDay(fields[0]) {
            secondsOfDay = stamp
            let rest = fields[1]
            level = String(rest.prefix { $0 != " " })
            message = rest.dropFirst(level.count).trimmingCharacters(in: .whitespaces)
        } else {
            secondsOfDay = previous?.secondsOfDay ?? 0
            level = ""
            message = text
        }
    }

    /// When the line was written, as the instant nearest to `reference`
    /// (the stamp has no date).
    func instant(near reference: Date) -> Date {
        WallTime.instant(atSecondsOfDay: secondsOfDay, near: reference)
    }

    /// The task a "Next reminder: task 3, at due time, at …" line arms the timer for.
    var armedTask: Int? {
        let prefix = "Next reminder: task "
        guard message.hasPrefix(prefix) else { return nil }
        return Int(message.dropFirst(prefix.count).prefix { $0.isNumber })
    }

    /// The lateness a "Reminder:" line reports ("…, 0.4 ms late)"), in seconds.
    var lateness: TimeInterval? {
        guard let range = message.range(of: #"-?[0-9.]+ ms late"#, options: .regularExpression) else { return nil }
        return Double(message[range].prefix { $0 != " " }).map { $0 / 1000 }
    }

    var description: String { text }

    /// "11:16:30.002" in seconds.
    private static func secondsOfDay(_ stamp: Substring) -> TimeInterval? {
        let parts = stamp.split(separator: ":")
        guard stamp.count == 12, parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]),
              let seconds = Double(parts[2])
        else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }
}
