import Foundation
import TestSupport
import Testing

/// `agenda` over the folders of the clients' events: day by day, events
/// and tasks due, with their coming reminders.
@Suite("agenda", .ownThread)
struct AgendaTests {
    static let now = "2026-11-30 12:00"

    /// A CLI whose `personal` list holds the clients' events.
    static func calendar() throws -> (CLI, ListFolders) {
        let cli = try CLI()
        let lists = try ListFolders(cli)
        for name in ["khal-timed.ics", "khal-allday.ics", "thunderbird-weekly.ics", "evolution-declined.ics",
                     "nextcloud-allday.ics", "outlook.ics"] {
            try lists.put("personal", name, try EventFixtures.text(name))
        }
        try Data("my-addresses = [\"me@example.org\"]\n".utf8 + (try Data(contentsOf: URL(fileURLWithPath: cli.path("config/todo-remind/config.toml")))))
            .write(to: URL(fileURLWithPath: cli.path("config/todo-remind/config.toml")))
        return (cli, lists)
    }

    @Test("Day by day: events by start with location and calendar, a declined invitation marked, tasks due with their reminders")
    func days() throws {
        let (cli, _) = try Self.calendar()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00", "--now", Self.now)
        // Events and tasks in one order of time (a task at 07:30 once
        // came below the day's events), a day's task after all-day events.
        try cli.ok("add", "Stretch", "--due", "2026-12-04 07:30", "--now", Self.now)
        try cli.ok("add", "Water plants", "--due", "2026-12-02", "--now", Self.now)
        let lines = try cli.lines("agenda", "2026-12-01", "--days", "4", "--now", Self.now)
        #expect(lines == [
            "2026-12-01  tomorrow",
            "  10:00–11:00  Dentist · Dr. Weber, Hauptstr. 5  [personal]  reminder tomorrow 09:50",
            "  17:00        1 Pay rent (task)  reminder tomorrow 09:00",
            "2026-12-02  Wed 2 Dec",
            "  due          3 Water plants (task)  reminder Wed 2 Dec 09:00",
            "  10:00–11:00  Weekly review · Room 4  [personal]",
            "2026-12-03  Thu 3 Dec",
            "  nothing",
            "2026-12-04  Fri 4 Dec",
            "  07:30        2 Stretch (task)  reminder Thu 3 Dec 09:00",
            "  11:00–12:00  Quarterly planning · Conference room B  [personal]  reminder Fri 4 Dec 10:45",
            "  15:00–16:00  Optional all-hands  [personal]  declined",
        ])
    }

    @Test("agenda --json: all-day events by their days, the reminders of each occurrence")
    func json() throws {
        let (cli, _) = try Self.calendar()
        defer { cli.remove() }
        let days = try #require(try cli.json("agenda", "2026-12-10", "--days", "1", "--json", "--now", Self.now) as? [[String: Any]])
        #expect(days.count == 1)
        let events = try #require(days.first?["events"] as? [[String: Any]])
        #expect(events.map { $0["summary"] as? String } == ["Company party"])
        #expect(events.first?["allDay"] as? Bool == true)
        #expect(events.first?["start"] as? String == "2026-12-10")
        #expect(events.first?["reminders"] as? [String] == ["2026-12-09T09:00:00+01:00"])
    }

    @Test("sync --check names an event whose zone cannot be followed; events themselves are no bad files")
    func check() throws {
        let (cli, lists) = try Self.calendar()
        defer { cli.remove() }
        try lists.put("work", "mars.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:m\r\nDTSTART;TZID=Mars/Olympus:20261201T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let sync = try cli.run(["sync"])
        #expect(sync.stdout.contains("mars.ics"), "the read-in says it once: \(sync.stdout)")
        let result = try cli.run(["sync", "--check"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("mars.ics") && result.stdout.contains("Mars/Olympus"), "\(result.stdout)")
        #expect(!result.stdout.contains("khal-timed.ics"), "\(result.stdout)")
    }
}
