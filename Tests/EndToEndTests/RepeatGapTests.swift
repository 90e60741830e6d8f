import Foundation
import TestSupport
import Testing

/// A series started at a time that does not exist that night (a DST gap):
/// the first occurrence moves forward by the gap, later ones keep the hour
/// typed (RFC 5545 3.3.5, 3.8.5.3; the README's repeating rules).
@Suite("Repeating from a time in a DST gap", .ownThread)
struct RepeatGapTests {
    static let now = "2027-03-13 12:00"

    @Test("add --due 02:30 on the spring-forward night --repeat daily in New York: 03:30 first, 02:30 on later days, in list, next and after done")
    func keepsTypedHour() throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = "America/New_York"
        cli.environment["TODO_REMIND_CONFIG"] = "/dev/null"
        try cli.ok("add", "Night job", "--due", "2027-03-14 02:30", "--repeat", "daily", "--now", Self.now)

        let occurrences = try #require(try cli.task("1")["occurrences"] as? [[String: String]])
        #expect(occurrences.prefix(3).map { $0["time"] } == [
            "2027-03-14T03:30:00-04:00", "2027-03-15T02:30:00-04:00", "2027-03-16T02:30:00-04:00",
        ])
        #expect(try cli.lines("next", "--limit", "3", "--now", Self.now) == [
            "tomorrow 03:30 (in 14 h 30 min)    at due time                   1 Night job",
            "tomorrow 09:00 (in 20 h)           morning, next occurrence      1 Night job",
            "Mon 15 Mar 02:30 (in 37 h 30 min)  at due time, next occurrence  1 Night job",
        ])

        let exported = try cli.ok("export")
        try cli.ok("done", "1", "--now", "2027-03-14 04:00")
        let task = try #require(try cli.objects("list", "--json", "--now", "2027-03-14 04:00").first)
        #expect((task["due"] as? [String: String])?["time"] == "2027-03-15T02:30:00-04:00")

        // Exported and imported into a new store, the series keeps 02:30.
        var fresh = try CLI()
        defer { fresh.remove() }
        fresh.environment["TZ"] = "America/New_York"
        try fresh.ok("import", "-", input: exported)
        let imported = try #require(try fresh.task("1")["occurrences"] as? [[String: String]])
        #expect(imported.prefix(2).map { $0["time"] } == ["2027-03-14T03:30:00-04:00", "2027-03-15T02:30:00-04:00"])
    }

    @Test("edit --due into the gap restarts the series at the hour typed, and a new --repeat keeps it")
    func editIntoGap() throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = "America/New_York"
        try cli.ok("add", "Night job", "--due", "2027-03-10 02:30", "--repeat", "daily", "--now", Self.now)

        try cli.ok("edit", "1", "--due", "2027-03-14 02:30")
        let edited = try #require(try cli.task("1")["occurrences"] as? [[String: String]])
        try cli.ok("edit", "1", "--repeat", "every 2 days")
        let repeated = try #require(try cli.task("1")["occurrences"] as? [[String: String]])

        #expect(edited.prefix(2).map { $0["time"] } == ["2027-03-14T03:30:00-04:00", "2027-03-15T02:30:00-04:00"])
        #expect(repeated.prefix(2).map { $0["time"] } == ["2027-03-14T03:30:00-04:00", "2027-03-16T02:30:00-04:00"])
    }

    @Test("an UNTIL at 02:30 on a later day keeps that day's occurrence")
    func untilOnTheTypedHour() throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = "America/New_York"
        // 06:30 UTC is 02:30 in New York on 17 March.
        try cli.ok("add", "Night job", "--due", "2027-03-14 02:30", "--repeat", "FREQ=DAILY;UNTIL=20270317T063000Z", "--now", Self.now)

        let occurrences = try #require(try cli.task("1")["occurrences"] as? [[String: String]])
        #expect(occurrences.map { $0["time"] } == [
            "2027-03-14T03:30:00-04:00", "2027-03-15T02:30:00-04:00", "2027-03-16T02:30:00-04:00", "2027-03-17T02:30:00-04:00",
        ])
    }
}

extension RepeatGapTests {
    @Test("in a list folder the series is written as typed, DTSTART;TZID=America/New_York:…T023000, and a file read back keeps 02:30 on later days")
    func folderRoundTrip() throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = "America/New_York"
        let lists = try ListFolders(cli)
        try cli.ok("add", "Night job", "--due", "2027-03-14 02:30", "--repeat", "daily", "--list", "work", "--now", Self.now)

        let written = ListFolders.contentLines(try lists.onlyFile("work").text)
        #expect(written.contains("DTSTART;TZID=America/New_York:20270314T023000"), "\(written)")
        #expect(written.contains("DUE;TZID=America/New_York:20270314T023000"), "\(written)")

        // The same file read into a new store.
        var fresh = try CLI()
        defer { fresh.remove() }
        fresh.environment["TZ"] = "America/New_York"
        let freshLists = try ListFolders(fresh)
        try freshLists.put("work", "night.ics", try lists.onlyFile("work").text)
        let occurrences = try #require(try fresh.task("Night job")["occurrences"] as? [[String: String]])
        #expect(occurrences.prefix(3).map { $0["time"] } == [
            "2027-03-14T03:30:00-04:00", "2027-03-15T02:30:00-04:00", "2027-03-16T02:30:00-04:00",
        ])
    }
}
