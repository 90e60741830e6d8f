import Foundation
import TestSupport
import Testing

/// Runs the real built `todo-remind` binary against a store in a fresh temp folder.
///
/// Each instance has its own HOME, XDG folders and store, so tests run in
/// parallel without seeing each other, and nothing of the user's is touched.
struct CLI {
    let folder: URL
    let storePath: String
    var environment: [String: String]

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-remind-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        storePath = folder.appendingPathComponent("data/todo-remind/tasks.sqlite").path
        environment = FakedClock.passed(into: [
            "HOME": folder.path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "TZ": "Europe/Berlin",
            "NO_COLOR": "1",
        ])
    }

    /// The binary next to the test bundle (`swift test` builds both into one folder).
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["TODO_REMIND_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the tests run from `<bin>/todo-remindPackageTests.xctest`.
        if folder.pathExtension == "xctest" { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent("todo-remind")
    }()

    /// How long one run may take before it counts as hung and is killed.
    static let timeout: TimeInterval = 60

    /// A run that has finished.
    typealias Result = ProcessResult

    /// Runs `todo-remind ARGS…`, feeding `input` on stdin (a pipe, so never a
    /// terminal), and waits for it.
    ///
    /// stdout and stderr go to files rather than pipes: no amount of output can
    /// stall the child, and a hung child is killed after `timeout`.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]) throws -> Result {
        try execute(
            Self.binary,
            arguments,
            environment: environment.merging(extra) { _, new in new },
            input: input,
            name: "todo-remind \(arguments.joined(separator: " "))"
        )
    }

    /// Runs any program to the end (see `ProcessRunner`), in this test's
    /// folder, so that a relative path, or anything written to the working
    /// folder, stays there.
    func execute(_ executable: URL, _ arguments: [String], environment: [String: String]?, input: String?, name: String) throws -> Result {
        try ProcessRunner.run(
            executable, arguments,
            environment: environment, input: input, workingFolder: folder, timeout: .seconds(Self.timeout), name: name
        )
    }

    /// `run`, expecting success and nothing on stderr; records the failure otherwise.
    @discardableResult
    func ok(_ arguments: String..., input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try ok(arguments, input: input, sourceLocation: sourceLocation)
    }

    @discardableResult
    func ok(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, input: input, environment: extra)
        #expect(result.status == 0, "todo-remind \(arguments.joined(separator: " ")): \(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "todo-remind \(arguments.joined(separator: " ")) wrote to stderr: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// stdout split into lines, without the final newline's empty line.
    func lines(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try lines(arguments, sourceLocation: sourceLocation)
    }

    func lines(_ arguments: [String], environment extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try ok(arguments, environment: extra, sourceLocation: sourceLocation).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).dropLastIfEmpty()
    }

    /// Parses a command's stdout as JSON.
    func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        try json(arguments, sourceLocation: sourceLocation)
    }

    func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let stdout = try ok(arguments, sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(stdout.utf8))
    }

    /// A command's stdout as a JSON array of objects (`list --json`, `export`, `next --json`).
    func objects(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let parsed = try json(arguments, sourceLocation: sourceLocation)
        let objects = try #require(parsed as? [[String: Any]], "not an array of objects: \(parsed)", sourceLocation: sourceLocation)
        return objects
    }

    /// One task as `show --json` prints it.
    func task(_ reference: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let parsed = try json("show", reference, "--json", sourceLocation: sourceLocation)
        return try #require(parsed as? [String: Any], "not an object: \(parsed)", sourceLocation: sourceLocation)
    }

    /// Runs a command that must fail with `status`: nothing on stdout, and on
    /// stderr one line, "Error: " and a sentence, never a crash or a raw
    /// library error.
    ///
    /// - Returns: the sentence, without "Error: ".
    @discardableResult
    func fails(
        _ arguments: [String],
        status: Int32 = 1,
        input: String? = nil,
        environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let command = "todo-remind \(arguments.joined(separator: " "))"
        let result = try run(arguments, input: input, environment: extra)
        #expect(result.status == status, "\(command): \(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(command) wrote to stdout: \(result.stdout)", sourceLocation: sourceLocation)
        let message = result.stderr.hasSuffix("\n") ? String(result.stderr.dropLast()) : result.stderr
        #expect(!message.isEmpty && !message.contains("\n"), "\(command) should write one line to stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(message.hasPrefix("Error: "), "\(command): \(message)", sourceLocation: sourceLocation)
        for crash in ["Fatal error", "fatal error", "crashed", "Stack dump", "Backtrace", "SQLite error", "Swift/"] {
            #expect(!message.contains(crash), "\(command) reported a crash or a raw error: \(message)", sourceLocation: sourceLocation)
        }
        // The CLI's own messages are whole sentences; ArgumentParser's (64) may not be.
        if status != 64 {
            #expect(message.hasSuffix("."), "\(command) should end its sentence: \(message)", sourceLocation: sourceLocation)
        }
        return message.hasPrefix("Error: ") ? String(message.dropFirst("Error: ".count)) : message
    }

    /// `fails`, and the store holds exactly what it held before.
    @discardableResult
    func failsWithoutChange(
        _ arguments: [String],
        status: Int32 = 1,
        input: String? = nil,
        environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let before = try contents(sourceLocation: sourceLocation)
        let message = try fails(arguments, status: status, input: input, environment: extra, sourceLocation: sourceLocation)
        let after = try contents(sourceLocation: sourceLocation)
        #expect(after == before, "todo-remind \(arguments.joined(separator: " ")) changed the store", sourceLocation: sourceLocation)
        return message
    }

    /// Every task as `export` writes it, to prove a failed command changed nothing.
    func contents(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(["export"])
        #expect(result.status == 0, "export failed: \(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// A path inside this test's folder.
    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Writes a file inside this test's folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

extension Array where Element == String {
    func dropLastIfEmpty() -> [String] {
        last == "" ? Array(dropLast()) : self
    }
}
