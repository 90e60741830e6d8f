import Foundation
import TestSupport
import Testing

/// todo-remind links no libnotify: what notifies is todo-remind-notifier,
/// beside it, which `daemon`, `notify-test` and `status` start.
@Suite("the notifier executable", .ownThread)
struct NotifierProcessTests {
    /// The shared libraries `ldd` lists for a binary.
    static func libraries(of binary: URL) throws -> String {
        try ProcessRunner.tool(["ldd", binary.path])
    }

    @Test("Only todo-remind-notifier loads libnotify; todo-remind starts without it")
    func onlyTheNotifierLinksLibnotify() throws {
        let notifier = CLI.binary.deletingLastPathComponent().appendingPathComponent("todo-remind-notifier")

        #expect(!(try Self.libraries(of: CLI.binary)).contains("libnotify"))
        #expect(try Self.libraries(of: notifier).contains("libnotify"))
    }

    @Test("Without todo-remind-notifier beside it, each command that notifies says what is missing", arguments: [
        ["daemon"], ["notify-test"],
    ])
    func missingNotifier(arguments: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let alone = try TemporaryFolder()
        let copy = alone.file("todo-remind")
        try FileManager.default.copyItem(atPath: CLI.binary.path, toPath: copy)

        let result = try cli.execute(URL(fileURLWithPath: copy), arguments, environment: cli.environment, input: nil, name: "todo-remind")

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "Error: \(alone.file("todo-remind-notifier")) is missing: todo-remind notifies through it, so install both (`make install`).\n")
    }

    @Test("status without todo-remind-notifier reports no server, and the rest as ever")
    func statusWithoutNotifier() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let alone = try TemporaryFolder()
        let copy = alone.file("todo-remind")
        try FileManager.default.copyItem(atPath: CLI.binary.path, toPath: copy)

        let result = try cli.execute(URL(fileURLWithPath: copy), ["status"], environment: cli.environment, input: nil, name: "todo-remind status")

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("notifications none reachable: \(alone.file("todo-remind-notifier")) is missing"))
        #expect(result.stdout.contains("last fired    none yet"))
    }
}
