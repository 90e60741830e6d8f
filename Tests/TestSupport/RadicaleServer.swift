import Foundation

/// Radicale (Debian's python3-radicale) serving a folder of collections on
/// 127.0.0.1, on a port nobody else uses, with no authentication: any user
/// name and password log in, and each user owns the collections under its name.
///
/// Radicale runs under a small `sh` keeper whose stdin is a pipe only this
/// object writes to: when the pipe closes, because `stop()` closed it or
/// because the test process died, the keeper stops radicale. So no server
/// outlives its test, even one that crashed.
///
/// Every process is started through `env --default-signal`, as
/// `PrivateDesktop` explains: a test's worker thread blocks signals its
/// children would inherit.
final class RadicaleServer {
    /// Where it answers: `http://127.0.0.1:PORT/`.
    let url: URL
    /// Radicale's process id (the keeper's child).
    let pid: pid_t
    private let keeper: Process
    private let keeperInput: Pipe

    /// Starts radicale on a free port with its collections in `storage` and
    /// waits until it listens ("Radicale server ready" in its log).
    ///
    /// A free port is one the kernel gave a socket bound to port 0 and that
    /// was closed again: another process can take it before radicale does,
    /// and then radicale says so and exits, and this tries another port.
    ///
    /// - Parameter folder: Where the configuration, log and pid file go.
    init(storage: URL, folder: URL, environment: [String: String]) throws {
        var lastLog = ""
        for attempt in 1...5 {
            let port = try Self.freePort()
            let url = try TestSupportFailure.unwrap(URL(string: "http://127.0.0.1:\(port)/"), "no URL for port \(port)")
            let files = folder.appendingPathComponent("radicale-\(attempt)")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            let configuration = files.appendingPathComponent("config")
            let log = files.appendingPathComponent("log")
            let pidFile = files.appendingPathComponent("pid")
            try Self.configuration(port: port, storage: storage).write(to: configuration, atomically: true, encoding: .utf8)
            try Data().write(to: log)

            let input = Pipe()
            let logHandle = try FileHandle(forWritingTo: log)
            defer { try? logHandle.close() }
            let keeper = try ProcessRunner.start {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["--default-signal", "sh", "-c", Self.keeperScript, "radicale-keeper", configuration.path, pidFile.path]
                process.environment = environment
                process.currentDirectoryURL = files
                process.standardInput = input
                process.standardOutput = FileHandle.nullDevice
                process.standardError = logHandle
                return process
            }
            let logText = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
            _ = eventually(within: .seconds(20)) {
                logText().contains("Radicale server ready") || !keeper.isRunning
            }
            let pid = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if keeper.isRunning, let pid, logText().contains("Radicale server ready") {
                self.keeper = keeper
                keeperInput = input
                self.pid = pid
                self.url = url
                return
            }
            Self.stop(keeper: keeper, input: input, pid: pid)
            lastLog = logText()
            if lastLog.contains("No module named radicale") {
                throw TestSupportFailure(
                    "radicale is missing (/usr/bin/python3 has no module radicale): the CalDAV tests need Debian's python3-radicale; run `make deps`."
                )
            }
            guard lastLog.contains("Address already in use") else { break }
        }
        throw TestSupportFailure("radicale did not start on 127.0.0.1; its log:\n\(lastLog)")
    }

    deinit {
        stop()
    }

    /// Stops radicale (closing the keeper's stdin makes the keeper send it
    /// SIGTERM) and waits until it and its keeper are gone; SIGKILLs them
    /// after 5 s. Does nothing the second time.
    func stop() {
        Self.stop(keeper: keeper, input: keeperInput, pid: pid)
    }

    private static func stop(keeper: Process, input: Pipe, pid: pid_t?) {
        try? input.fileHandleForWriting.close()
        if !eventually(within: .seconds(5), { !keeper.isRunning }) {
            if let pid { kill(pid, SIGKILL) }
            kill(keeper.processIdentifier, SIGKILL)
        }
        keeper.waitUntilExit()
    }

    /// Runs radicale (as `python3 -m radicale`: python3-radicale brings no
    /// system service, which the `radicale` package does) with stdin closed,
    /// writes its pid to $2, and waits for it; a subshell reading the
    /// keeper's stdin stops it once that closes. The keeper exits when
    /// radicale does, so that a radicale that could not start is seen at once.
    ///
    /// The subshell reads the keeper's stdin through fd 3: sh gives a
    /// background command /dev/null as its stdin. `/usr/bin/python3` because
    /// that is where Debian's python modules are (an interpreter earlier on
    /// PATH, such as pyenv's, does not have them).
    private static let keeperScript = """
        exec 3<&0
        /usr/bin/python3 -m radicale -C "$1" </dev/null 3<&- &
        radicale=$!
        echo "$radicale" > "$2"
        (cat <&3 >/dev/null; kill "$radicale" 2>/dev/null) >/dev/null &
        exec 3<&-
        wait "$radicale"
        """

    /// Logging at info level, so that "Radicale server ready" (and each
    /// request, for a failing test's diagnosis) reaches the log.
    private static func configuration(port: UInt16, storage: URL) -> String {
        """
        [server]
        hosts = 127.0.0.1:\(port)
        [auth]
        type = none
        [storage]
        filesystem_folder = \(storage.path)
        [web]
        type = none
        [logging]
        level = info
        mask_passwords = True
        """
    }

    /// A port of 127.0.0.1 that was free a moment ago: the one the kernel
    /// gives a socket bound to port 0.
    private static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try TestSupportFailure.unless(descriptor >= 0, "socket() failed: \(String(cString: strerror(errno)))")
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        try TestSupportFailure.unless(bound, "binding a socket to 127.0.0.1:0 failed: \(String(cString: strerror(errno)))")
        return UInt16(bigEndian: address.sin_port)
    }
}
