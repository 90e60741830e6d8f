import CLibNotify
import Dispatch
import Foundation
import TestSupport
import Testing

/// A notification server without the "actions" capability, which dunst cannot
/// be configured to lack: it owns org.freedesktop.Notifications on the session
/// bus of `scripts/with-desktop-session` (stop dunst first), answers the
/// specification's methods from a GLib loop thread of its own, and records
/// each Notify call and when it came.
///
/// Given a `notifyDelay`, it is also a slow server: it answers each Notify
/// that long after the call came, without blocking its loop meanwhile, as
/// a busy server behind the bus would.
final class ActionlessServer: @unchecked Sendable {
    /// One Notify call, as received.
    struct Notification: Equatable {
        var replacesID: UInt32
        var summary: String
        var body: String
        var actions: [String]
    }

    /// How long each Notify waits for its answer.
    let notifyDelay: Duration
    private let arrivals = Shared([Date]())

    /// What GetCapabilities answers: by default a body, with markup.
    let capabilities: [String]

    private let received = Shared([Notification]())
    private let stopped = Shared(false)
    // Set up on the server thread before `ready` is signalled, then used only there.
    private let context: OpaquePointer
    private let loop: OpaquePointer
    private var connection: OpaquePointer?
    private var setupError: String?
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the server and waits until it owns the name.
    init(notifyDelay: Duration = .zero, capabilities: [String] = ["body", "body-markup"]) throws {
        self.notifyDelay = notifyDelay
        self.capabilities = capabilities
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        let thread = Thread { [self] in
            g_main_context_push_thread_default(context)
            setUp()
            ready.signal()
            if connection != nil { g_main_loop_run(loop) }
            g_main_context_pop_thread_default(context)
            finished.signal()
        }
        thread.name = "actionless-server"
        thread.start()
        ready.wait()
        if let setupError {
            finished.wait()
            Issue.record("The actionless server did not start: \(setupError)")
            throw ServerError.notStarted
        }
    }

    enum ServerError: Error { case notStarted }

