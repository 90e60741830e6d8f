import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// `done` never ends a series todo-remind cannot follow (issue 20, item 10).
@Suite struct CompletionRefusalTests {
    @Test("A stored series whose rule cannot be expanded is not marked done, and nothing of the call changes")
    func unexpandableStoredRule() throws {
        let folder = try TemporaryFolder()
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        let day = LocalDay(year: 2026, month: 11, day: 20) ?? LocalDay(daysSinceEpoch: 0)
        var series = try TaskDraft(title: "Forever", due: .day(day))
        // As an older version kept it: a COUNT past the bound now followed.
        series.repeating = TaskRepeat(rule: "FREQ=DAILY;COUNT=2000000000", zone: nil, start: .day(day))
        let other = try TaskDraft(title: "Other", due: .day(day))
        _ = try store.importTasks([series, other], now: Date(timeIntervalSince1970: 1_795_000_000))
        let before = try store.tasks(ids: [1, 2])

        #expect(throws: CompletionRefusal.unfollowedRule(taskID: 1, rule: "FREQ=DAILY;COUNT=2000000000")) {
            try store.markDone(ids: [2, 1], at: Date(timeIntervalSince1970: 1_795_100_000), in: .gmt)
        }
        #expect(try store.tasks(ids: [1, 2]) == before)
        #expect(try store.recentCompletions(limit: 10).isEmpty)
    }
}
