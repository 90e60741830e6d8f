import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// `done` never ends a series todo-remind cannot follow.
@Suite struct CompletionRefusalTests {
    @Test("A series an older version kept with a rule that cannot be expanded becomes a reported rule: not marked done, not rewritten, named for sync --check")
    func unexpandableStoredRule() throws {
        // Given a store as the version before left it: a COUNT past today's
        // bound kept as the repeat of a task whose file is read in and unchanged
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let old = try TaskStore(path: path)
        let day = LocalDay(year: 2026, month: 11, day: 20) ?? LocalDay(daysSinceEpoch: 0)
        var series = try TaskDraft(title: "Forever", due: .day(day))
        series.repeating = TaskRepeat(rule: "FREQ=DAILY;COUNT=2000000000", zone: nil, start: .day(day))
        series.list = "/lists/work"
        let other = try TaskDraft(title: "Other", due: .day(day))
        _ = try old.importTasks([series, other], now: Date(timeIntervalSince1970: 1_795_000_000))
        try old.close()
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''
                UPDATE task_file SET name = 'x.ics', uid = 'x', etag = '1 2', dirty = 0;
                DELETE FROM grdb_migrations WHERE identifier = 'v13-unfollowed-stored-rules';
                PRAGMA user_version = 0;
            ''')
            db.commit()
            """, path)

        // When this version opens it
        let store = try TaskStore(path: path)

        // Then the rule is the file's, reported, and `done` is refused
        #expect(try store.task(id: 1)?.repeating == nil)
        #expect(try store.readingTaskFiles { try $0.pending() }.isEmpty)
        let reported = try store.readingTaskFiles { try $0.unfollowedRules(in: "/lists/work") }
        #expect(reported.keys.sorted() == ["x.ics"])
        #expect(reported["x.ics"]?.hasPrefix("“/lists/work/x.ics” repeats by RRULE:FREQ=DAILY;COUNT=2000000000, which todo-remind cannot follow") == true)
        #expect(reported["x.ics"]?.contains("“COUNT=2000000000” is out of range") == true, "\(reported)")
        let before = try store.tasks(ids: [1, 2])
        #expect(throws: CompletionRefusal.unfollowedRule(taskID: 1, rule: "FREQ=DAILY;COUNT=2000000000")) {
            try store.markDone(ids: [2, 1], at: Date(timeIntervalSince1970: 1_795_100_000), in: .utc)
        }
        #expect(try store.tasks(ids: [1, 2]) == before)
        #expect(try store.recentCompletions(limit: 10).isEmpty)
    }
}
