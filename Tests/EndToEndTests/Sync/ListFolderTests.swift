import Foundation
import TestSupport
import Testing

/// Lists backed by iCalendar folders, with the built binary and
/// no daemon: every command reads in what changed before it answers and
/// writes its change out before it returns.
@Suite(.ownThread) struct ListFolderTests {
    @Test func addWritesOneFaithfulFilePerTaskIntoTheDefaultList() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)

        try cli.ok("add", "Dentist", "--due", "2026-12-04 17:00", "--priority", "high", "--category", "Health")
        try cli.ok("add", "Pay rent", "--due", "2026-12-01", "--list", "work", "--repeat", "monthly")

        let dentist = try lists.onlyFile("personal")
        let lines = ListFolders.contentLines(dentist.text)
        #expect(lines.contains("SUMMARY:Dentist"))
        #expect(lines.contains("PRIORITY:1"))
        #expect(lines.contains("CATEGORIES:Health"))
        // A time is written in the machine's zone, with its VTIMEZONE.
        #expect(lines.contains("DUE;TZID=Europe/Berlin:20261204T170000"))
        #expect(lines.contains("BEGIN:VTIMEZONE") && lines.contains("TZID:Europe/Berlin"))
        // Its reminders as todo-remind's own alarms, which a phone fires too:
        // 09:00 on the due day (8 h before 17:00) and at the due time.
        #expect(lines.contains("TRIGGER;RELATED=END:-PT8H") && lines.contains("X-TODO-REMIND-ALARM:morning"))
        #expect(lines.contains("TRIGGER;RELATED=END:PT0S") && lines.contains("X-TODO-REMIND-ALARM:due"))
        let uid = try #require(lines.first { $0.hasPrefix("UID:") }?.dropFirst(4))
        // The file is named after its UID, as vdirsyncer names new items.
        #expect(dentist.name == "\(uid).ics")

        let rent = ListFolders.contentLines(try lists.onlyFile("work").text)
        // A day stays a day: never a date-time.
        #expect(rent.contains("DUE;VALUE=DATE:20261201"))
        #expect(rent.contains("RRULE:FREQ=MONTHLY"))
        // The rule's anchor, as RFC 5545 asks: the series' first due, a day.
        #expect(rent.contains("DTSTART;VALUE=DATE:20261201"))

        let tasks = try cli.objects("list", "--json")
        #expect(Set(tasks.compactMap { $0["list"] as? String }) == ["personal", "work"])
    }

    @Test func editingATitleChangesOnlyTheSummaryAndTheBookkeepingOfEveryClientsFile() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TodoCalendarTests/Fixtures").standardized
        let clients = ["thunderbird", "tasksorg", "todoman", "nextcloud", "evolution", "rfc5545", "handwritten-lf"]
        for client in clients {
            let cli = try CLI()
            defer { cli.remove() }
            let lists = try ListFolders(cli)
            let original = try String(contentsOf: fixtures.appendingPathComponent("\(client).ics"), encoding: .utf8)
            try lists.put("work", "\(client).ics", original)

            let tasks = try cli.objects("list", "--all", "--json")
            #expect(tasks.count == 1, "\(client)")
            try cli.ok("edit", String(try #require(tasks.first?["id"] as? Int)), "--title", "A new title")

            let after = try lists.read("work", "\(client).ics")
            #expect(ListFolders.changedProperties(original, after).isSubset(of: ["SUMMARY", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"]),
                    "\(client): \(ListFolders.changedProperties(original, after))")
            #expect(ListFolders.contentLines(after).contains { $0.hasPrefix("SUMMARY") && $0.hasSuffix(":A new title") }, "\(client)")
            #expect(try lists.files("work") == ["\(client).ics"], "\(client): the file keeps its name")
        }
    }

    @Test func changesMadeElsewhereAreReadInBeforeACommandAnswers() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("work", "phone.ics", ListFolders.todo(uid: "phone-1", summary: "Call mum", extra: ["DUE;VALUE=DATE:20261205", "PRIORITY:9"]))

        var task = try #require(try cli.objects("list", "--json").first)
        #expect((task["title"] as? String) == "Call mum")
        #expect((task["priority"] as? String) == "low")
        #expect((task["list"] as? String) == "work")

        // Completed on the phone: done here, its reminder gone.
        try lists.put("work", "phone.ics", ListFolders.todo(uid: "phone-1", summary: "Call mum", extra: [
            "DUE;VALUE=DATE:20261205", "PRIORITY:9", "STATUS:COMPLETED", "COMPLETED:20261124T080000Z",
        ]))
        task = try cli.task("Call mum")
        #expect(task["completed"] as? Bool == true)
        #expect(try cli.objects("next", "--json").isEmpty)

        // Removed elsewhere: gone here.
        try FileManager.default.removeItem(atPath: lists.folder("work") + "/phone.ics")
        #expect(try cli.objects("list", "--all", "--json").isEmpty)
    }

    @Test func doneDeleteAndMovingAListChangeTheFiles() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("add", "Report", "--due", "2026-12-01")
        let name = try lists.onlyFile("personal").name

        try cli.ok("done", "Report")
        let done = ListFolders.contentLines(try lists.onlyFile("personal").text)
        #expect(done.contains("STATUS:COMPLETED") && done.contains("PERCENT-COMPLETE:100"))
        #expect(done.contains { $0.hasPrefix("COMPLETED:") && $0.hasSuffix("Z") })

        try cli.ok("edit", "Report", "--list", "work")
        #expect(try lists.files("personal").isEmpty)
        #expect(try lists.files("work") == [name], "the file moves with its UID's name")

        try cli.ok("delete", "Report")
        #expect(try lists.files("work").isEmpty)
    }

    @Test func aTitleEditedHereAndADueEditedElsewhereBothSurvive() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        // As synced from the server: the version both sides have.
        let base = ListFolders.todo(uid: "shared-1", summary: "Water plants", extra: [
            "DUE;VALUE=DATE:20261201", "LAST-MODIFIED:20261101T100000Z", "X-OTHER-CLIENT:keep me",
        ])
        try lists.put("personal", "shared-1.ics", base)
        try cli.ok("list")

        try cli.ok("edit", "Water plants", "--title", "Water the plants")
        // vdirsyncer's "b wins" puts the server's copy back: the phone
        // moved the due, and has the old title.
        try lists.put("personal", "shared-1.ics", ListFolders.todo(uid: "shared-1", summary: "Water plants", extra: [
            "DUE;VALUE=DATE:20261203", "LAST-MODIFIED:20261102T100000Z", "X-OTHER-CLIENT:keep me", "SEQUENCE:1",
        ]))

        let task = try cli.task("1")
        #expect((task["title"] as? String) == "Water the plants")
        #expect(((task["due"] as? [String: Any])?["day"] as? String) == "2026-12-03")
        // The merge is in the file too, for the next sync to carry out.
        let merged = ListFolders.contentLines(try lists.read("personal", "shared-1.ics"))
        #expect(merged.contains("SUMMARY:Water the plants"))
        #expect(merged.contains("DUE;VALUE=DATE:20261203"))
        #expect(merged.contains("X-OTHER-CLIENT:keep me"))
        #expect(try cli.run(["sync", "--check"]).status == 0)
    }

    @Test func theSameFieldChangedOnBothSidesIsSettledByTheNewerAndReported() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("personal", "shared-2.ics", ListFolders.todo(uid: "shared-2", summary: "Old", extra: ["LAST-MODIFIED:20261101T100000Z"]))
        try cli.ok("list")
        try cli.ok("edit", "Old", "--title", "Mine")
        // Changed on the phone later than here (its clock says so).
        try lists.put("personal", "shared-2.ics", ListFolders.todo(uid: "shared-2", summary: "Theirs", extra: ["LAST-MODIFIED:20400101T100000Z"]))

        let check = try cli.run(["sync", "--check"])
        #expect((try cli.task("1")["title"] as? String) == "Theirs")
        let report = try cli.lines("sync", "--check")
        #expect(report.contains { $0.hasPrefix("conflict: task 1, title changed on both sides; kept the other side's change") }, "\(report) \(check)")
    }

    @Test func repeatingFromCompletionTravelsWithTheRule() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("add", "Haircut", "--due", "2026-12-20", "--repeat", "every 6 weeks", "--repeat-from", "completion")
        let lines = ListFolders.contentLines(try lists.onlyFile("personal").text)
        #expect(lines.contains("RRULE:FREQ=WEEKLY;INTERVAL=6"))
        #expect(lines.contains("X-TODO-REMIND-REPEAT-FROM:COMPLETION"))

        // Read on another machine (here: a second store on the same folders).
        let other = try cli.objects("list", "--json", "--store", cli.path("second.sqlite"))
        let repeating = try #require(other.first?["repeat"] as? [String: Any])
        #expect(repeating["from"] as? String == "completion")
        #expect(repeating["rule"] as? String == "FREQ=WEEKLY;INTERVAL=6")
    }

    @Test func aSeriesCompletedElsewhereMovesOnToItsNextOccurrence() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("add", "Water plants", "--due", "2026-12-01", "--repeat", "daily", "--list", "work")
        let name = try lists.onlyFile("work").name
        // Done on the phone, which marks the VTODO itself completed.
        let completed = try lists.read("work", name).replacingOccurrences(
            of: "END:VTODO", with: "STATUS:COMPLETED\r\nCOMPLETED:20261201T080000Z\r\nEND:VTODO"
        )
        try lists.put("work", name, completed)

        let task = try cli.task("Water plants")
        #expect(task["completed"] as? Bool == false)
        #expect(((task["due"] as? [String: Any])?["day"] as? String) == "2026-12-02")
        #expect((task["completions"] as? [Any])?.count == 1)
        // Written back open at its next occurrence, for the next sync to carry out.
        let lines = ListFolders.contentLines(try lists.read("work", name))
        #expect(lines.contains("DUE;VALUE=DATE:20261202"))
        #expect(lines.contains("STATUS:NEEDS-ACTION") && !lines.contains { $0.hasPrefix("COMPLETED:") })
        #expect(lines.contains("RRULE:FREQ=DAILY"))
    }

    @Test func aSeriesStartedBeforeItIsDueMovesOnWithItsStartAndDueTogether() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        // tasks.org and Evolution start a task before it is due: every
        // occurrence starts at 09:00 and is due at 10:00 (RFC 5545 §3.8.5.3).
        try lists.put("work", "stretch.ics", ListFolders.todo(uid: "stretch", summary: "Stretch", extra: [
            "DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T100000", "RRULE:FREQ=DAILY",
        ]))
        // Done on the morning of 1 December, before either occurrence:
        // each completion moves the series on by one.
        try cli.ok("done", "Stretch", "--now", "2026-12-01 08:00")
        try cli.ok("done", "Stretch", "--now", "2026-12-01 08:00")
        let task = try cli.task("Stretch")
        #expect(((task["due"] as? [String: Any])?["time"] as? String) == "2026-12-03T10:00:00+01:00")
        let lines = ListFolders.contentLines(try lists.read("work", "stretch.ics"))
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20261203T090000"), "\(lines)")
        #expect(lines.contains("DUE;TZID=Europe/Berlin:20261203T100000"), "\(lines)")
    }

    @Test func aNewSeriesWhoseOpenOccurrenceWasDoneInThunderbirdIsWrittenMovedOn() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        // A series first seen here, its 1 December occurrence done in
        // Thunderbird with an override (10:00 in Berlin is 09:00Z).
        let override = ["BEGIN:VTODO", "UID:water", "SUMMARY:Water plants", "RECURRENCE-ID:20261201T090000Z",
                        "DUE:20261201T090000Z", "STATUS:COMPLETED", "COMPLETED:20261201T081500Z", "END:VTODO", ""]
        let file = ListFolders.todo(uid: "water", summary: "Water plants", extra: [
            "DTSTART;TZID=Europe/Berlin:20261201T100000", "DUE;TZID=Europe/Berlin:20261201T100000", "RRULE:FREQ=DAILY",
        ]).replacingOccurrences(of: "END:VCALENDAR", with: override.joined(separator: "\r\n") + "END:VCALENDAR")
        try lists.put("work", "water.ics", file)

        let task = try cli.task("Water plants")
        #expect(((task["due"] as? [String: Any])?["time"] as? String) == "2026-12-02T10:00:00+01:00")
        // The command that read it in wrote it out moved on, the override kept.
        let after = try lists.read("work", "water.ics")
        let lines = ListFolders.contentLines(after)
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20261202T100000"), "\(lines)")
        #expect(lines.contains("DUE;TZID=Europe/Berlin:20261202T100000"), "\(lines)")
        #expect(after.contains(override.joined(separator: "\r\n")))
        try cli.ok("sync", "--check")
    }

    @Test func anOccurrenceCompletedByItselfInThunderbirdIsDoneAndTheSeriesGoesOn() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("add", "Water plants", "--due", "2026-12-01 10:00", "--repeat", "daily", "--list", "work")
        let name = try lists.onlyFile("work").name
        let written = try lists.read("work", name)
        let uid = try #require(ListFolders.contentLines(written).first { $0.hasPrefix("UID:") })
        // Thunderbird marks one occurrence done with an override of its own
        // (10:00 in Berlin is 09:00Z); the master stays open. One for 3
        // December is completed ahead of time.
        func override(_ id: String) -> String {
            ["BEGIN:VTODO", uid, "SUMMARY:Water plants", "RECURRENCE-ID:\(id)", "DUE:\(id)",
             "STATUS:COMPLETED", "COMPLETED:20261201T081500Z", "PERCENT-COMPLETE:100", "END:VTODO", ""].joined(separator: "\r\n")
        }
        let overrides = override("20261201T090000Z") + override("20261203T090000Z")
        try lists.put("work", name, written.replacingOccurrences(of: "END:VCALENDAR", with: overrides + "END:VCALENDAR"))

        // Seen at noon on 1 December.
        let task = try #require(try cli.json("show", "Water plants", "--json", "--now", "2026-12-01 12:00") as? [String: Any])
        #expect(task["completed"] as? Bool == false)
        #expect(((task["due"] as? [String: Any])?["time"] as? String) == "2026-12-02T10:00:00+01:00")
        #expect((task["completions"] as? [Any])?.count == 1)
        // No reminder of 1 December is left; those of 2 December are.
        let reminders = try #require(task["reminders"] as? [[String: Any]])
        #expect(reminders.compactMap { $0["at"] as? String }.allSatisfy { $0.hasPrefix("2026-12-02") } && !reminders.isEmpty, "\(reminders)")
        // Thunderbird's overrides stay as they were, beside the master moved on.
        let after = try lists.read("work", name)
        #expect(after.contains(overrides))
        #expect(ListFolders.contentLines(after).contains("DUE;TZID=Europe/Berlin:20261202T100000"))

        // Done here on 2 December: 3 December was done in Thunderbird already,
        // so the series goes on to 4 December.
        try cli.ok("done", "Water plants", "--now", "2026-12-02 11:00")
        let done = try cli.task("Water plants")
        #expect(((done["due"] as? [String: Any])?["time"] as? String) == "2026-12-04T10:00:00+01:00")
        #expect((done["completions"] as? [Any])?.count == 3)
        #expect(ListFolders.contentLines(try lists.read("work", name)).contains("DUE;TZID=Europe/Berlin:20261204T100000"))
    }

    @Test func theReminderSwitchIsWrittenAsTodoRemindsOwnAlarmsAndOnlyThose() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        // A task from tasks.org, with its own alarm.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TodoCalendarTests/Fixtures/tasksorg.ics").standardized
        let original = try String(contentsOf: fixture, encoding: .utf8)
        try lists.put("work", "milk.ics", original)

        try cli.ok("off", "Buy milk")
        var lines = ListFolders.contentLines(try lists.read("work", "milk.ics"))
        #expect(lines.contains("X-TODO-REMIND-REMINDER:OFF"))
        #expect(lines.contains("DESCRIPTION:Default Tasks.org description"), "another client's alarm is its own")
        #expect(try cli.task("Buy milk")["reminder"] as? Bool == false)

        try cli.ok("on", "Buy milk")
        lines = ListFolders.contentLines(try lists.read("work", "milk.ics"))
        #expect(!lines.contains("X-TODO-REMIND-REMINDER:OFF"))
        #expect(lines.contains("DESCRIPTION:Default Tasks.org description"))
        // Its reminder is tasks.org's alarm: none of todo-remind's is added.
        #expect(!lines.contains { $0.hasPrefix("X-TODO-REMIND-ALARM") })
        // With the defaults asked for, they come as todo-remind's own alarms
        // (a day due: 09:00 is 9 hours after the start of the day).
        try cli.ok("edit", "Buy milk", "--remind-defaults")
        lines = ListFolders.contentLines(try lists.read("work", "milk.ics"))
        #expect(lines.contains("X-TODO-REMIND-ALARM:morning") && lines.filter { $0 == "TRIGGER;RELATED=END:PT9H" }.count == 2)
        #expect(try cli.task("Buy milk")["remindDefaults"] as? Bool == true)

        try cli.ok("off", "Buy milk")
        lines = ListFolders.contentLines(try lists.read("work", "milk.ics"))
        #expect(!lines.contains { $0.hasPrefix("X-TODO-REMIND-ALARM") }, "its own alarms go with the switch")
        #expect(lines.filter { $0 == "BEGIN:VALARM" }.count == 1)
    }

    @Test func alarmsSetHereTravelAsOwnAlarmsAndReadBack() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("add", "Dentist", "--due", "2026-12-04 17:00", "--remind", "-15m,2026-12-03 20:00", "--no-remind-defaults")
        let lines = ListFolders.contentLines(try lists.onlyFile("personal").text)
        #expect(lines.contains("X-TODO-REMIND-DEFAULTS:OFF"))
        #expect(lines.contains("TRIGGER;RELATED=END:-PT15M"))
        // 20:00 in Berlin is 19:00 UTC.
        #expect(lines.contains("TRIGGER;VALUE=DATE-TIME:20261203T190000Z"))
        #expect(lines.filter { $0 == "X-TODO-REMIND-ALARM:alarm" }.count == 2)
        #expect(!lines.contains("X-TODO-REMIND-ALARM:morning"))

        // Another machine reading the file gets the same reminders.
        let other = try #require(try cli.objects("list", "--json", "--store", cli.path("second.sqlite")).first)
        #expect(JSON.text(other["alarms"]) == #"[{"offset":-900},{"at":"2026-12-03T20:00:00+01:00"}]"#)
        #expect(other["remindDefaults"] as? Bool == false)
    }

    @Test func anotherClientsAlarmIsAReminderHereInPlaceOfTheDefaults() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TodoCalendarTests/Fixtures/tasksorg.ics").standardized
        // tasks.org: due 5 March 2026 (a day), its alarm TRIGGER;RELATED=END:PT9H.
        try lists.put("work", "milk.ics", try String(contentsOf: fixture, encoding: .utf8))
        let task = try cli.task("Buy milk")
        let reminders = try #require(task["reminders"] as? [[String: Any]])
        #expect(reminders.map { "\($0["kind"] ?? "") \($0["at"] ?? "")" } == ["alarm 2026-03-05T09:00:00+01:00"])
        #expect(JSON.text(task["alarms"]) == #"[{"offset":32400}]"#)
        #expect(task["remindDefaults"] as? Bool == false)
    }

    @Test func aReminderHandledInThunderbirdIsNotShownHereAndItsSnoozeIs() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TodoCalendarTests/Fixtures/thunderbird.ics").standardized
        // Due 1 Dec 17:00 Berlin; X-MOZ-LASTACK 17:10 and X-MOZ-SNOOZE-TIME 17:30 (Berlin).
        try lists.put("personal", "renew.ics", try String(contentsOf: fixture, encoding: .utf8))

        // The morning and due-time reminders fall before the acknowledgement:
        // handled in Thunderbird, they are none of this machine's business.
        let reminders = try #require(try cli.task("Renew passport")["reminders"] as? [[String: Any]])
        #expect(reminders.map { $0["kind"] as? String } == ["snoozed"], "\(reminders)")
        #expect((reminders.first?["at"] as? String)?.hasPrefix("2026-12-01T17:30:00") == true, "\(reminders)")
        let coming = try cli.objects("next", "--json", "--now", "2026-12-01 17:15")
        #expect(coming.first?["kind"] as? String == "snoozed", "\(coming)")
    }

    @Test func snoozeAndDoneWriteThunderbirdsAcknowledgementAndSnooze() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("add", "Call the bank", "--due", "2026-12-01 17:00", "--now", "2026-11-29 12:00")
        try cli.ok("snooze", "Call the bank", "2026-11-30 10:00", "--now", "2026-11-30 08:00")
        var lines = ListFolders.contentLines(try lists.onlyFile("personal").text)
        // 10:00 and 08:00 in Berlin are 09:00 and 07:00 UTC.
        #expect(lines.contains("X-MOZ-SNOOZE-TIME:20261130T090000Z"), "\(lines)")
        #expect(lines.contains("X-MOZ-LASTACK:20261130T070000Z"), "\(lines)")

        // todo-remind's own alarms say it in RFC 9074's form too (Evolution's).
        #expect(lines.filter { $0 == "ACKNOWLEDGED:20261130T070000Z" }.count == 2, "\(lines)")

        try cli.ok("done", "Call the bank", "--now", "2026-11-30 11:00")
        lines = ListFolders.contentLines(try lists.onlyFile("personal").text)
        #expect(lines.contains("X-MOZ-LASTACK:20261130T100000Z"), "\(lines)")
        #expect(lines.filter { $0 == "ACKNOWLEDGED:20261130T100000Z" }.count == 2, "\(lines)")
        // Read back, the task is as it was left: nothing to write again.
        #expect(try cli.run(["sync", "--check"]).status == 0)
        #expect(!lines.contains { $0.hasPrefix("X-MOZ-SNOOZE-TIME") }, "done ends the snooze")
    }

    @Test func badFilesAreSkippedUntouchedAndReported() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let garbage = "this is not a calendar\n"
        let twoUIDs = ListFolders.todo(uid: "a", summary: "A").replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
            + ListFolders.todo(uid: "b", summary: "B").replacingOccurrences(of: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n", with: "")
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:e\r\nDTSTART;VALUE=DATE:20261205\r\nSUMMARY:Party\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try lists.put("work", "garbage.ics", garbage)
        try lists.put("work", "event.ics", event)
        try lists.put("work", "good.ics", ListFolders.todo(uid: "good", summary: "Good"))
        try lists.put("work", "two.ics", twoUIDs)
        try lists.put("work", "zdup.ics", ListFolders.todo(uid: "good", summary: "Same UID"))

        #expect(try cli.objects("list", "--json").map { ($0["title"] as? String) } == ["Good"])
        let result = try cli.run(["sync", "--check"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("garbage.ics"))
        #expect(result.stdout.contains("zdup.ics"))
        #expect(result.stdout.contains("two.ics"))
        #expect(!result.stdout.contains("event.ics"), "an event is read as one, not a bad file")
        try cli.ok("edit", "Good", "--notes", "a change that writes files")
        #expect(try lists.read("work", "garbage.ics") == garbage)
        #expect(try lists.read("work", "event.ics") == event)
        #expect(try lists.read("work", "two.ics") == twoUIDs)
    }

    @Test func listsNamesEachFolderByItsDisplayName() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try "Personal stuff\n".write(toFile: lists.folder("personal") + "/displayname", atomically: true, encoding: .utf8)
        try cli.ok("add", "One", "--list", "Personal stuff")
        try cli.ok("add", "Two", "--list", "work")
        let output = try cli.lines("lists")
        #expect(output.contains { $0.hasPrefix("Personal stuff") && $0.contains("1 open of 1") && $0.contains("default") })
        #expect(output.contains { $0.hasPrefix("work") && $0.contains(lists.folder("work")) && $0.contains("1 open of 1") })
        #expect(try cli.objects("list", "--list", "work", "--json").map { ($0["title"] as? String) } == ["Two"])
    }

    @Test("A folder of events only (khal's) is a calendar, named apart, not an empty task list; the store's own list is shown too")
    func calendarOfEventsIsNoTaskList() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("work", "meeting.ics", try EventFixtures.text("khal-timed.ics"))
        try cli.ok("add", "In the folder")
        let output = try cli.lines("lists")
        #expect(output.contains { $0.hasPrefix("personal") && $0.contains("1 open of 1") }, "\(output)")
        #expect(!output.contains { $0.hasPrefix("work") }, "\(output)")
        #expect(output.contains("Calendar (events only, no task list): work  \(lists.folder("work"))"), "\(output)")
    }

    @Test func anUnknownListIsRefusedWithASentenceAndChangesNothing() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli, defaultList: nil)
        let message = try cli.failsWithoutChange(["add", "Task", "--list", "holiday"], status: 64)
        #expect(message.contains("holiday") && message.contains("personal") && message.contains("work"))
        // Two lists and no default-list: which one must be said.
        let which = try cli.failsWithoutChange(["add", "Task"], status: 64)
        #expect(which.contains("--list"))
        #expect(try lists.files("personal").isEmpty && lists.files("work").isEmpty)
    }
}
