import CLibNotify
import TodoCore
import TodoNotify

/// libnotify's state in this process, and every call made to it.
///
/// libnotify is process-global (one app name, one cached D-Bus proxy), so there
/// is one engine, shared by every `LibNotifyNotifier`. Its state lives on its
/// `loop` thread: methods are entered through `loop.perform`, and the "closed"
/// signal and action callbacks are dispatched there by the loop itself.
///
/// The one exception is the wait for the server: a show is prepared on the
/// loop (`prepare`), sent from the caller's thread (`send`) and recorded on
/// the loop again (`finish`), so that several shows wait for a slow server at
/// the same time instead of one behind another, and the loop stays free to
/// dispatch signals meanwhile. libnotify's proxy is made on the loop first
/// (`ensureProxy`), so its signals still arrive there.
final class LibNotifyEngine: @unchecked Sendable {
    /// The one engine: libnotify keeps one app name and one D-Bus proxy per process.
    static let shared = LibNotifyEngine()

    let loop = GLibLoopThread(name: "todo-notify")

    /// How long libnotify's own calls wait for the server: GDBus's default, as
    /// libnotify passes no timeout of its own and offers no way to set one.
    static let libnotifyTimeout: Duration = .seconds(25)

    // The state below is confined to the loop thread.

    private var initialized = false
    /// Our reference to the session bus connection (GLib's shared one, which
    /// libnotify's proxy uses too), so it is not reopened for every call.
    private var connection: OpaquePointer?
    /// The unique bus name of the server that answered last: when another
    /// process answers, the bubbles of the previous one are gone.
    private var serverOwner: String?
    /// The capabilities of `serverOwner`, once asked; asked again when another
    /// process answers.
    private var capabilities: [String]?
    /// Notifications shown and not closed yet, by the address of their object.
    /// Each holds the reference `notify_notification_new` gave us, so the
    /// object lives until the server says the bubble is closed.
    private var open: [UInt: OpenNotification] = [:]
    /// The open notification of each task, event and the digest, by the address of its object.
    private var openByOwner: [BubbleOwner: UInt] = [:]
    /// The notifications being sent from another thread, by object address:
    /// not to be touched (updated, reused) until their send returns.
    private var sending: Set<UInt> = []
    /// Whether libnotify's proxy exists. It is made lazily by the first call
    /// that needs it, in the calling thread's main context, where its signals
    /// are then dispatched: it must be made here, on the loop, never by a send
    /// from another thread. Once made it lives as long as the process.
    private var proxyReady = false

    private struct OpenNotification {
        let object: UnsafeMutablePointer<NotifyNotification>
        let owner: BubbleOwner
        var serverID: UInt32
        let closedHandler: gulong
    }

    private init() {}

    /// A notification ready to be sent from another thread.
    struct Prepared: @unchecked Sendable {
        // @unchecked: the object is not touched on the loop while it is sent
        // (`sending`), and GObject reference counting is thread-safe.
        let object: UnsafeMutablePointer<NotifyNotification>
        let owner: BubbleOwner
        /// Whether `prepare` took a reference of its own for the send: a
        /// reused object is held by `open`, which a "closed" signal can let
        /// go while the send is under way.
        let extraReference: Bool
    }

    /// Asks whether a server answers, with `timeout`, from any thread: a
    /// hung server then costs `timeout` rather than libnotify's 25 s, and
    /// nothing is queued that it could show much later, when it recovers.
    /// Calls of several threads wait side by side (GDBus connections are
    /// thread-safe). Returns the unique bus name of the server that answered.
    static func probe(timeout: Duration) -> Result<String?, NotifyError> {
        var gError: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &gError) else {
            let error = gError.map { NotifyError($0, timeout: .zero, fromBusConnection: true) }
                ?? .noSessionBus(reason: "g_bus_get_sync failed without saying why")
            g_clear_error(&gError)
            return .failure(error)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        return request("GetServerInformation", on: bus, timeout: timeout) { _ in () }.map(\.sender)
    }

