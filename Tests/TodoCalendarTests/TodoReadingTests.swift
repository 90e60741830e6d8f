import Foundation
import Testing
import TodoCalendar
import TodoCore

@Suite("Reading a VTODO into task fields (docs/ARCHITECTURE.md §7.3)")
struct TodoReadingTests {
    @Test("Thunderbird: a TZID due with its VTIMEZONE, every category, a priority of 1, IN-PROCESS")
    func thunderbird() throws {
        let item = try CalendarFixture.item("thunderbird.ics")
        let fields = item.properties
        #expect(item.uid == "5c1b7f0e-3a4d-4b59-9a57-0e2f3d9b8a11")
        #expect(fields.title == "Renew passport")
        #expect(fields.notes == "Bring the old one, two photos\nand the form.")
        #expect(fields.categories == ["Personal", "Errands"])
        #expect(fields.category == "Personal")
        #expect(fields.priorityValue == 1)
        #expect(fields.priority == .high)
        #expect(fields.due == .time(try CalendarFixture.instant("2026-12-01T16:00:00Z")))
        #expect(fields.dueZone == "Europe/Berlin")
        #expect(fields.status == .inProcess)
        #expect(fields.percentComplete == 30)
        #expect(!fields.isDone)
        #expect(item.lastModified == (try CalendarFixture.instant("2026-01-10T09:15:00Z")))
        #expect(item.sequence == 0)
    }

    @Test("tasks.org: a day due stays a day, a priority of 9 is low")
    func tasksOrg() throws {
        let fields = try CalendarFixture.item("tasksorg.ics").properties
        #expect(fields.title == "Buy milk")
        #expect(fields.due == .day(try #require(LocalDay(year: 2026, month: 3, day: 5))))
        #expect(fields.dueZone == nil)
        #expect(fields.priority == .low)
        #expect(fields.categories == ["Shopping"])
        #expect(fields.status == .needsAction)
    }

    @Test("todoman: a UTC due with VALUE=DATE-TIME, high written as 4, the RRULE verbatim")
    func todoman() throws {
        let item = try CalendarFixture.item("todoman.ics")
        #expect(item.properties.due == .time(try CalendarFixture.instant("2026-12-01T17:00:00Z")))
        #expect(item.properties.dueZone == nil)
        #expect(item.properties.priority == .high)
        #expect(item.properties.rule == "FREQ=MONTHLY;BYMONTHDAY=1")
        #expect(item.sequence == 1)
    }

    @Test("Nextcloud Tasks: completed, COMPLETED in UTC, an escaped semicolon")
    func nextcloud() throws {
        let fields = try CalendarFixture.item("nextcloud.ics").properties
        #expect(fields.isDone)
        #expect(fields.status == .completed)
        #expect(fields.completedAt == (try CalendarFixture.instant("2026-02-14T17:00:00Z")))
        #expect(fields.notes == "Numbers from finance; charts from marketing")
        #expect(fields.priority == .medium)
        #expect(fields.due == .day(try #require(LocalDay(year: 2026, month: 2, day: 15))))
    }

    @Test("Evolution: a prefixed TZID, a folded DUE and SUMMARY, two CATEGORIES lines")
    func evolution() throws {
        let item = try CalendarFixture.item("evolution.ics")
        #expect(item.properties.title == "Call the plumber about the leaking kitchen tap before the weekend")
        // 09:30 EDT.
        #expect(item.properties.due == .time(try CalendarFixture.instant("2026-04-10T13:30:00Z")))
        #expect(item.properties.dueZone == "/freeassociation.sourceforge.net/America/New_York")
        #expect(item.properties.categories == ["Home", "Repairs"])
        #expect(item.sequence == 4)
    }

    @Test("the RFC's example: a floating due is read as local time, no PRIORITY is medium")
    func rfcFloating() throws {
        let item = try CalendarFixture.item("rfc5545.ics")
        // Midnight in New York (EDT) on 1998-04-15.
        #expect(item.properties.due == .time(try CalendarFixture.instant("1998-04-15T04:00:00Z")))
        #expect(item.properties.dueZone == nil)
        #expect(item.properties.priorityValue == 0)
        #expect(item.properties.priority == .medium)
        #expect(item.stamp == (try CalendarFixture.instant("1998-01-30T13:45:00Z")))
        #expect(item.sequence == 2)
    }

