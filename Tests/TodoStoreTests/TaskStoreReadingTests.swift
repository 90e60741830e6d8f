import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// Listing, searching and looking up tasks.
@Suite("Reading tasks")
struct TaskStoreReadingTests {
    let folder: TemporaryFolder
    let store: TaskStore
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// 1 Café au lait (open), 2 Buy croissants (notes mention the CAFÉ),
    /// 3 Cafeteria menu (completed), 4 Tea, 5 Café closed (completed).
    init() throws {
        folder = try TemporaryFolder()
        store = try TaskStore(path: folder.file("tasks.sqlite"))
        let done = Date(timeIntervalSince1970: 1_779_000_000)
        _ = try store.importTasks([
            TaskDraft(title: "Café au lait", category: "Café", priority: .high),
            TaskDraft(title: "Buy croissants", notes: "from the CAFÉ on the corner", category: "Shopping"),
            TaskDraft(title: "Cafeteria menu", category: "Work", priority: .low, completedAt: done),
            TaskDraft(title: "Tea 100% green", notes: "no sugar_free", category: "work"),
            TaskDraft(title: "Café closed", category: "Cafe", completedAt: done),
        ], now: now)
    }

    private func ids(_ query: TaskQuery) throws -> [Int64] {
        try store.tasks(query).map(\.id)
    }

    @Test("Listing shows open tasks, completed ones, or both, ordered by id")
    func listingByCompletion() throws {
        #expect(try ids(TaskQuery()) == [1, 2, 4])
        #expect(try ids(TaskQuery(includeOpen: false, includeCompleted: true)) == [3, 5])
        #expect(try ids(TaskQuery(includeOpen: true, includeCompleted: true)) == [1, 2, 3, 4, 5])
        #expect(try ids(TaskQuery(includeOpen: false, includeCompleted: false)) == [])
    }

    @Test(
        "Search ignores case and accents, over titles and notes",
        arguments: ["cafe", "CAFE", "Café", "CAFÉ", "cafe\u{301}", "CaFé"]
    )
    func searchFolds(text: String) throws {
        #expect(try ids(TaskQuery(includeCompleted: true, search: text)) == [1, 2, 3, 5])
        #expect(try ids(TaskQuery(search: text)) == [1, 2])
    }

    @Test("Search treats % and _ as plain characters")
    func searchHasNoWildcards() throws {
        #expect(try ids(TaskQuery(search: "100%")) == [4])
        #expect(try ids(TaskQuery(search: "sugar_free")) == [4])
        #expect(try ids(TaskQuery(search: "%")) == [4])
        #expect(try ids(TaskQuery(search: "c_fe")) == [])
    }

    @Test("An empty search filters nothing")
    func emptySearch() throws {
        #expect(try ids(TaskQuery(search: "")) == [1, 2, 4])
    }

    @Test("The category matches whatever its case, but not with other accents")
    func categoryIgnoresCase() throws {
        #expect(try ids(TaskQuery(includeCompleted: true, category: "WORK")) == [3, 4])
        #expect(try ids(TaskQuery(includeCompleted: true, category: "work")) == [3, 4])
        #expect(try ids(TaskQuery(includeCompleted: true, category: "CAFÉ")) == [1])
        #expect(try ids(TaskQuery(includeCompleted: true, category: "cafe")) == [5])
        #expect(try ids(TaskQuery(includeCompleted: true, category: "Work ")) == [])
    }

    @Test("Conditions of a query combine")
    func conditionsCombine() throws {
        #expect(try ids(TaskQuery(includeCompleted: true, priority: .low)) == [3])
        #expect(try ids(TaskQuery(priority: .medium)) == [2, 4])
        #expect(try ids(TaskQuery(includeCompleted: true, category: "work", priority: .medium)) == [4])
        #expect(try ids(TaskQuery(includeCompleted: true, category: "café", search: "lait")) == [1])
    }

    @Test(
        "Title matching looks at titles only, within the scope asked",
        arguments: [(TaskScope.open, [Int64(1)]), (.completed, [3, 5]), (.all, [1, 3, 5])]
    )
    func titleMatching(scope: TaskScope, expected: [Int64]) throws {
        // Task 2 has "CAFÉ" in its notes only, so it never matches.
        #expect(try store.tasks(titleContaining: "CAFE", scope: scope).map(\.id) == expected)
    }

    @Test("Looking up by ids leaves out the ids without a task")
    func lookupByIds() throws {
        let found = try store.tasks(ids: [5, 1, 42])

        #expect(found.keys.sorted() == [1, 5])
        #expect(found[5]?.title == "Café closed")
        #expect(try store.task(id: 42) == nil)
        #expect(try store.tasks(ids: []).isEmpty)
    }

    @Test("Looking up more ids than one statement may hold finds them all")
    func lookupManyIds() throws {
        _ = try store.importTasks((1...1_200).map { try TaskDraft(title: "Bulk \($0)") }, now: now)

        let found = try store.tasks(ids: Array(1...1_300))

        #expect(found.count == 1_205)
    }

    @Test("Counts tell all tasks and completed ones")
    func counts() throws {
        let counts = try store.taskCounts()
        #expect(counts.total == 5)
        #expect(counts.completed == 2)
    }
}
