import Foundation
import TestSupport
import Testing

/// An `import --list` into a folder's list stopped while it writes the
/// files: what it wrote before the stop is its own tasks' files.
@Suite("an interrupted import into a list folder", .ownThread)
struct InterruptedImportTests {
    @Test("SIGTERM while import writes 5,000 files: the next command has each task once, with one file each")
    func stoppedWhileWritingFiles() throws {
        // Stopped after 305 files, the next command once read them in
        // as tasks of their own: 20,305 tasks, 304 of them twice.
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("list")
        let count = 5000
        let elements = (1...count).map { #"{"title": "Task \#($0)", "due": {"day": "2099-01-\#(String(format: "%02d", $0 % 28 + 1))"}}"# }
        let file = try cli.write("tasks.json", "[" + elements.joined(separator: ",\n") + "]")

        let process = Process()
        // Through `env --default-signal`, as `RunningDaemon` starts the
        // daemon: a test's thread blocks the signals its children inherit.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal", CLI.binary.path, "import", "--list", "work", file]
        process.environment = cli.environment
        process.currentDirectoryURL = cli.folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The files come after the store's commit of the tasks: stopped
        // once 50 are there, it is stopped in the middle of writing them.
        let writing = eventually(within: .seconds(120)) {
            ((try? lists.files("work").count) ?? 0) >= 50 || !process.isRunning
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        try #require(writing)
        try #require(process.terminationReason == .uncaughtSignal, "the import ended before it could be stopped")
        let written = try lists.files("work").count
        #expect(written < count, "stopped after \(written) files")

        let tasks = try cli.objects("export")
        let titles = tasks.compactMap { $0["title"] as? String }
        #expect(tasks.count == count)
        #expect(Set(titles).count == count)
        #expect(try lists.files("work").count == count)
        #expect(try cli.ok("sync", "--check").contains("In step"))
    }
}
