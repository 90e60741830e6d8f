/// What a process that ran to its end left: its exit status and its output.
public struct ProcessResult: Sendable, CustomStringConvertible {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    public var description: String {
        "exit status \(status); stdout: \(stdout.debugDescription); stderr: \(stderr.debugDescription)"
    }
}
