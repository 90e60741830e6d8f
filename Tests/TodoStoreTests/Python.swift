import Foundation
import TestSupport

/// Runs Python 3 scripts that use its `sqlite3` module: a second, independent
/// SQLite client, for making files the store must refuse, looking inside a
/// store, and writing from another process.
enum Python {
    /// A script that exited with an error.
    struct Failure: Error, CustomStringConvertible {
        var status: Int32
        var standardError: String
        var description: String { "python3 exited with status \(status): \(standardError)" }
    }

    /// Starts `python3 -c script arguments…` with its output piped, for a
    /// script that must run beside the test (another writer of the same
    /// store): `ProcessRunner` waits for the end, this does not.
    static func start(_ script: String, _ arguments: [String]) throws -> (Process, output: Pipe, errors: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// Waits for a started script and returns what it printed.
    ///
    /// - Throws: `Failure` when it exits with a non-zero status.
    static func finish(_ process: Process, output: Pipe, errors: Pipe) throws -> String {
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(status: process.terminationStatus, standardError: String(decoding: complaints, as: UTF8.self))
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// Runs a script to the end and returns what it printed; throws when it
    /// exits with a non-zero status.
    @discardableResult
    static func run(_ script: String, _ arguments: String...) throws -> String {
        try ProcessRunner.tool(["python3", "-c", script] + arguments)
    }
}
