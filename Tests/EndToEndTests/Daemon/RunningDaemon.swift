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
        process.arguments = ["--default-signal", CLI.binary.path, "daemon", "--verbose", "--log-format", "json"] + arguments
        process.environment = cli.environment
        process.currentDirectoryURL = cli.folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = log
        try process.run()
        do {
            try #require(
                waitForLog(within: .seconds(10)) { $0.event == "watching" } != nil,
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

    /// Waits for the daemon to arm its timer for a reminder of `task` (an
    /// `armed` line, logged when the armed reminder changes).
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

    /// The `fire` lines of reminders shown each in a bubble of its own
    /// (digests are not counted), one per attempt.
    var firings: [LogLine] {
        log.filter { $0.event == "fire" && $0.task != nil }
    }

    /// The `fire` lines of one task's own bubbles, retries included.
    func firings(of task: Int) -> [LogLine] {
        firings.filter { $0.task == task }
    }

    /// The `delivery` line that says a task's reminder of `kind` reached the
    /// server, waiting for it.
    func delivery(
        task: Int,
        kind: String = "atDueTime",
        within timeout: Duration = .seconds(10),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LogLine {
        try #require(
            waitForLog(within: timeout) {
                $0.event == "delivery" && $0["outcome"] == "delivered" && $0.task == task && $0["kind"] == kind
            },
            "the daemon did not deliver the \(kind) reminder of task \(task): \(self)",
            sourceLocation: sourceLocation
        )
    }

    /// The server's number for the notification of a task's reminder, from
    /// its `delivery` line, waiting for it.
    func notificationID(
        task: Int,
        kind: String = "atDueTime",
        within timeout: Duration = .seconds(10),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> UInt32 {
        let line = try delivery(task: task, kind: kind, within: timeout, sourceLocation: sourceLocation)
        return try #require(line.number("notification").flatMap { UInt32(exactly: $0) },
                            "no notification id in “\(line.text)”", sourceLocation: sourceLocation)
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

/// One line of the daemon's log, as `--log-format json` writes it:
/// `{"time":…,"level":"info","message":"Reminder: …","metadata":{"event":"fire",…}}`.
///
/// Tests look lines up by their `event` and metadata (see `LogTopic`), not
/// by their message, which is for people; the message is there for failure
/// reports.
struct LogLine: CustomStringConvertible {
    let text: String
    /// When the line was written.
    let time: Date
    let level: String
    let message: String
    private let metadata: [String: Any]

    /// A line that is not JSON (a crash's output) is kept as its message,
    /// with the time of the line before.
    init(_ text: String, after previous: LogLine?) {
        self.text = text
        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        if let object, let seconds = object["time"] as? Double {
            time = Date(timeIntervalSince1970: seconds)
            level = object["level"] as? String ?? ""
            message = object["message"] as? String ?? ""
            metadata = object["metadata"] as? [String: Any] ?? [:]
        } else {
            time = previous?.time ?? .distantPast
            level = ""
            message = text
            metadata = [:]
        }
    }

    /// What the line is about: its `event` metadata.
    var event: String? { self["event"] }

    /// A metadata value written as a string.
    subscript(key: String) -> String? { metadata[key] as? String }

    /// A metadata value written as a number.
    func number(_ key: String) -> Double? { (metadata[key] as? NSNumber)?.doubleValue }

    /// The task a line is about (`task`), if it names one.
    var task: Int? { number("task").map { Int($0) } }

    /// Every task a line names: a bubble's one, or a digest's (`tasks`).
    var tasks: [Int] { (metadata["tasks"] as? [NSNumber])?.map(\.intValue) ?? [] }

    /// The task the timer is armed for, on an `armed` line.
    var armedTask: Int? { event == "armed" ? task : nil }

    /// How late a `fire` line says its notification was handed to the notifier, in seconds.
    var lateness: TimeInterval? { event == "fire" ? number("lateness_ms").map { $0 / 1000 } : nil }

    var description: String { text }
}
