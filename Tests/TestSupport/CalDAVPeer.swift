import Foundation

/// A real CalDAV peer for one test: radicale on 127.0.0.1 with one task
/// collection, and two devices that vdirsyncer syncs with it. Device A is
/// todo-remind's side; device B is another person's or machine's, which
/// todoman edits.
///
/// ```swift
/// let peer = try CalDAVPeer.start()
/// defer { peer.stop() }
/// try peer.todoman(["new", "--due", "2026-12-01 17:00", "Pay rent"])
/// try peer.deviceB.sync()
/// try peer.deviceA.sync()
/// let items = try peer.deviceA.items()   // the .ics files of peer.deviceA.folder
/// ```
///
/// Everything runs from Debian's packages (python3-radicale, vdirsyncer,
/// todoman, curl) and fails, never skips, when one is missing. Nothing
/// leaves the machine or the test's folder: the server listens on
/// 127.0.0.1 only, and every process gets a HOME and XDG folders of its own
/// under the peer's `TemporaryFolder`, so no real configuration, cache or
/// vdirsyncer status is read or written.
///
/// Device A's pair settles a conflict with "b wins" (the server's copy
/// replaces the folder's); device B's has no conflict resolution, so a
/// conflict there is an error that `attemptSync()` shows, unless the test
/// gives it one (a phone whose offline edits win: "a wins").
///
/// A test stops the server it starts, even when it fails:
/// `defer { peer.stop() }`; should the test process die first, the server
/// stops when the pipe that keeps it alive closes (see `RadicaleServer`).
public final class CalDAVPeer {
    /// The collection's name: its URL's last component, each device's
    /// collection folder's name and todoman's list name.
    public static let collection = "tasks"

    /// The collection on the server: `http://127.0.0.1:PORT/user/tasks/`.
    public let collectionURL: URL
    /// todo-remind's side: `conflict_resolution = "b wins"`.
    public let deviceA: CalDAVDevice
    /// The other side, the one todoman edits: no conflict resolution, unless
    /// `start` was given one.
    public let deviceB: CalDAVDevice
    /// The TZ every process of the peer runs in, todoman's above all: it
    /// reads and writes due times as local time of this zone.
    public let timeZone: String
    /// What every process of the peer sees: PATH, the private HOME and XDG
    /// folders, TZ and a UTF-8 locale; nothing else of the test's environment.
    public let environment: [String: String]
    /// Radicale's process id, while it runs.
    public var serverPID: pid_t { server.pid }

    private let root: TemporaryFolder
    private let server: RadicaleServer
    private let todomanConfiguration: URL

    /// Starts radicale on a free port of 127.0.0.1, creates the task
    /// collection (MKCALENDAR with VTODO as its only component), writes both
    /// devices' vdirsyncer configurations and todoman's, and runs
    /// `vdirsyncer discover` on each device. Returns once all that is done.
    ///
    /// - Parameters:
    ///   - timeZone: The TZ of every process of the peer.
    ///   - deviceBConflictResolution: device B's `conflict_resolution`;
    ///     nil (none) makes a conflict there an error.
    ///   - components: what the collection holds (`VTODO`; a calendar's
    ///     events too with `VEVENT`).
    public static func start(
        timeZone: String = "Europe/Berlin", deviceBConflictResolution: String? = nil, components: [String] = ["VTODO"]
    ) throws -> CalDAVPeer {
        try CalDAVPeer(timeZone: timeZone, deviceBConflictResolution: deviceBConflictResolution, components: components)
    }

    private init(timeZone: String, deviceBConflictResolution: String?, components: [String]) throws {
        let environment = ProcessInfo.processInfo.environment
        for tool in ["vdirsyncer", "todoman", "curl"] {
            try TestSupportFailure.unless(
                ProcessRunner.isOnPath(tool, path: environment["PATH"]),
                "\(tool) is missing: the CalDAV tests need Debian's python3-radicale, vdirsyncer, todoman and curl; run `make deps`."
            )
        }
        try TestSupportFailure.unless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
            "/usr/bin/python3 is missing: the CalDAV tests run Debian's python3-radicale with it; run `make deps`."
        )

