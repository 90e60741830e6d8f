import Foundation
import TestSupport
import Testing

/// Other clients re-write a file they did not change, each its own way:
/// todoman writes every time in UTC and a zero trigger as
/// `P0D`, Thunderbird counts `X-MOZ-GENERATION` up, tasks.org stamps a new
/// `DTSTAMP`. What a value means is compared, never how it is written: none
/// of that is a change, let alone a conflict.
@Suite("Other clients' re-writes of a file made here", .ownThread)
struct ClientRewriteTests {
    /// A task made here and its due edited here: two versions written here,
    /// which another client's copy is as like in the number of fields.
    static func editedTask(_ cli: CLI) throws {
        try cli.ok("add", "Race check", "--due", "2026-12-04 16:00", "--remind", "-30m")
        try cli.ok("edit", "Race check", "--due", "2026-12-04 17:00")
    }

    /// `sync --check`, which must find the store and the folder in step with
    /// no conflict recorded.
    static func expectNoConflict(_ cli: CLI, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try cli.run(["sync", "--check"])
        #expect(check.status == 0 && !check.stdout.contains("conflict") && check.stdout.contains("In step"), "\(check)",
                sourceLocation: sourceLocation)
    }

    @Test("todoman's done writes the due edited here in UTC and the due alarm's trigger as P0D: read in as done, no conflict, its bytes kept")
    func todomanDone() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try Self.editedTask(cli)
        let configuration = try cli.write("todoman.py", """
            path = "\(cli.path("lists"))/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "personal"

            """)
        var environment = cli.environment
        environment["XDG_CACHE_HOME"] = cli.path("cache")
        let done = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["todoman", "--config", configuration, "done", "1"],
            environment: environment, name: "todoman done 1"
        )
        #expect(done.status == 0, "\(done)")
        let rewritten = ListFolders.contentLines(try lists.onlyFile("personal").text)
        // What todoman does to what it did not change.
        #expect(rewritten.contains("DUE;VALUE=DATE-TIME:20261204T160000Z") && rewritten.contains("TRIGGER;RELATED=END:P0D"), "\(rewritten)")

        try cli.ok("list")
        try Self.expectNoConflict(cli)
        #expect(try cli.task("1")["completed"] as? Bool == true)
        // Nothing here changed: the file stays as todoman wrote it.
        #expect(ListFolders.contentLines(try lists.onlyFile("personal").text) == rewritten)
    }

    @Test("Thunderbird's X-MOZ-GENERATION and tasks.org's new DTSTAMP and LAST-MODIFIED, with the due in UTC: nothing read in, no conflict")
    func bookkeepingRewrites() throws {
        for client in ["Thunderbird", "tasks.org"] {
            let cli = try CLI()
            defer { cli.remove() }
            let lists = try ListFolders(cli)
            try Self.editedTask(cli)
            let file = try lists.onlyFile("personal")
            var text = file.text
                .replacingOccurrences(of: "DUE;TZID=Europe/Berlin:20261204T170000", with: "DUE:20261204T160000Z")
                .replacingOccurrences(of: "TRIGGER;RELATED=END:PT0S", with: "TRIGGER;RELATED=END:-PT0M")
                .replacingOccurrences(of: "TRIGGER;RELATED=END:-PT30M", with: "TRIGGER;RELATED=END:-P0DT0H30M0S")
            let stamp = client == "Thunderbird" ? "X-MOZ-GENERATION:3\r\nDTSTAMP:20261206T120000Z" : "DTSTAMP:20261206T120000Z"
            text = text.split(separator: "\r\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("DTSTAMP:") ? stamp : line.hasPrefix("LAST-MODIFIED:") ? "LAST-MODIFIED:20261206T120000Z" : String(line)
            }.joined(separator: "\r\n")
            #expect(text != file.text)
            let before = try cli.ok("list", "--all", "--json")
            try lists.put("personal", file.name, text)

            #expect(try cli.ok("list", "--all", "--json") == before, "\(client): the task changed")
            try Self.expectNoConflict(cli)
            #expect(try lists.onlyFile("personal").text == text, "\(client): a file another client re-wrote was written again")
        }
    }
}
