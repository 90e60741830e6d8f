import Foundation
import TestSupport
import Testing

/// `dbus-monitor` on the session bus, recording the calls of the notification
/// interface made while it runs: Notify, or the methods given.
final class BusMonitor {
    private let process = Process()
    private let output: URL

    init(methods: [String] = ["Notify"]) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("notify-monitor-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dbus-monitor", "--session"] + methods.map {
            "type='method_call',interface='org.freedesktop.Notifications',member='\($0)'"
        }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // dbus-monitor prints the bus's NameLost signal once it is monitoring.
        try #require(eventually { !text.isEmpty }, "dbus-monitor did not start monitoring")
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: output)
    }

    var text: String {
        (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// The recorded Notify calls, waiting until `count` of them are complete
    /// (a call's last argument, the expiry, is printed last).
    func notifyCalls(count: Int) throws -> [String] {
        var calls: [String] = []
        _ = eventually {
            calls = text.components(separatedBy: "method call").filter { $0.contains("member=Notify") }
            return calls.count >= count && calls.allSatisfy { $0.contains("int32 -1") }
        }
        return calls
    }

    /// The recorded CloseNotification calls, waiting until one closes bubble `id`.
    func closeCalls(closing id: UInt32) -> [String] {
        var calls: [String] = []
        _ = eventually {
            calls = text.components(separatedBy: "method call").filter { $0.contains("member=CloseNotification") }
            return calls.contains { $0.contains("uint32 \(id)\n") }
        }
        return calls
    }
}