        let root = try TemporaryFolder(prefix: "todo-remind-caldav")
        let home = root.url.appendingPathComponent("home")
        self.root = root
        self.timeZone = timeZone
        let processEnvironment = [
            "PATH": environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
            "TZ": timeZone,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            // The server is on the loopback; never ask a proxy for it.
            "NO_PROXY": "127.0.0.1,localhost",
            "no_proxy": "127.0.0.1,localhost",
        ]
        self.environment = processEnvironment
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)

        let storage = root.url.appendingPathComponent("server")
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        server = try RadicaleServer(storage: storage, folder: root.url, environment: processEnvironment)
        do {
            collectionURL = server.url.appendingPathComponent("user/\(Self.collection)/", isDirectory: true)
            deviceA = try CalDAVDevice(
                name: "devA", root: root.url, collection: Self.collection, server: server.url,
                conflictResolution: "b wins", environment: processEnvironment
            )
            deviceB = try CalDAVDevice(
                name: "devB", root: root.url, collection: Self.collection, server: server.url,
                conflictResolution: deviceBConflictResolution, environment: processEnvironment
            )
            todomanConfiguration = try Self.writeTodomanConfiguration(for: deviceB, in: root.url)
            try Self.makeCollection(collectionURL, components: components, environment: processEnvironment)
            try deviceA.discover()
            try deviceB.discover()
        } catch {
            server.stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Stops radicale and waits until it is gone. The folders stay until
    /// the peer itself goes.
    public func stop() {
        server.stop()
    }

    // MARK: - todoman on device B

    /// Runs `todoman --config <device B's config.py> ARGUMENTS…` and returns
    /// how it ended, whatever its status. Its lists are device B's
    /// collection folders; `default_list` is the collection, `date_format`
    /// "%Y-%m-%d", `time_format` "%H:%M", and `default_due` 0, so that a
    /// task made without `--due` has no DUE (todoman's default is 24 hours
    /// from now).
    ///
    /// Mind that `--porcelain` makes todoman read `--due` as a Unix time:
    /// use it to list, not to make tasks.
    public func todoman(_ arguments: [String], input: String? = nil) throws -> ProcessResult {
        let full = ["todoman", "--config", todomanConfiguration.path] + arguments
        return try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["--default-signal"] + full,
            environment: environment, input: input, workingFolder: deviceB.storageRoot,
            name: full.joined(separator: " ")
        )
    }

    /// Every task todoman sees on device B, done or not
    /// (`todoman --porcelain list --status ANY`).
    ///
    /// Throws when todoman wrote anything to stderr: it reports a file it
    /// cannot read there ("Failed to read entry …") and goes on without it,
    /// exit status 0, so such a task would silently be missing.
    public func todomanTasks() throws -> [TodomanTask] {
        let result = try todoman(["--porcelain", "list", "--status", "ANY"])
        try TestSupportFailure.unless(result.status == 0 && result.stderr.isEmpty, "todoman could not list its tasks: \(result)")
        return try TodomanTask.decodeList(result.stdout)
    }

    // MARK: - Setting up

    /// MKCALENDAR of a collection of `components`; as user "user", who owns
    /// /user/ (radicale answers 409 to an anonymous one).
    private static func makeCollection(_ url: URL, components: [String], environment: [String: String]) throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:set><D:prop>
                <D:displayname>Tasks</D:displayname>
                <C:supported-calendar-component-set>\(components.map { "<C:comp name=\"\($0)\"/>" }.joined())</C:supported-calendar-component-set>
              </D:prop></D:set>
            </C:mkcalendar>
            """
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "--default-signal", "curl", "--silent", "--show-error", "--noproxy", "*", "--max-time", "20",
                "--user", "user:x", "--request", "MKCALENDAR", "--header", "Content-Type: application/xml; charset=utf-8",
                "--data-binary", "@-", "--output", "/dev/null", "--write-out", "%{http_code}", url.absoluteString,
            ],
            environment: environment, input: body, name: "curl -X MKCALENDAR \(url.absoluteString)"
        )
        try TestSupportFailure.unless(
            result.status == 0 && result.stdout == "201",
            "MKCALENDAR \(url.absoluteString) did not answer 201 Created: \(result)"
        )
    }

    /// todoman 4.1 reads its configuration only from a file named config.py.
    private static func writeTodomanConfiguration(for device: CalDAVDevice, in root: URL) throws -> URL {
        let folder = root.appendingPathComponent("\(device.name)/todoman")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.py")
        // Python string literals: JSON's are valid Python.
        let literal = { (text: String) throws -> String in
            let data = try JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        }
        let text = """
            path = \(try literal(device.storageRoot.path + "/*"))
            cache_path = \(try literal(folder.appendingPathComponent("cache.sqlite3").path))
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = \(try literal(collection))
            default_due = 0
            color = "never"

            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