    /// Prepares the notification to be sent (`send`), replacing the task's
    /// bubble if it is still open and not being sent already; `answeredBy`
    /// is the server that `probe` reached.
    ///
    /// The bubble carries the notification's actions when `onAction` is given
    /// and the server advertises the "actions" capability; otherwise it
    /// carries none, and its body ends with the equivalent commands. The body
    /// is markup only for a server that advertises "body-markup".
    func prepare(
        _ notification: ReminderNotification,
        defaultAppName: String,
        timeout: Duration,
        answeredBy sender: String?,
        onAction: (@Sendable (ActionInvocation) -> Void)?
    ) -> Result<Prepared, NotifyError> {
        precondition(loop.isCurrent, "libnotify is only used on its loop thread")
        let appName = notification.appName.isEmpty ? defaultAppName : notification.appName
        if case .failure(let error) = initialize(appName: appName) { return .failure(error) }
        noteServer(sender)
        if case .failure(let error) = ensureProxy() { return .failure(error) }
        let capabilities: [String]
        switch serverCapabilities(timeout: timeout) {
        case .success(let answer): capabilities = answer
        case .failure(let error): return .failure(error)
        }
        let actionHandler = notification.actions.isEmpty || !capabilities.contains("actions") ? nil : onAction
        // The body is composed as markup; a server without "body-markup"
        // shows it as it comes, so it gets the text the markup stands for
        // (the specification: such a server shows markup literally).
        let markup = notification.body(showingActions: actionHandler != nil)
        let body = capabilities.contains("body-markup") ? markup : Markup.plainText(markup)

        // libnotify refuses an empty summary.
        let summary = notification.summary.isEmpty ? appName : notification.summary
        // An object being sent is left alone: a second reminder of the task
        // meanwhile gets an object of its own (its stack tag still names it).
        let reused = openByOwner[notification.owner].flatMap { sending.contains($0) ? nil : open[$0] }
        let object: UnsafeMutablePointer<NotifyNotification>
        if let reused {
            object = reused.object
            notify_notification_update(object, summary, body, notification.iconPath)
            g_object_ref(UnsafeMutableRawPointer(object))
        } else {
            guard let created = notify_notification_new(summary, body, notification.iconPath) else {
                return .failure(.failed(reason: "notify_notification_new returned no notification"))
            }
            object = created
        }
        configure(object, for: notification, appName: appName)
        // A replaced bubble's actions go, with their contexts, before the new ones come.
        notify_notification_clear_actions(object)
        if let actionHandler {
            addActions(notification.actions, to: object, owner: notification.owner, handler: actionHandler)
        }
        sending.insert(UInt(bitPattern: object))
        return .success(Prepared(object: object, owner: notification.owner, extraReference: reused != nil))
    }

    /// Sends a prepared notification (`notify_notification_show`), on the
    /// caller's thread: it waits for the server's answer, up to libnotify's
    /// own 25 s, while other threads send theirs.
    static func send(_ prepared: Prepared) -> Result<UInt32, NotifyError> {
        var gError: UnsafeMutablePointer<GError>?
        guard notify_notification_show(prepared.object, &gError) != 0 else {
            let error = gError.map { NotifyError($0, timeout: libnotifyTimeout) }
                ?? .failed(reason: "notify_notification_show failed without saying why")
            g_clear_error(&gError)
            return .failure(error)
        }
        return .success(todo_remind_notification_id(prepared.object))
    }

    /// Records how a send ended: a shown notification is kept until its
    /// "closed" signal; a failed one is let go.
    func finish(_ prepared: Prepared, result: Result<UInt32, NotifyError>) {
        precondition(loop.isCurrent, "the engine's state is only used on the loop thread")
        let object = prepared.object
        let key = UInt(bitPattern: object)
        sending.remove(key)
        switch result {
        case .success(let id):
            if let entry = open[key] {
                track(object, owner: prepared.owner, serverID: id, reused: entry)
                if prepared.extraReference { g_object_unref(UnsafeMutableRawPointer(object)) }
            } else {
                // New, or let go by a "closed" signal during the send: the
                // table takes the reference the send held.
                track(object, owner: prepared.owner, serverID: id, reused: nil)
            }
        case .failure(let error):
            g_object_unref(UnsafeMutableRawPointer(object))
            if error.isServerUnreachable { forgetAll() }
        }
    }

    /// A probe found no server: the bubbles of the last one are gone.
    func serverUnreachable() {
        precondition(loop.isCurrent, "the engine's state is only used on the loop thread")
        forgetAll()
    }

    /// Makes libnotify's proxy here, on the loop, before any send from
    /// another thread could make it there (`notify_get_server_info`, which
    /// asks the server that `probe` has just reached).
    private func ensureProxy() -> Result<Void, NotifyError> {
        if proxyReady { return .success(()) }
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var specVersion: UnsafeMutablePointer<CChar>?
        let answered = notify_get_server_info(&name, &vendor, &version, &specVersion) != 0
        for text in [name, vendor, version, specVersion] { g_free(text) }
        guard answered else {
            return .failure(.noServer(reason: "libnotify could not reach the notification server"))
        }
        proxyReady = true
        return .success(())
    }

