import Foundation
import TodoCore
import TodoListing
import TodoStore

/// Every task of the store, as the view orders, filters and counts it,
/// without the tasks: a row (`ListRow`: id, priority, state, group, due
/// instant, creation) and what the filters look at (list, category, title,
/// the folded keys a search looks in), read once (`TaskStore.forEachOutline`)
/// and kept in memory.
///
/// At 100,000 tasks this is what lets a key act at once: a search
/// keystroke scans the folded keys here (and only the last matches when the
/// search grew), a move reads nothing, and a task changed by the view is
/// read again alone and put back in its place. Only the rows on screen are
/// read whole and put into words (`TaskView`).
final class TaskIndex {
    /// What the filters look at of one task, beside its row.
    struct Facts {
        var due: Due?
        var isCompleted: Bool
        /// Into `lists`; -1 for the local list.
        var list: Int32
        /// Into `categoryKeys`.
        var category: Int32
        /// Where its title, folded title and folded notes are in `text`.
        var textStart: Int32
        var titleLength: Int32
        var titleKeyLength: Int32
        var notesKeyLength: Int32
        /// The task was deleted since the tasks were read: its row stays,
        /// so that positions keep, until the next `reload`.
        var isGone = false
    }

    private(set) var rows: [ListRow] = []
    private(set) var facts: [Facts] = []
    /// The position of each task's row, by id.
    private var positions: [Int64: Int32] = [:]
    /// Titles and folded keys, one after the other, as `Facts` says.
    private var text: [UInt8] = []
    private(set) var lists: [String] = []
    private(set) var categoryKeys: [String] = []
    /// Every row's position in `sort`'s order.
    private(set) var order: [Int32] = []
    private(set) var sort = ListOrder.due
    private let scheduler: Scheduler
    /// The moment the rows' states and groups are worked out at.
    private(set) var now: Date

    init(scheduler: Scheduler, now: Date) {
        self.scheduler = scheduler
        self.now = now
    }

    /// How many tasks there are.
    var count: Int { rows.count }

    /// Reads every task again (after a change made elsewhere).
    func reload(from store: TaskStore, now: Date) throws {
        self.now = now
        rows = []
        facts = []
        positions = [:]
        text = []
        try store.forEachOutline { outline in
            positions[outline.id] = Int32(rows.count)
            rows.append(row(of: outline))
            facts.append(facts(of: outline))
        }
        reorder()
    }

    /// Reads the tasks with these ids again (after the view changed them):
    /// each is put in its place, or taken out when it is gone.
    func refresh(ids: [Int64], from store: TaskStore) throws {
        var found = Set<Int64>()
        try store.forEachOutline(ids: ids) { outline in
            found.insert(outline.id)
            let row = row(of: outline)
            let facts = facts(of: outline)
            if let position = positions[outline.id].map(Int.init) {
                remove(fromOrder: position)
                rows[position] = row
                self.facts[position] = facts
                insert(intoOrder: position)
            } else {
                positions[outline.id] = Int32(rows.count)
                rows.append(row)
                self.facts.append(facts)
                insert(intoOrder: rows.count - 1)
            }
        }
        for id in ids where !found.contains(id) {
            guard let position = positions[id].map(Int.init) else { continue }
            remove(fromOrder: position)
            positions[id] = nil
            facts[position].isGone = true
        }
    }

    /// Works out every row's state and group at `now` again, and their
    /// order: a task passes from Today to Overdue at its due instant.
    func regroup(at now: Date) {
        self.now = now
        for position in rows.indices where !facts[position].isGone {
            let facts = facts[position]
            rows[position] = ListRow(id: rows[position].id, priority: rows[position].priority,
                                     standing: scheduler.standing(due: facts.due, isCompleted: facts.isCompleted, at: now),
                                     created: rows[position].created)
        }
        reorder()
    }

    /// Orders the rows by `sort`.
    func order(by sort: ListOrder) {
        self.sort = sort
        reorder()
    }

    /// The first instant after `now` at which a task changes state or group
    /// (due soon, overdue, today): when the counts and groups must be
    /// worked out again. Nil when none will.
    func nextRegrouping() -> Date? {
        var next = Double.infinity
        let now = now.timeIntervalSince1970
        let window = scheduler.policy.dueSoonWindow
        for position in rows.indices where !facts[position].isGone && !facts[position].isCompleted {
            let due = rows[position].dueKey
            guard due.isFinite else { continue }
            if due > now { next = min(next, due) }
            if due - window > now { next = min(next, due - window) }
        }
        // A day's start moves tasks due on it into Today.
        let tomorrow = scheduler.clock.startOfDay(scheduler.clock.day(of: self.now).adding(days: 1)).timeIntervalSince1970
        next = min(next, tomorrow)
        return next.isFinite ? Date(timeIntervalSince1970: next) : nil
    }

    /// The title of the task at `position`, as written.
    func title(at position: Int) -> String {
        let facts = facts[position]
        return text.withUnsafeBufferPointer { buffer in
            String(decoding: buffer[Int(facts.textStart)..<Int(facts.textStart + facts.titleLength)], as: UTF8.self)
        }
    }

    /// The position of the row of the task with this id.
    func position(of id: Int64) -> Int? {
        positions[id].map(Int.init)
    }

    // MARK: - Filtering