    @Test("a TZID no Olson zone matches is read through the file's own VTIMEZONE")
    func customZone() throws {
        let text = """
        BEGIN:VCALENDAR\r
        BEGIN:VTIMEZONE\r
        TZID:W. Europe Standard Time\r
        BEGIN:STANDARD\r
        DTSTART:16010101T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:16010101T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VTODO\r
        UID:outlook-1\r
        DUE;TZID="W. Europe Standard Time":20260701T120000\r
        END:VTODO\r
        END:VCALENDAR\r

        """
        let item = try CalendarFixture.item(Array(text.utf8))
        #expect(item.properties.due == .time(try CalendarFixture.instant("2026-07-01T10:00:00Z")))
    }

    @Test("PRIORITY is read by band", arguments: [
        (0, Priority.medium), (1, .high), (2, .high), (4, .high), (5, .medium), (6, .low), (9, .low),
    ])
    func priorityBands(value: Int, band: Priority) {
        #expect(VTodoProperties.band(of: value) == band)
    }

    @Test("a day due is a day whatever VALUE says", arguments: ["DUE;VALUE=DATE:20261201", "DUE:20261201"])
    func dayStaysDay(line: String) throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\n\(line)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let item = try CalendarFixture.item(Array(text.utf8))
        #expect(item.properties.due == .day(try #require(LocalDay(year: 2026, month: 12, day: 1))))
    }

    @Test("a cancelled task counts as done")
    func cancelled() {
        #expect(VTodoProperties(status: .cancelled).isDone)
        #expect(!VTodoProperties(status: .needsAction).isDone)
    }
}

@Suite("Files that are not tasks")
struct BadFileTests {
    @Test("each bad file gives an error that names it", arguments: ["not-icalendar.ics", "no-todo.ics", "two-uids.ics"])
    func badFile(name: String) throws {
        let bytes = try CalendarFixture.bytes(name)
        let error = #expect(throws: CalendarFileError.self) {
            try FolderItem.read(bytes, file: name, localZone: CalendarFixture.localZone)
        }
        #expect(error?.file == name)
        #expect(error?.errorDescription?.contains("“\(name)”") == true)
    }

    @Test("the errors say what is wrong")
    func kinds() throws {
        func read(_ name: String) throws -> CalendarFileError? {
            let bytes = try CalendarFixture.bytes(name)
            return #expect(throws: CalendarFileError.self) {
                try FolderItem.read(bytes, file: name, localZone: CalendarFixture.localZone)
            }
        }
        #expect(try read("not-icalendar.ics") == .notICalendar(file: "not-icalendar.ics", reason: .notICalendar))
        #expect(try read("no-todo.ics") == .noTodo(file: "no-todo.ics"))
        #expect(try read("two-uids.ics") == .severalUIDs(file: "two-uids.ics", uids: ["one", "two"]))
    }

    @Test("a VTODO without UID is refused")
    func missingUID() {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(throws: CalendarFileError.missingUID(file: "a.ics", component: "VTODO")) {
            try FolderItem.read(Array(text.utf8), file: "a.ics", localZone: CalendarFixture.localZone)
        }
    }

    @Test("a VEVENT without UID is refused, saying its alarms cannot fire; a VJOURNAL without one is another program's")
    func eventMissingUID() throws {
        // Such an event was once dropped without a word.
        let event = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20261210T100000Z\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(throws: CalendarFileError.missingUID(file: "a.ics", component: "VEVENT")) {
            try FolderItem.read(Array(event.utf8), file: "a.ics", localZone: CalendarFixture.localZone)
        }
        #expect(CalendarFileError.missingUID(file: "a.ics", component: "VEVENT").localizedDescription.contains("alarms cannot fire"))
        let journal = "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nSUMMARY:x\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        #expect(try FolderItem.read(Array(journal.utf8), file: "j.ics", localZone: CalendarFixture.localZone) == .notOurs(components: ["VJOURNAL"]))
    }

    @Test("an event file is read as an event, not a task, and no error")
    func event() throws {
        let item = try FolderItem.read(try CalendarFixture.bytes("event.ics"), file: "event.ics", localZone: CalendarFixture.localZone)
        guard case .event(let event) = item else { throw CalendarFixture.FixtureError.notATask }
        #expect(event.uid == "event-1")
        #expect(event.series?.details.summary == "Birthday")
    }

    @Test("overrides of one occurrence share the UID: the master VTODO is the task")
    func overrides() throws {
        let text = """
        BEGIN:VCALENDAR\r
        BEGIN:VTODO\r
        UID:r\r
        RECURRENCE-ID;VALUE=DATE:20260105\r
        SUMMARY:Override\r
        STATUS:COMPLETED\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:r\r
        SUMMARY:Master\r
        RRULE:FREQ=WEEKLY\r
        END:VTODO\r
        END:VCALENDAR\r

        """
        let item = try CalendarFixture.item(Array(text.utf8))
        #expect(item.properties.title == "Master")
    }
}