    /// Forgets the bubbles of the previous server when another process
    /// answers: they went with it.
    private func noteServer(_ sender: String?) {
        guard let sender, sender != serverOwner else { return }
        forgetAll()
        serverOwner = sender
        capabilities = nil
    }

    /// The server's name, version and capabilities, asked with `timeout` each.
    func serverInfo(timeout: Duration) -> Result<ServerInfo, NotifyError> {
        precondition(loop.isCurrent, "GLib is only used on the loop thread")
        let information = call("GetServerInformation", timeout: timeout) { body -> [String]? in
            guard Self.typeString(of: body) == "(ssss)" else { return nil }
            return Self.strings(in: body)
        }
        return information.flatMap { information in
            askCapabilities(timeout: timeout).map { capabilities in
                ServerInfo(
                    name: information[0],
                    vendor: information[1],
                    version: information[2],
                    specVersion: information[3],
                    capabilities: capabilities
                )
            }
        }
    }

    /// Asks the server to close the task's or the event's bubble, if one is
    /// open; its "closed" signal then lets the notification go.
    func close(_ owner: Reminder.Owner) {
        precondition(loop.isCurrent, "the engine's state is only used on the loop thread")
        guard let key = openByOwner[BubbleOwner(owner)], let entry = open[key] else { return }
        closeBubble(entry.serverID)
    }

    /// The server id of each task's open notification.
    func openNotifications() -> [Int64: UInt32] {
        precondition(loop.isCurrent, "the engine's state is only used on the loop thread")
        var ids: [Int64: UInt32] = [:]
        for entry in open.values {
            guard case .task(let taskID) = entry.owner else { continue }
            ids[taskID] = entry.serverID
        }
        return ids
    }

    // MARK: - libnotify

    /// Calls `notify_init` once; libnotify does not cache a failure to reach
    /// the server (tested: a show fails, a server starts, the next show works),
    /// so there is nothing to reset afterwards.
    private func initialize(appName: String) -> Result<Void, NotifyError> {
        if initialized { return .success(()) }
        guard notify_init(appName) != 0 else {
            return .failure(.failed(reason: "notify_init refused the app name “\(appName)”"))
        }
        initialized = true
        return .success(())
    }

    /// Sets what `notify_notification_new`/`update` do not: urgency, category,
    /// app name, the desktop-entry hint and the default expiry.
    private func configure(
        _ object: UnsafeMutablePointer<NotifyNotification>,
        for notification: ReminderNotification,
        appName: String
    ) {
        notify_notification_set_app_name(object, appName)
        notify_notification_set_urgency(object, notification.urgency.libnotifyValue)
        // An empty string would still be sent; no hint is the way to say none.
        notify_notification_set_hint(object, "category",
                                     notification.category.isEmpty ? nil : g_variant_new_string(notification.category))
        notify_notification_set_hint(object, "desktop-entry",
                                     notification.desktopEntry.isEmpty ? nil : g_variant_new_string(notification.desktopEntry))
        // The same name under both hints: dunst reads the first, Notify OSD
        // and the servers that copied it the second. A re-send after a crash
        // (a new process, so no replaces_id) then replaces the first bubble.
        for hint in Self.stackTagHints {
            notify_notification_set_hint(object, hint, notification.stackTag.map { g_variant_new_string($0) })
        }
        notify_notification_set_timeout(object, NOTIFY_EXPIRES_DEFAULT)
    }

    /// The hints that ask a server to replace, not stack, a bubble of the same name.
    static let stackTagHints = ["x-dunst-stack-tag", "x-canonical-private-synchronous"]

    /// Records a shown notification until its "closed" signal.
    private func track(
        _ object: UnsafeMutablePointer<NotifyNotification>,
        owner: BubbleOwner,
        serverID: UInt32,
        reused: OpenNotification?
    ) {
        let key = UInt(bitPattern: object)
        // Another object the server knew by this id no longer has a bubble.
        for (otherKey, other) in open where otherKey != key && other.serverID == serverID {
            forget(otherKey)
        }
        if var entry = reused {
            entry.serverID = serverID
            open[key] = entry
        } else {
            let handler = todo_remind_connect_closed(object, { object, engine in
                guard let object, let engine else { return }
                Unmanaged<LibNotifyEngine>.fromOpaque(engine).takeUnretainedValue().closed(object)
            }, Unmanaged.passUnretained(self).toOpaque())
            open[key] = OpenNotification(object: object, owner: owner, serverID: serverID, closedHandler: handler)
        }
        openByOwner[owner] = key
    }