    /// What the filters let through, in order, and what the footer counts.
    struct Filtered {
        /// The rows shown, as positions, in order.
        var shown: [Int32] = []
        /// The rows the list, priority, category and search let through,
        /// done ones included: what a search that grows narrows further.
        var matched: [Int32] = []
        var summary = ListSummary()
    }

    /// The rows `filters` let through; when `previous` was filtered by a
    /// search the new one contains (typing on), only its matches are looked at.
    func filter(_ filters: ViewFilters, narrowing previous: (filters: ViewFilters, result: Filtered)? = nil) -> Filtered {
        let needle = Array(TextFolding.fold(filters.search).utf8)
        let list: Int32? = filters.list.map { path in lists.firstIndex(of: path).map(Int32.init) ?? -2 }
        let category: Int32? = filters.categoryKey.map { key in categoryKeys.firstIndex(of: key).map(Int32.init) ?? -2 }
        let priority = filters.priority
        var candidates = order
        if let previous, previous.filters.sort == filters.sort, previous.filters.list == filters.list,
           previous.filters.priority == filters.priority, previous.filters.categoryKey == filters.categoryKey {
            let before = Array(TextFolding.fold(previous.filters.search).utf8)
            if needle.count > before.count, Self.contains(needle[...], before[...]) {
                candidates = previous.result.matched
            }
        }
        var result = Filtered()
        text.withUnsafeBufferPointer { text in
            for position in candidates {
                let row = rows[Int(position)]
                let facts = facts[Int(position)]
                if let list, facts.list != list { continue }
                if let category, facts.category != category { continue }
                if let priority, row.priority != priority { continue }
                if !needle.isEmpty {
                    let start = Int(facts.textStart + facts.titleLength)
                    let titleKey = text[start..<start + Int(facts.titleKeyLength)]
                    let notesStart = start + Int(facts.titleKeyLength)
                    let notesKey = text[notesStart..<notesStart + Int(facts.notesKeyLength)]
                    guard Self.contains(titleKey, needle[...]) || Self.contains(notesKey, needle[...]) else { continue }
                }
                result.matched.append(position)
                result.summary.count(row.state)
                if filters.showsDone || !facts.isCompleted { result.shown.append(position) }
            }
        }
        return result
    }

    /// Whether `needle` occurs in `haystack`, bytes compared as SQLite's
    /// `instr` compares the store's folded keys.
    static func contains<H: RandomAccessCollection<UInt8>, N: RandomAccessCollection<UInt8>>(_ haystack: H, _ needle: N) -> Bool
    where H.Index == Int, N.Index == Int {
        guard let first = needle.first else { return true }
        let count = needle.count
        guard haystack.count >= count else { return false }
        var index = haystack.startIndex
        let last = haystack.endIndex - count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < count, haystack[index + matched] == needle[needle.startIndex + matched] { matched += 1 }
                if matched == count { return true }
            }
            index += 1
        }
        return false
    }

    // MARK: - Rows

    private func row(of outline: TaskOutline) -> ListRow {
        ListRow(id: outline.id, priority: outline.priority,
                standing: scheduler.standing(due: outline.due, isCompleted: outline.isCompleted, at: now),
                created: outline.createdAt)
    }

    private func facts(of outline: TaskOutline) -> Facts {
        let start = Int32(text.count)
        text.append(contentsOf: outline.title)
        text.append(contentsOf: outline.titleKey)
        text.append(contentsOf: outline.notesKey)
        return Facts(due: outline.due, isCompleted: outline.isCompleted,
                     list: outline.list.isEmpty ? -1 : intern(outline.list, in: &lists),
                     category: intern(outline.categoryKey, in: &categoryKeys),
                     textStart: start, titleLength: Int32(outline.title.count),
                     titleKeyLength: Int32(outline.titleKey.count), notesKeyLength: Int32(outline.notesKey.count))
    }

    /// The position of `bytes` among `names`, added when new: a handful of
    /// lists and categories, so a look along them costs less than a table.
    private func intern(_ bytes: UnsafeBufferPointer<UInt8>, in names: inout [String]) -> Int32 {
        for (index, name) in names.enumerated() where name.utf8.elementsEqual(bytes) {
            return Int32(index)
        }
        names.append(String(decoding: bytes, as: UTF8.self))
        return Int32(names.count - 1)
    }

    // MARK: - Order

    private func reorder() {
        let live = rows.indices.filter { !facts[$0].isGone }
        let titles = sort == .title ? rows.indices.map { title(at: $0) } : []
        let sort = sort
        var positions = live
        positions.sort { a, b in
            sort.precedes(rows[a], rows[b], titles: titles.isEmpty ? nil : (titles[a], titles[b]))
        }
        order = positions.map(Int32.init)
    }

    private func remove(fromOrder position: Int) {
        if let index = order.firstIndex(of: Int32(position)) { order.remove(at: index) }
    }

    /// Puts the row at `position` into `order` where `sort` places it.
    private func insert(intoOrder position: Int) {
        let row = rows[position]
        let title = sort == .title ? self.title(at: position) : nil
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            let other = Int(order[middle])
            let titles = title.map { ($0, self.title(at: other)) }
            if sort.precedes(rows[other], row, titles: titles) { low = middle + 1 } else { high = middle }
        }
        order.insert(Int32(position), at: low)
    }
}
