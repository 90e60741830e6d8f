import Foundation

extension CLI {
    /// Runs `todo-remind ARGS…` with stdin and stdout on a pseudo-terminal, for
    /// what only a terminal gets: `auto` colours and `clear`'s question.
    ///
    /// Python's `pty` module makes the terminal; `typing` is what a person
    /// types into it. The terminal turns "\n" into "\r\n" and echoes what is
    /// typed; the result has "\r\n" turned back into "\n".
    func runOnTerminal(_ arguments: [String], typing: String = "", environment extra: [String: String] = [:]) throws -> Result {
        let childEnvironment = environment.merging(extra) { _, new in new }
        let environmentJSON = String(decoding: try JSONSerialization.data(withJSONObject: childEnvironment), as: UTF8.self)
        // Python runs with the tests' own environment (it may live in a pyenv
        // that needs the real HOME); the binary gets the test's environment.
        let result = try execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", Self.terminalScript, environmentJSON, typing, Self.binary.path] + arguments,
            environment: nil,
            input: nil,
            name: "todo-remind \(arguments.joined(separator: " ")) on a terminal"
        )
        return Result(
            status: result.status,
            stdout: result.stdout.replacingOccurrences(of: "\r\n", with: "\n"),
            stderr: result.stderr
        )
    }

    private static let terminalScript = """
        import json, os, pty, subprocess, sys
        environment = json.loads(sys.argv[1])
        typing = sys.argv[2].encode()
        main, secondary = pty.openpty()
        child = subprocess.Popen(sys.argv[3:], env=environment, stdin=secondary, stdout=secondary, stderr=subprocess.PIPE)
        os.close(secondary)
        if typing:
            os.write(main, typing)
        output = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        errors = child.stderr.read()
        child.wait()
        sys.stdout.buffer.write(output)
        sys.stderr.buffer.write(errors)
        sys.exit(child.returncode)
        """

    /// Runs a Python 3 script (with the tests' own environment), for files of
    /// other programs such as another program's SQLite database.
    @discardableResult
    func python(_ script: String, _ arguments: String...) throws -> String {
        let result = try execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", script] + arguments,
            environment: nil,
            input: nil,
            name: "python3"
        )
        guard result.status == 0 else { throw PythonFailure(result: result) }
        return result.stdout
    }
}

/// A Python script that exited with an error.
struct PythonFailure: Error, CustomStringConvertible {
    let result: CLI.Result
    var description: String { "python3 failed: \(result)" }
}