    /// The "closed" signal: the server closed the bubble (expired, dismissed,
    /// or closed on request), so the object can go. libnotify holds its own
    /// reference while it emits the signal, so letting ours go here is safe.
    private func closed(_ object: UnsafeMutablePointer<NotifyNotification>) {
        forget(UInt(bitPattern: object))
    }

    private func forget(_ key: UInt) {
        guard let entry = open.removeValue(forKey: key) else { return }
        if openByOwner[entry.owner] == key { openByOwner[entry.owner] = nil }
        g_signal_handler_disconnect(entry.object, entry.closedHandler)
        g_object_unref(entry.object)
    }

    /// Forgets every open notification: their server is gone, and will never
    /// say they are closed.
    private func forgetAll() {
        for key in Array(open.keys) { forget(key) }
    }

    // MARK: - Actions

    /// What an action callback needs: the task, and whom to tell. Each action
    /// of a notification holds one reference, which libnotify lets go (through
    /// the free function given with it) when the actions are cleared or the
    /// notification is finalized.
    private final class ActionContext: Sendable {
        unowned let engine: LibNotifyEngine
        let owner: BubbleOwner
        let handler: @Sendable (ActionInvocation) -> Void

        init(engine: LibNotifyEngine, owner: BubbleOwner, handler: @escaping @Sendable (ActionInvocation) -> Void) {
            self.engine = engine
            self.owner = owner
            self.handler = handler
        }
    }

    /// Adds each action to the notification (`notify_notification_add_action`),
    /// in order, each with a context of its own.
    private func addActions(
        _ actions: [NotificationAction],
        to object: UnsafeMutablePointer<NotifyNotification>,
        owner: BubbleOwner,
        handler: @escaping @Sendable (ActionInvocation) -> Void
    ) {
        for action in actions {
            let context = ActionContext(engine: self, owner: owner, handler: handler)
            notify_notification_add_action(object, action.key, action.label, { object, key, data in
                guard let object, let key, let data else { return }
                let context = Unmanaged<ActionContext>.fromOpaque(data).takeUnretainedValue()
                context.engine.actionInvoked(object, key: String(cString: key), context: context)
            }, Unmanaged.passRetained(context).toOpaque(), { data in
                guard let data else { return }
                Unmanaged<ActionContext>.fromOpaque(data).release()
            })
        }
    }

    /// An action callback, dispatched on the loop thread by libnotify's proxy
    /// (the server's ActionInvoked signal): tells the handler, then closes the
    /// bubble, as the specification leaves that to the client.
    private func actionInvoked(_ object: UnsafeMutablePointer<NotifyNotification>, key: String, context: ActionContext) {
        precondition(loop.isCurrent, "libnotify dispatches its signals on the loop thread")
        let serverID = todo_remind_notification_id(object)
        context.handler(ActionInvocation(owner: context.owner, key: key, notificationID: serverID))
        closeBubble(serverID)
    }

    /// Asks the server that showed it to close bubble `serverID`, without
    /// waiting for an answer (`g_dbus_connection_call` with no callback sends
    /// the call as needing no reply): `notify_notification_close` would block
    /// the loop for up to 25 s on a hung server. The "closed" signal then lets
    /// the notification go; a bubble already closed is no harm.
    private func closeBubble(_ serverID: UInt32) {
        guard serverID != 0, case .success(let bus) = sessionBus() else { return }
        var arguments: [OpaquePointer?] = [g_variant_new_uint32(serverID)]
        let parameters = g_variant_new_tuple(&arguments, 1)
        g_dbus_connection_call(
            bus, serverOwner ?? "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
            "org.freedesktop.Notifications", "CloseNotification", parameters, nil,
            G_DBUS_CALL_FLAGS_NONE, -1, nil, nil, nil
        )
    }

    /// The capabilities of the server, asked once per server process.
    private func serverCapabilities(timeout: Duration) -> Result<[String], NotifyError> {
        if let capabilities { return .success(capabilities) }
        return askCapabilities(timeout: timeout)
    }

