import CLibNotify
import Testing
@testable import TodoLibNotify
import TodoNotify

@Suite("NotifyError")
struct NotifyErrorTests {
    /// A GError as GLib would make it, and the error it must become.
    struct Case: Sendable, CustomTestStringConvertible {
        let situation: String
        let make: @Sendable () -> UnsafeMutablePointer<GError>
        let expected: NotifyError

        var testDescription: String { situation }
    }

    static func ioError(_ code: GIOErrorEnum, _ message: String) -> @Sendable () -> UnsafeMutablePointer<GError> {
        { g_error_new_literal(g_io_error_quark(), Int32(code.rawValue), message) }
    }

    static func dbusError(_ name: String, _ message: String) -> @Sendable () -> UnsafeMutablePointer<GError> {
        { g_dbus_error_new_for_dbus_error(name, message) }
    }

    static let cases: [Case] = [
        Case(situation: "no session bus and no X display to autolaunch one",
             make: ioError(G_IO_ERROR_FAILED, "Cannot autolaunch D-Bus without X11 $DISPLAY"),
             expected: .noSessionBus(reason: "Cannot autolaunch D-Bus without X11 $DISPLAY")),
        Case(situation: "a bus address that points nowhere",
             make: ioError(G_IO_ERROR_NOT_FOUND, "Could not connect: No such file or directory"),
             expected: .noSessionBus(reason: "Could not connect: No such file or directory")),
        Case(situation: "a call that timed out",
             make: ioError(G_IO_ERROR_TIMED_OUT, "Timeout was reached"),
             expected: .timedOut(after: .seconds(25))),
        Case(situation: "no owner and no .service file for the name",
             make: dbusError("org.freedesktop.DBus.Error.ServiceUnknown",
                             "The name org.freedesktop.Notifications was not provided by any .service files"),
             expected: .noServer(reason: "The name org.freedesktop.Notifications was not provided by any .service files")),
        Case(situation: "a .service file whose server failed to start",
             make: dbusError("org.freedesktop.DBus.Error.Spawn.ChildSignaled",
                             "Process org.freedesktop.Notifications received signal 5"),
             expected: .noServer(reason: "Process org.freedesktop.Notifications received signal 5")),
        Case(situation: "a server that left the bus without answering",
             make: dbusError("org.freedesktop.DBus.Error.NoReply",
                             "Message recipient disconnected from message bus without replying"),
             expected: .noServer(reason: "Message recipient disconnected from message bus without replying")),
        Case(situation: "a server that rejects the call",
             make: dbusError("org.freedesktop.DBus.Error.InvalidArgs", "Invalid urgency."),
             expected: .refused(reason: "Invalid urgency")),
    ]

    @Test("GLib's errors become todo-remind's, their D-Bus prefix removed", arguments: cases)
    func mapsGError(_ testCase: Case) {
        let gError = testCase.make()
        defer { g_error_free(gError) }

        #expect(NotifyError(gError, timeout: .seconds(25)) == testCase.expected)
    }

    @Test("Every message is one sentence that says what is wrong and what would help", arguments: [
        (NotifyError.noSessionBus(reason: "Cannot autolaunch D-Bus without X11 $DISPLAY"),
         "No session D-Bus is reachable (Cannot autolaunch D-Bus without X11 $DISPLAY): notifications need a desktop session, with DBUS_SESSION_BUS_ADDRESS set."),
        (.noServer(reason: "The name org.freedesktop.Notifications was not provided by any .service files"),
         "No notification server is running on the session bus (The name org.freedesktop.Notifications was not provided by any .service files): start one, such as dunst or the desktop's own, and try again."),
        (.timedOut(after: .seconds(25)),
         "The notification server did not answer within 25 s: it owns org.freedesktop.Notifications but seems hung."),
        (.timedOut(after: .milliseconds(1500)),
         "The notification server did not answer within 1.5 s: it owns org.freedesktop.Notifications but seems hung."),
        (.refused(reason: "Invalid urgency"), "The notification server refused the notification: Invalid urgency."),
    ])
    func messages(error: NotifyError, message: String) {
        #expect(error.errorDescription == message)
    }

    @Test("Only a missing bus or server counts as unreachable, the case for the console")
    func unreachable() {
        #expect(NotifyError.noSessionBus(reason: "").isServerUnreachable)
        #expect(NotifyError.noServer(reason: "").isServerUnreachable)
        #expect(!NotifyError.timedOut(after: .seconds(5)).isServerUnreachable)
        #expect(!NotifyError.refused(reason: "").isServerUnreachable)
    }
}
