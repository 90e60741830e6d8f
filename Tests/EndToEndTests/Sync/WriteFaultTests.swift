import Foundation
import TestSupport
import Testing

/// A list folder that cannot be written: the change stays in the
/// store and is written later, as the README says, and nothing else stops.
@Suite(.ownThread) struct WriteFaultTests {
    @Test("A file that cannot be written costs only its own task: the others are written, reading commands work, a command warns only of its own file, sync --check names it, and the next command writes it once the fault clears",
          arguments: BrokenFolder.Fault.allCases)
    func aFailedWriteCostsOnlyItsTask(fault: BrokenFolder.Fault) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let broken = try BrokenFolder(fault, folder: lists.folder("work"))
        defer { broken.end() }
        try cli.ok("add", "Alpha", "--list", "work")
        try cli.ok("add", "Beta", "--list", "personal")
        try cli.ok("add", "Gamma", "--list", "personal")
        let alpha = try lists.onlyFile("work").name
        try broken.begin()

        // One command, two files: Beta's is written, Alpha's waits, and the
        // warning is about Alpha alone, with its folder.
        let done = try cli.run(["done", "Alpha", "Beta"])
        #expect(done.status == 0, "\(done)")
        let warnings = done.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(done.stderr)")
        #expect(done.stderr.contains("Task 1 “Alpha”") && done.stderr.contains(lists.folder("work")), "\(done.stderr)")
        #expect(!done.stderr.contains(".tmp"), "a temporary file's name means nothing to a user: \(done.stderr)")
        #expect(ListFolders.contentLines(try lists.read("personal", try beta(lists))).contains("STATUS:COMPLETED"))
        #expect(try broken.temporaryFiles().isEmpty)

        // Reading commands show the tasks as changed here, on a clean stderr.
        let tasks = try cli.objects("list", "--all", "--json")
        #expect(tasks.first { $0["title"] as? String == "Alpha" }?["completed"] as? Bool == true, "\(tasks)")
        #expect(try cli.objects("export").count == 3)
        #expect(try cli.task("Alpha")["completed"] as? Bool == true)
        try cli.ok("next")
        // A change of another task warns of nothing: Alpha's file is not its own.
        try cli.ok("edit", "Gamma", "--notes", "written at once")

        let check = try cli.run(["sync", "--check"])
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.contains("not written: task 1 “Alpha”"), "\(check.stdout)")
        // sync tries again, and names Alpha once, under its list, with why.
        let synced = try cli.run(["sync"])
        #expect(synced.status == 1, "\(synced)")
        let alphaLines = synced.stdout.split(separator: "\n").filter { $0.contains("Alpha") }
        #expect(alphaLines.count == 1 && alphaLines.first?.contains("not written: task 1 “Alpha”: ") == true, "\(synced.stdout)")

        try broken.clear()
        try cli.ok("list")
        #expect(ListFolders.contentLines(try lists.read("work", alpha)).contains("STATUS:COMPLETED"))
        #expect(try lists.files("work") == [alpha])
        let after = try cli.run(["sync", "--check"])
        #expect(after.status == 0, "\(after)")
    }

    /// Beta's file name: the one of personal's two files that holds it.
    private func beta(_ lists: ListFolders) throws -> String {
        try #require(try lists.files("personal").first { try lists.read("personal", $0).contains("SUMMARY:Beta") })
    }

    @Test("A newline in a file or folder name cannot forge a line of sync --check: it is shown escaped")
    func namesAreEscaped() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let forged = "In step: the store and the folders agree."
        try FileManager.default.createDirectory(atPath: cli.path("lists/odd\n\(forged)"), withIntermediateDirectories: true)
        try lists.put("work", "bad\n\(forged).ics", "not a calendar\n")
        let result = try cli.run(["sync", "--check"])
        #expect(result.status == 1, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.hasPrefix("In step") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("odd\\nIn step") }, "\(result.stdout)")
        #expect(lines.contains { $0.contains("bad\\nIn step") }, "\(result.stdout)")
    }
}
