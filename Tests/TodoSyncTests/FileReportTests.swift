import Foundation
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoStore
@testable import TodoSync

/// What a file that cannot be fully followed is reported for: the same by
/// `sync --check` as by a read-in (a command's, the daemon's log).
@Suite struct FileReportTests {
    static let now = Date(timeIntervalSince1970: 1_796_140_800)

    @Test("sync --check reports an alarm that is not used and a rule that is not followed, as the read-in then does")
    func checkReportsWhatTheReadInReports() throws {
        let temporary = try TemporaryFolder()
        let work = temporary.file("lists/work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:odd", "DTSTAMP:20261101T100000Z",
            "SUMMARY:Odd", "DUE:20261201T100000Z", "RRULE:FREQ=MINUTELY",
            "BEGIN:VALARM", "TRIGGER:-PT15M", "END:VALARM", "END:VTODO", "END:VCALENDAR", "",
        ]
        try Data(lines.joined(separator: "\r\n").utf8).write(to: URL(fileURLWithPath: work + "/odd.ics"))
        let store = try TaskStore(path: temporary.file("tasks.sqlite"))
        let lists = ConfiguredLists([CalendarTable(path: temporary.file("lists") + "/*")], home: temporary.path)
        let sync = FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: .utc)), now: Self.now)

        let checked = try sync.check().lists.flatMap(\.bad)
        let read = try sync.readIn().skipped

        #expect(checked.map(\.reason).contains { $0.contains("a reminder (VALARM) is not used") }, "\(checked)")
        #expect(checked.map(\.reason).contains { $0.contains("RRULE:FREQ=MINUTELY, which todo-remind cannot follow") }, "\(checked)")
        #expect(checked == read)
    }
}
