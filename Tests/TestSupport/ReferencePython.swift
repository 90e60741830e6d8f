import Foundation

/// The Python that holds the independent references the event tests check
/// against: `recurring_ical_events` (PyPI) over `icalendar`, in a virtual
/// environment `make test` makes (`.build/reference-python`), and the
/// scripts in `Tests/EventReference`.
public enum ReferencePython {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/EventReference/<name>`.
    public static func script(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/EventReference").appendingPathComponent(name).path
    }

    /// The environment's python3.
    ///
    /// - Throws: when it is not there, saying how to make it: never a skip.
    public static func executable() throws -> URL {
        let url = packageRoot.appendingPathComponent(".build/reference-python/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw TestSupportFailure("""
                \(url.path) is missing: `make reference-python` (run by `make test`) makes it, \
                installing recurring_ical_events from PyPI with pip.
                """)
        }
        return url
    }

    /// Runs `Tests/EventReference/<script>` with `arguments` and returns what it printed.
    public static func run(_ script: String, _ arguments: [String], timeZone: String) throws -> String {
        let result = try ProcessRunner.run(
            try executable(), [Self.script(script)] + arguments,
            environment: ["TZ": timeZone, "PATH": "/usr/bin:/bin"], timeout: .seconds(300)
        )
        guard result.status == 0 else {
            throw TestSupportFailure("\(script) exited with \(result.status): \(result.stderr)")
        }
        return result.stdout
    }
}
