import Foundation
import TestSupport
import Testing

/// What a command leaves beside the store: nothing. A `-wal` left behind is
/// replayed by SQLite into whatever file is at the path when it next opens
/// it, so every command closes the store, which lets SQLite remove it.
@Suite("the store's -wal and -shm files", .ownThread)
struct StoreLeftoverTests {
    @Test("No command leaves a -wal or -shm file beside the store", arguments: [
        ["list"], ["list", "--all", "--json"], ["next"], ["show", "1"], ["export"],
        ["edit", "1", "--notes", "n"], ["done", "1"], ["add", "Another"], ["delete", "1"],
    ])
    func nothingLeftBeside(arguments: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00")

        try cli.ok(arguments)

        let folder = (cli.storePath as NSString).deletingLastPathComponent
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["tasks.sqlite"])
    }
}