    /// Leaves the bus (closing the connection releases the name) and stops the
    /// thread; once, however often it is called.
    func stop() {
        guard !stopped.withLock({ stopped in defer { stopped = true }; return stopped }) else { return }
        g_main_context_invoke_full(context, 0, { data in
            guard let data else { return 0 }
            let server = Unmanaged<ActionlessServer>.fromOpaque(data).takeUnretainedValue()
            if let connection = server.connection {
                g_dbus_connection_close_sync(connection, nil, nil)
                g_object_unref(UnsafeMutableRawPointer(connection))
                server.connection = nil
            }
            g_main_loop_quit(server.loop)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        finished.wait()
    }

    var notifications: [Notification] { received.get() }

    /// When each Notify call came, in order.
    var notifyArrivals: [Date] { arrivals.get() }

    // MARK: - The server thread

    private static let introspection = """
        <node>
          <interface name="org.freedesktop.Notifications">
            <method name="GetCapabilities"><arg direction="out" type="as"/></method>
            <method name="Notify">
              <arg direction="in" type="s"/><arg direction="in" type="u"/><arg direction="in" type="s"/>
              <arg direction="in" type="s"/><arg direction="in" type="s"/><arg direction="in" type="as"/>
              <arg direction="in" type="a{sv}"/><arg direction="in" type="i"/><arg direction="out" type="u"/>
            </method>
            <method name="CloseNotification"><arg direction="in" type="u"/></method>
            <method name="GetServerInformation">
              <arg direction="out" type="s"/><arg direction="out" type="s"/>
              <arg direction="out" type="s"/><arg direction="out" type="s"/>
            </method>
            <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
            <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
          </interface>
        </node>
        """

    private func setUp() {
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { setupError = String(cString: error.pointee.message); g_error_free(error) } }
        guard let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error) else { return }
        defer { g_free(address) }
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue
        )
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error),
              let node = g_dbus_node_info_new_for_xml(Self.introspection, &error)
        else { return }
        defer { g_dbus_node_info_unref(node) }
        let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = { _, _, _, _, method, parameters, invocation, data in
            guard let method, let invocation, let data else { return }
            let server = Unmanaged<ActionlessServer>.fromOpaque(data).takeUnretainedValue()
            server.answer(String(cString: method), parameters: parameters, invocation: invocation)
        }
        // GDBus copies the vtable (GLib ≥ 2.38), so this one can go at once.
        defer { vtable.deallocate() }
        let registered = g_dbus_connection_register_object(
            connection, "/org/freedesktop/Notifications", node.pointee.interfaces[0], vtable,
            Unmanaged.passUnretained(self).toOpaque(), nil, &error
        )
        guard registered != 0 else {
            g_object_unref(UnsafeMutableRawPointer(connection))
            return
        }
        var nameArguments: [OpaquePointer?] = [
            g_variant_new_string("org.freedesktop.Notifications"), g_variant_new_uint32(4), // DBUS_NAME_FLAG_DO_NOT_QUEUE
        ]
        guard let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
            g_variant_new_tuple(&nameArguments, 2), nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, &error
        ) else {
            g_object_unref(UnsafeMutableRawPointer(connection))
            return
        }
        defer { g_variant_unref(reply) }
        let result = g_variant_get_child_value(reply, 0).map { child in
            defer { g_variant_unref(child) }
            return g_variant_get_uint32(child)
        }
        guard result == 1 else { // DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
            setupError = "RequestName answered \(result.map(String.init) ?? "nothing"): is dunst still running?"
            g_object_unref(UnsafeMutableRawPointer(connection))
            return
        }
        self.connection = connection
    }

    private func answer(_ method: String, parameters: OpaquePointer?, invocation: OpaquePointer) {
        var values: [OpaquePointer?]
        switch method {
        case "GetCapabilities":
            var names: [OpaquePointer?] = capabilities.map { g_variant_new_string($0) }
            values = [g_variant_new_array(nil, &names, gsize(names.count))]
        case "GetServerInformation":
            let information: [String] = ["actionless", "todo-remind tests", "1", "1.2"]
            values = information.map { g_variant_new_string($0) }
        case "Notify":
            guard let parameters else { return }
            let notification = Notification(
                replacesID: Self.child(parameters, 1, g_variant_get_uint32),
                summary: Self.child(parameters, 3) { String(cString: g_variant_get_string($0, nil)) },
                body: Self.child(parameters, 4) { String(cString: g_variant_get_string($0, nil)) },
                actions: Self.child(parameters, 5) { list in
                    (0..<g_variant_n_children(list)).map { index in
                        Self.child(list, index) { String(cString: g_variant_get_string($0, nil)) }
                    }
                }
            )
            arrivals.withLock { $0.append(Date()) }
            let id = received.withLock { list in
                list.append(notification)
                return notification.replacesID != 0 ? notification.replacesID : UInt32(list.count)
            }
            values = [g_variant_new_uint32(id)]
            if notifyDelay > .zero {
                answerLater(invocation, with: g_variant_new_tuple(&values, gsize(values.count)))
                return
            }
        case "CloseNotification":
            if let parameters, let connection {
                var signal: [OpaquePointer?] = [g_variant_new_uint32(Self.child(parameters, 0, g_variant_get_uint32)),
                                                g_variant_new_uint32(3)] // closed by a call to CloseNotification
                g_dbus_connection_emit_signal(connection, nil, "/org/freedesktop/Notifications",
                                              "org.freedesktop.Notifications", "NotificationClosed",
                                              g_variant_new_tuple(&signal, 2), nil)
            }
            values = []
        default:
            return
        }
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&values, gsize(values.count)))
    }

    /// Returns `reply` to the call `notifyDelay` from now, from a timeout
    /// source on the server's own context, so its loop goes on meanwhile.
    private func answerLater(_ invocation: OpaquePointer, with reply: OpaquePointer?) {
        final class Pending {
            let invocation: OpaquePointer
            let reply: OpaquePointer?
            init(invocation: OpaquePointer, reply: OpaquePointer?) {
                self.invocation = invocation
                self.reply = reply.map { g_variant_ref_sink($0) }
            }
        }
        let (seconds, attoseconds) = notifyDelay.components
        let milliseconds = UInt32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        let source = g_timeout_source_new(milliseconds)
        g_source_set_callback(source, { data in
            guard let data else { return 0 }
            let pending = Unmanaged<Pending>.fromOpaque(data).takeRetainedValue()
            g_dbus_method_invocation_return_value(pending.invocation, pending.reply)
            if let reply = pending.reply { g_variant_unref(reply) }
            return 0 // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(Pending(invocation: invocation, reply: reply)).toOpaque(), nil)
        g_source_attach(source, context)
        g_source_unref(source)
    }

    private static func child<T>(_ variant: OpaquePointer, _ index: gsize, _ read: (OpaquePointer) -> T) -> T {
        let child = g_variant_get_child_value(variant, index)!
        defer { g_variant_unref(child) }
        return read(child)
    }
}