    /// Asks the server for its capabilities (GetCapabilities), and remembers them.
    private func askCapabilities(timeout: Duration) -> Result<[String], NotifyError> {
        let answer = call("GetCapabilities", timeout: timeout) { body -> [String]? in
            guard Self.typeString(of: body) == "(as)",
                  let list = g_variant_get_child_value(body, 0)
            else { return nil }
            defer { g_variant_unref(list) }
            return Self.strings(in: list)
        }
        // `call` has set `serverOwner` to the process that answered.
        if case .success(let answer) = answer { capabilities = answer }
        return answer
    }

    // MARK: - Direct D-Bus calls

    /// Calls a method of the notification server, without arguments, on the
    /// session bus, waiting at most `timeout`; `read` turns the reply's body
    /// into a value, or nil when it is not of the expected type.
    ///
    /// A successful answer also tells which process is the server; when that
    /// changes, the bubbles the previous one showed are forgotten.
    private func call<Value>(
        _ method: String,
        timeout: Duration,
        read: (OpaquePointer) -> Value?
    ) -> Result<Value, NotifyError> {
        let bus: OpaquePointer
        switch sessionBus() {
        case .success(let connection): bus = connection
        case .failure(let error): return .failure(error)
        }
        switch Self.request(method, on: bus, timeout: timeout, read: read) {
        case .success(let (value, sender)):
            noteServer(sender)
            return .success(value)
        case .failure(let error):
            if error.isServerUnreachable { forgetAll() }
            return .failure(error)
        }
    }

    /// `call`'s D-Bus exchange, which touches no state of the engine and so
    /// can be made from any thread: the value read, and the unique bus name
    /// of the process that answered.
    private static func request<Value>(
        _ method: String,
        on bus: OpaquePointer,
        timeout: Duration,
        read: (OpaquePointer) -> Value?
    ) -> Result<(value: Value, sender: String?), NotifyError> {
        let message = g_dbus_message_new_method_call(
            "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications", method
        )
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }

        var gError: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_send_message_with_reply_sync(
            bus, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, milliseconds(timeout), nil, nil, &gError
        )
        defer { if let reply { g_object_unref(UnsafeMutableRawPointer(reply)) } }
        if let reply { _ = g_dbus_message_to_gerror(reply, &gError) }
        if let gError {
            let error = NotifyError(gError, timeout: timeout)
            g_error_free(gError)
            return .failure(error)
        }
        guard let reply, let body = g_dbus_message_get_body(reply), let value = read(body) else {
            return .failure(.refused(reason: "its answer to \(method) is not the one the specification gives"))
        }
        let sender = g_dbus_message_get_sender(reply).map { String(cString: $0) }
        return .success((value, sender))
    }

    /// GLib's shared session bus connection, connected on first use.
    private func sessionBus() -> Result<OpaquePointer, NotifyError> {
        if let connection, g_dbus_connection_is_closed(connection) == 0 {
            return .success(connection)
        }
        if let connection {
            g_object_unref(UnsafeMutableRawPointer(connection))
            self.connection = nil
        }
        var gError: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &gError) else {
            let error = gError.map { NotifyError($0, timeout: .zero, fromBusConnection: true) }
                ?? .noSessionBus(reason: "g_bus_get_sync failed without saying why")
            g_clear_error(&gError)
            return .failure(error)
        }
        self.connection = connection
        return .success(connection)
    }

    private static func typeString(of variant: OpaquePointer) -> String {
        String(cString: g_variant_get_type_string(variant))
    }

    /// The strings of a tuple or array of strings.
    private static func strings(in variant: OpaquePointer) -> [String] {
        (0..<g_variant_n_children(variant)).map { index in
            guard let child = g_variant_get_child_value(variant, index) else { return "" }
            defer { g_variant_unref(child) }
            return g_variant_get_string(child, nil).map { String(cString: $0) } ?? ""
        }
    }

    /// A D-Bus timeout in milliseconds: at least 1 (0 and -1 mean "the default").
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds.multipliedReportingOverflow(by: 1000)
        guard !total.overflow else { return .max }
        return Int32(clamping: max(1, total.partialValue + attoseconds / 1_000_000_000_000_000))
    }
}

extension Urgency {
    /// libnotify's value for this urgency.
    var libnotifyValue: NotifyUrgency {
        switch self {
        case .low: NOTIFY_URGENCY_LOW
        case .normal: NOTIFY_URGENCY_NORMAL
        case .critical: NOTIFY_URGENCY_CRITICAL
        }
    }
}
