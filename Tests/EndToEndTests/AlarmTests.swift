import Foundation
import TestSupport
import Testing

/// `--remind`: reminders beside the defaults, with the built binary.
@Suite(.ownThread) struct AlarmCommandTests {
    static let now = "2026-11-24 10:00"

    @Test func remindAddsAlarmsThatShowNextAndJSONCarry() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Dentist", "--due", "2026-12-04 17:00", "--remind", "-15m,-1d", "--now", Self.now)
        try cli.ok("add", "Call", "--due", "2026-12-04", "--remind", "2026-12-02 08:30", "--no-remind-defaults", "--now", Self.now)

        let dentist = try cli.task("Dentist")
        #expect(JSON.text(dentist["alarms"]) == #"[{"offset":-900},{"offset":-86400}]"#)
        #expect(dentist["remindDefaults"] as? Bool == true)
        let kinds = (dentist["reminders"] as? [[String: Any]])?.map { "\($0["kind"] ?? "") \($0["at"] ?? "")" }
        #expect(kinds == [
            "alarm 2026-12-03T17:00:00+01:00", "morning 2026-12-04T09:00:00+01:00",
            "alarm 2026-12-04T16:45:00+01:00", "atDueTime 2026-12-04T17:00:00+01:00",
        ])
        let call = try cli.task("Call")
        #expect(JSON.text(call["alarms"]) == #"[{"at":"2026-12-02T08:30:00+01:00"}]"#)
        #expect((call["reminders"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["alarm"])

        let coming = try cli.objects("next", "--json", "--now", Self.now)
        #expect(coming.map { "\($0["taskId"] ?? "") \($0["kind"] ?? "")" } == ["2 alarm", "1 alarm", "1 morning", "1 alarm", "1 atDueTime"])
        let shown = try cli.lines("show", "Dentist", "--now", Self.now)
        #expect(shown.contains { $0.contains("alarms") && $0.contains("15 minutes before the due, 1 day before the due") })
    }

    @Test("--remind given again adds to the alarms, as a comma does, in add and in edit: none is dropped")
    func remindRepeated() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Dentist", "--due", "2099-12-04 17:00", "--remind", "-15m", "--remind", "-1d")
        #expect(JSON.text(try cli.task("Dentist")["alarms"]) == #"[{"offset":-900},{"offset":-86400}]"#)
        try cli.ok("edit", "Dentist", "--remind", "-2h", "--remind", "2099-12-02 08:30,-1d")
        #expect(JSON.text(try cli.task("Dentist")["alarms"]) == #"[{"offset":-7200},{"at":"2099-12-02T08:30:00+01:00"},{"offset":-86400}]"#)
    }

    @Test("An overdue task that keeps its alarms alone has no daily reminder: list, show and next say what the daemon does")
    func alarmsOnlyHaveNoDailyOverdueReminder() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Alarms only", "--due", "2026-11-20", "--remind", "2026-11-19 08:00", "--no-remind-defaults",
                   "--now", "2026-11-18 10:00")
        try cli.ok("add", "Defaults", "--due", "2026-11-20", "--now", "2026-11-18 10:00")

        let shown = { (title: String) in try cli.json("show", title, "--json", "--now", Self.now) as? [String: Any] }
        #expect(try shown("Alarms only")?["nextReminder"] is NSNull)
        #expect(try shown("Defaults")?["nextReminder"] as? String == "2026-11-25T09:00:00+01:00")
        let coming = try cli.objects("next", "--json", "--now", Self.now)
        #expect(coming.map { "\($0["taskId"] ?? "") \($0["kind"] ?? "")" } == ["2 overdue"])
        let rows = try cli.lines("list", "--now", Self.now).filter { $0.contains("Alarms only") }
        #expect(rows.count == 1 && rows.allSatisfy { $0.hasSuffix("4 days ago  -") })
    }

    @Test func editReplacesOrRemovesThemAndExportImportKeepsThem() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Dentist", "--due", "2026-12-04 17:00", "--remind", "-15m", "--now", Self.now)
        try cli.ok("edit", "Dentist", "--remind", "-1h,0")
        #expect(JSON.text(try cli.task("Dentist")["alarms"]) == #"[{"offset":-3600},{"offset":0}]"#)
        try cli.ok("edit", "Dentist", "--no-remind-defaults")
        let exported = try cli.ok("export")

        let copy = try CLI()
        defer { copy.remove() }
        try copy.ok("import", "-", input: exported)
        let task = try copy.task("Dentist")
        #expect(JSON.text(task["alarms"]) == #"[{"offset":-3600},{"offset":0}]"#)
        #expect(task["remindDefaults"] as? Bool == false)

        try cli.ok("edit", "Dentist", "--no-remind")
        #expect(JSON.text(try cli.task("Dentist")["alarms"]) == "[]")
    }

    @Test func aBadRemindIsRefusedWithASentenceAndChangesNothing() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Dentist", "--due", "2026-12-04 17:00")
        for value in ["-5x", "soonish", ",", "-999999999999w"] {
            let message = try cli.failsWithoutChange(["edit", "Dentist", "--remind", value], status: 64)
            #expect(message.contains("reminder") || message.contains("too far"), "\(value): \(message)")
        }
        try cli.failsWithoutChange(["add", "Other", "--remind", "-1d,later"], status: 64)
    }
}
