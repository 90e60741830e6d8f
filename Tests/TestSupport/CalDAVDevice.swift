import Foundation

/// One "device" of a `CalDAVPeer`: a vdir on disk that vdirsyncer 0.19 syncs
/// with the peer's radicale, with a configuration and status of its own.
///
/// Its storage root holds one folder per collection (`folder` is the
/// collection the peer created); vdirsyncer pairs the root with the server's
/// collections of user "user" (`collections = ["from a", "from b"]`), its
/// side "a" being the folder and "b" the server. A conflict (an item changed
/// on both sides since this device's last sync) is settled by
/// `conflictResolution`: "b wins" takes the server's copy; nil makes it an
/// error, which `attemptSync()` reports and `sync()` throws.
public struct CalDAVDevice: Sendable {
    /// "devA" or "devB": its folder under the peer's root.
    public let name: String
    /// vdirsyncer's local storage path: one folder per collection.
    public let storageRoot: URL
    /// The collection folder this device syncs: `storageRoot/<collection>`.
    public let folder: URL
    /// Its vdirsyncer configuration file.
    public let configuration: URL
    /// The pair's `conflict_resolution`: "b wins", or nil for none (a conflict is an error).
    public let conflictResolution: String?
    private let environment: [String: String]

    /// Writes the configuration and makes the folders; discovers nothing yet.
    ///
    /// The collection folder is made here, before `discover()`, so that
    /// discovery finds it on both sides and asks nothing.
    init(
        name: String,
        root: URL,
        collection: String,
        server: URL,
        conflictResolution: String?,
        environment: [String: String]
    ) throws {
        self.name = name
        self.conflictResolution = conflictResolution
        self.environment = environment
        let home = root.appendingPathComponent(name)
        storageRoot = home.appendingPathComponent("calendars")
        folder = storageRoot.appendingPathComponent(collection)
        configuration = home.appendingPathComponent("vdirsyncer.conf")
        let status = home.appendingPathComponent("status")
        for made in [folder, status] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        // Values are JSON in vdirsyncer's configuration.
        let text = """
            [general]
            status_path = \(try Self.json(status.path + "/"))

            [pair tasks]
            a = "local"
            b = "server"
            collections = ["from a", "from b"]
            conflict_resolution = \(try conflictResolution.map(Self.json) ?? "null")

            [storage local]
            type = "filesystem"
            path = \(try Self.json(storageRoot.path + "/"))
            fileext = ".ics"

            [storage server]
            type = "caldav"
            url = \(try Self.json(server.absoluteString))
            username = "user"
            password = "x"

            """
        try text.write(to: configuration, atomically: true, encoding: .utf8)
    }

    // MARK: - Syncing

    /// `vdirsyncer discover`: finds the collections on both sides and
    /// remembers them in the status folder; answers yes when it offers to
    /// create a collection that only one side has (a folder a test added to
    /// `storageRoot`, say). The peer runs it once at start.
    public func discover() throws {
        try vdirsyncer(["discover"], input: String(repeating: "y\n", count: 16), requireSuccess: true)
    }

    /// `vdirsyncer sync`; throws, with vdirsyncer's output, unless it
    /// succeeded. Returns that output (vdirsyncer writes everything to stderr:
    /// "Copying (uploading) item … to local/tasks").
    @discardableResult
    public func sync() throws -> ProcessResult {
        try vdirsyncer(["sync"], requireSuccess: true)
    }

    /// `vdirsyncer sync`, however it ends: for a test that expects it to
    /// fail, such as a conflict on a device without conflict resolution
    /// (status 1, "One item changed on both sides" on stderr).
    public func attemptSync() throws -> ProcessResult {
        try vdirsyncer(["sync"], requireSuccess: false)
    }

    @discardableResult
    private func vdirsyncer(_ command: [String], input: String? = nil, requireSuccess: Bool) throws -> ProcessResult {
        let arguments = ["vdirsyncer", "-c", configuration.path] + command
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["--default-signal"] + arguments,
            environment: environment, input: input, workingFolder: storageRoot,
            name: "\(arguments.joined(separator: " ")) (\(name))"
        )
        if requireSuccess, result.status != 0 {
            throw TestSupportFailure("`vdirsyncer \(command.joined(separator: " "))` on \(name) failed: \(result)")
        }
        return result
    }

    // MARK: - The folder

    /// The items of the collection folder: its `.ics` files (not the
    /// `.tmp` files of a write under way, nor metadata files such as
    /// `displayname`), by file name.
    public func items() throws -> [VdirItem] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".ics") }
            .sorted()
            .map { name in
                VdirItem(fileName: name, text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            }
    }

    /// The item whose VTODO has this UID, nil when there is none.
    public func item(uid: String) throws -> VdirItem? {
        try items().first { $0.uid == uid }
    }

    /// Writes an item into the collection folder as a vdir writer must: into
    /// a temporary file of the same folder (ending in `.tmp`, which readers
    /// skip), then renamed over `fileName`, so that vdirsyncer never reads
    /// half a file. Returns its URL.
    @discardableResult
    public func write(_ text: String, as fileName: String) throws -> URL {
        let destination = folder.appendingPathComponent(fileName)
        let temporary = folder.appendingPathComponent(".\(fileName).\(UUID().uuidString).tmp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw TestSupportFailure("renaming \(temporary.path) to \(destination.path) failed: \(reason)")
        }
        return destination
    }

    /// A string as a JSON string literal.
    private static func json(_ text: String) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
