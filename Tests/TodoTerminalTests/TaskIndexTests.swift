import Foundation
import Testing
import TodoCore
import TodoListing
import TodoStore
@testable import TodoTerminal
import TodoViewModel

/// The view's index of every task orders and filters as `list` does.
@Suite("The index of every task")
struct TaskIndexTests {
    let fixture: ViewFixture

    init() throws {
        fixture = try ViewFixture()
        let dues = [nil, "yesterday", "today 18:00", "tomorrow", "+3d", "2026-11-27 15:30", "+2w", "fri"]
        let titles = ["Café au lait", "cafe noir", "CRÈME brûlée", "Buy milk", "Pay rent", "pay RENT again", "Zebra", "école"]
        for (number, title) in titles.enumerated() {
            let task = try fixture.add(title, due: dues[number % dues.count], priority: Priority.allCases[number % 3],
                                       category: ["Home", "home", "Work"][number % 3])
            if number % 4 == 3 { _ = try fixture.store.markDone(ids: [task.id], at: fixture.now, in: ViewFixture.zone) }
        }
        _ = try fixture.store.modify(ids: [2], now: fixture.now) { $0.notes = "ask about the Crème" }
    }

    /// The ids in list's order, for the tasks the query selects.
    func listOrder(_ query: TaskQuery, _ order: ListOrder) throws -> [Int64] {
        let tasks = try fixture.store.tasks(query)
        let rows = tasks.map { ListRow($0, standing: fixture.timeRules.standing(of: $0, at: fixture.now)) }
        return order.order(of: rows, titles: tasks.map(\.title)).map { rows[$0].id }
    }

    @Test("Every sort orders the rows as list --sort does", arguments: ListOrder.allCases)
    func order(sort: ListOrder) throws {
        let index = TaskIndex(timeRules: fixture.timeRules, now: fixture.now)
        try index.reload(from: fixture.store, now: fixture.now)
        index.order(by: sort)
        var filters = ViewFilters()
        filters.sort = sort
        filters.showsDone = true
        let shown = index.filter(filters).shown.map { index.rows[Int($0)].id }
        #expect(shown == (try listOrder(TaskQuery(includeOpen: true, includeCompleted: true), sort)))
    }

    @Test("A search matches as list --search does, in titles and notes, any case, any accents", arguments: [
        "cafe", "CAFÉ", "creme", "rent", "é", "pay rent a", "zzz", "",
    ])
    func search(text: String) throws {
        let index = TaskIndex(timeRules: fixture.timeRules, now: fixture.now)
        try index.reload(from: fixture.store, now: fixture.now)
        var filters = ViewFilters()
        filters.search = text
        filters.showsDone = true
        let shown = Set(index.filter(filters).shown.map { index.rows[Int($0)].id })
        let listed = Set(try fixture.store.tasks(TaskQuery(includeOpen: true, includeCompleted: true, search: text)).map(\.id))
        #expect(shown == listed)
    }

    @Test("The counts are list's footer's: over the list, priority, category and search, done ones counted")
    func counts() throws {
        let index = TaskIndex(timeRules: fixture.timeRules, now: fixture.now)
        try index.reload(from: fixture.store, now: fixture.now)
        var filters = ViewFilters()
        filters.category = (key: "home", name: "Home")
        let summary = index.filter(filters).summary
        let tasks = try fixture.store.tasks(TaskQuery(includeOpen: true, includeCompleted: true, category: "home"))
        var expected = ListSummary()
        for task in tasks { expected.count(fixture.timeRules.state(of: task, at: fixture.now)) }
        #expect(summary.total == expected.total)
        #expect(summary.done == expected.done)
        #expect(summary.overdue == expected.overdue)
        #expect(summary.dueSoon == expected.dueSoon)
    }

    @Test("A task changed is put back in its place; one deleted is taken out")
    func refresh() throws {
        let index = TaskIndex(timeRules: fixture.timeRules, now: fixture.now)
        try index.reload(from: fixture.store, now: fixture.now)
        _ = try fixture.store.modify(ids: [1], now: fixture.now) { $0.due = .day(LocalDay(daysSinceEpoch: 20_000)) }
        _ = try fixture.store.delete(ids: [5], now: fixture.now)
        try index.refresh(ids: [1, 5], from: fixture.store)
        var filters = ViewFilters()
        filters.showsDone = true
        #expect(index.filter(filters).shown.map { index.rows[Int($0)].id } == (try listOrder(TaskQuery(includeOpen: true, includeCompleted: true), .due)))
    }

    @Test("A task read again is searched by its new words, no longer by its old ones")
    func searchAfterRefresh() throws {
        let index = TaskIndex(timeRules: fixture.timeRules, now: fixture.now)
        try index.reload(from: fixture.store, now: fixture.now)
        _ = try fixture.store.modify(ids: [4], now: fixture.now) { $0.title = "Buy oat drink" }
        try index.refresh(ids: [4], from: fixture.store)
        var filters = ViewFilters()
        filters.showsDone = true
        filters.search = "milk"
        #expect(index.filter(filters).shown.isEmpty)
        filters.search = "oat"
        #expect(index.filter(filters).shown.map { index.rows[Int($0)].id } == [4])
    }
}
