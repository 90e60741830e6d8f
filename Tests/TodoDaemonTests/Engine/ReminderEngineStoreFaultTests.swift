import Foundation
import Logging
import Testing
import TodoCore
import TodoConfig
import TodoNotify
@testable import TodoStore
import TodoSync
@testable import TodoDaemon

/// A store that cannot be written (a full disk, a read-only file) never stops
/// the daemon: due reminders are shown anyway, their records kept in memory
/// and written once the store takes writes again.
@Suite("Reminder engine: a store that cannot be written")
struct ReminderEngineStoreFaultTests {
    typealias T = EngineTime

    /// Makes the store's one writing connection refuse every write, as a
    /// read-only file would (SQLITE_READONLY), or take them again.
    static func refuseWrites(_ store: TaskStore, _ refuse: Bool) throws {
        try store.database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA query_only = \(refuse ? 1 : 0)")
        }
    }

    @Test("A reminder due while the ledger cannot be written is shown, recorded later, and never shown twice")
    func showsAndRecordsLater() throws {
        // Given a day task due today, and a store that stops taking writes before 09:00
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try Self.refuseWrites(fixture.store, true)

        // When 09:00 comes and the server takes the bubble
        try daemon.fire(at: T.at(9))
        try daemon.succeedAll()

        // Then it was shown, the log says once that the ledger cannot be written, and nothing is on disk
        #expect(daemon.jobs.count == 1)
        #expect(try fixture.record(task, .morning) == nil)
        #expect(daemon.log.entries(of: "ledger-failing").count == 1)

        // And planning again for any reason does not show it again
        try daemon.engine.storeChanged()
        try daemon.fire(at: T.at(9, 0, 30))
        #expect(daemon.jobs.count == 1)
        #expect(daemon.log.entries(of: "ledger-failing").count == 1)

        // When the store takes writes again, the daemon writes the record at its next wake-up, within a minute
        try Self.refuseWrites(fixture.store, false)
        let wake = try #require(daemon.timer.armedAt)
        #expect(wake <= T.at(9, 1, 30))
        try daemon.fire(at: wake)
        #expect(try fixture.record(task, .morning)?.status == .delivered)
        #expect(daemon.jobs.count == 1)
    }

    @Test("A store that cannot carry the events' index forward still fires the tasks' reminders, and says so once")
    func eventIndexUnwritable() throws {
        // Given a calendar folder with an event, read in and indexed in
        // another zone than the daemon's (so the daemon must index it
        // again), a day task due today, and a store that takes no writes
        // before the daemon first plans
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let calendar = fixture.folder.file("calendar")
        try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
        let lunch = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:lunch", "DTSTART:20990601T110000Z",
                     "DTEND:20990601T120000Z", "SUMMARY:Lunch", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M",
                     "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        try Data(lunch.utf8).write(to: URL(fileURLWithPath: calendar + "/lunch.ics"))
        let lists = ConfiguredLists([CalendarTable(path: calendar)], home: fixture.folder.path)
        _ = try FolderSync(store: fixture.store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: .utc)), now: T.at(8)).run()
        #expect(try fixture.store.eventIndexNeedsRefresh(basis: EventIndex(lists: lists, zone: fixture.timeZone).basis, now: T.at(8)))
        try Self.refuseWrites(fixture.store, true)

        // When the daemon starts, and 09:00 comes
        let daemon = try fixture.startDaemon(eventLists: lists)
        try daemon.fire(at: T.at(9))

        // Then the task's reminder is shown, and the index's trouble said once
        #expect(daemon.jobs.map(\.reminder.taskID) == [task.id])
        #expect(daemon.log.entries(of: "event-index-failing").count == 1)
    }

    @Test("Retries of a failed show go on while the ledger cannot be written")
    func retriesGoOn() throws {
        // Given a reminder at 09:00, a store that takes no writes, and no notification server
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try Self.refuseWrites(fixture.store, true)
        try daemon.fire(at: T.at(9))
        try daemon.failAll(EngineFixture.noServer)

        // When the retry's time comes and the server is back
        try daemon.fire(at: T.at(9, 0, 2))
        #expect(daemon.jobs.count == 2)
        #expect(daemon.jobs.last?.attempt == 2)
        try daemon.succeedAll()

        // Then once the store takes writes, the ledger says delivered on the second attempt
        try Self.refuseWrites(fixture.store, false)
        try daemon.engine.storeChanged()
        #expect(try fixture.record(task, .morning)?.status == .delivered)
        #expect(try fixture.record(task, .morning)?.attempts == 2)
    }
}
