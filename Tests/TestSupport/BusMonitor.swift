import Foundation

/// `dbus-monitor` on a session bus, reading the calls of the notification
/// interface made while it runs (Notify, or the methods given) as they pass.
///
/// The monitor gets its copy of a call when the bus routes it to the server,
/// so `waitForNotify` returns within a millisecond or so of the call, before
/// the sender can have had the server's answer: a test can act in that very
/// moment (a SIGKILL between showing a reminder and recording it).
///
/// A test ends what it starts, even when it fails: `defer { monitor.end() }`.
public final class BusMonitor {
    private let process = Process()
    private let output = Pipe()
    /// Everything read so far.
    private var received = Data()
    /// How much of `received` has been read as lines.
    private var linesEnd = 0
    /// Whether the lines being read belong to a Notify call, how many of its
    /// string arguments have been read (the summary is the third: app name,
    /// icon, summary), and whether the next variant is its stack tag hint.
    private var inNotify = false
    private var stringsRead = 0
    private var tagFollows = false
    /// Every Notify call read so far, oldest first.
    private var calls: [NotifyCall] = []

    /// A Notify call: what it shows, and the name a server may replace it by.
    public struct NotifyCall: Equatable, Sendable {
        public var summary: String
        /// Its `x-dunst-stack-tag` hint, if it has one.
        public var stackTag: String?
    }

    /// Starts `dbus-monitor` on the session bus of `desktop` (by default the
    /// test process's own) and waits until it watches: it says so with the
    /// bus's NameLost signal once it is a monitor.
    public init(methods: [String] = ["Notify"], on desktop: PrivateDesktop? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal", "dbus-monitor", "--session"] + methods.map {
            "type='method_call',interface='org.freedesktop.Notifications',member='\($0)'"
        }
        if let desktop {
            process.environment = ProcessInfo.processInfo.environment.merging(desktop.environment) { _, ours in ours }
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watching = readLines(until: .now + .seconds(5)) { $0.hasPrefix("signal ") && $0.hasSuffix("member=NameLost") }
        guard watching else {
            end()
            throw TestSupportFailure("dbus-monitor did not start monitoring")
        }
    }

    deinit {
        end()
    }

    /// Everything the monitor printed so far.
    public var text: String {
        _ = readLines(until: .now) { _ in false }
        return String(decoding: received, as: UTF8.self)
    }

    /// The recorded Notify calls, waiting until `count` of them are complete
    /// (a call's last argument, the expiry, is printed last).
    public func notifyCalls(count: Int) throws -> [String] {
        var calls: [String] = []
        _ = eventually {
            calls = text.components(separatedBy: "method call").filter { $0.contains("member=Notify") }
            return calls.count >= count && calls.allSatisfy { $0.contains("int32 -1") }
        }
        return calls
    }

    /// The recorded CloseNotification calls, waiting until one closes bubble `id`.
    public func closeCalls(closing id: UInt32) -> [String] {
        var calls: [String] = []
        _ = eventually {
            calls = text.components(separatedBy: "method call").filter { $0.contains("member=CloseNotification") }
            return calls.contains { $0.contains("uint32 \(id)\n") }
        }
        return calls
    }

    /// Waits until a Notify call with this summary has passed (one before
    /// counts too); whether one came within `timeout`.
    public func waitForNotify(summary: String, within timeout: Duration = .seconds(10)) -> Bool {
        if calls.contains(where: { $0.summary == summary }) { return true }
        return readLines(until: .now + timeout) { _ in calls.last?.summary == summary }
    }

    /// The Notify calls with this summary, counting those that pass within
    /// `settle` from now.
    public func notifyCalls(summary: String, settle: Duration = .milliseconds(200)) -> [NotifyCall] {
        _ = readLines(until: .now + settle) { _ in false }
        return calls.filter { $0.summary == summary }
    }

    /// Stops `dbus-monitor`.
    public func end() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Reads the monitor's lines as they come, noting Notify calls, until
    /// `done` holds for a line (true) or `deadline` passes (false); reads
    /// what is there already at least once.
    private func readLines(until deadline: ContinuousClock.Instant, _ done: (String) -> Bool) -> Bool {
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            while let newline = received[linesEnd...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: received[linesEnd..<newline], as: UTF8.self)
                linesEnd = newline + 1
                note(line)
                if done(line) { return true }
            }
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = max(0, min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 60_000))
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(milliseconds)) > 0 else {
                if ContinuousClock.now >= deadline { return false }
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &buffer, buffer.count)
            // The monitor has exited: nothing more will come.
            guard count > 0 else { return false }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    /// Follows dbus-monitor's layout: a header line per message ("method
    /// call time=… member=Notify"), then its arguments, strings as
    /// `string "…"` (a string's own line breaks are printed as they are), a
    /// hint as its name's string and then `variant string "…"`.
    private func note(_ line: String) {
        if let kind = ["method call ", "method return ", "signal ", "error "].first(where: line.hasPrefix),
           line.dropFirst(kind.count).hasPrefix("time=") {
            inNotify = kind == "method call " && line.hasSuffix("member=Notify")
            stringsRead = 0
            tagFollows = false
            return
        }
        guard inNotify else { return }
        let argument = line.trimmingCharacters(in: .whitespaces)
        if tagFollows, argument.hasPrefix("variant ") {
            tagFollows = false
            let value = argument.dropFirst("variant ".count).trimmingCharacters(in: .whitespaces)
            if let quoted = Self.quoted(value, after: "string "), !calls.isEmpty {
                calls[calls.count - 1].stackTag = quoted
            }
            return
        }
        guard let string = Self.quoted(argument, after: "string ") else { return }
        stringsRead += 1
        if stringsRead == 3 {
            calls.append(NotifyCall(summary: string, stackTag: nil))
        } else if string == "x-dunst-stack-tag" {
            tagFollows = true
        }
    }

    /// The text between the quotes of `prefix "…"` on one line, or nil.
    private static func quoted(_ text: String, after prefix: String) -> String? {
        guard text.hasPrefix(prefix + "\""), text.hasSuffix("\""), text.count >= prefix.count + 2 else { return nil }
        return String(text.dropFirst(prefix.count + 1).dropLast())
    }
}
