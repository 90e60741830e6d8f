import CLinux
import FoundationEssentials
import Glibc
import TodoCore
import TodoListing
import TodoStore

/// Every task of the store, as the view orders, filters and counts it,
/// without the tasks: a row (`ListRow`: id, priority, state, group, due
/// instant, creation) and what the filters look at (list, category, title,
/// the folded keys a search looks in), read once (`TaskStore.forEachOutline`)
/// and kept in memory; and which tasks are whose subtasks (`SubtaskTree`),
/// worked out from the same read.
///
/// At 100,000 tasks this is what lets a key act at once: a search looks
/// through every task's folded keys, kept one after the other in one
/// buffer, with `memmem` (only the tasks it finds are looked up); a move
/// reads nothing; a task changed by the view is read again alone and put
/// back in its place. Only the rows on screen are read whole and put into
/// words (`TaskView`).
public final class TaskIndex {
    /// What the filters look at of one task, beside its row.
    ///
    /// Packed in 48 bytes where the plain fields took 96 (a `Due?` is 25,
    /// a day being three `Int`s): at 100,000 tasks, 5 MB of the view's
    /// memory.
    public struct Facts {
        /// The due's and the start's days since 1970 or instants in
        /// seconds since 1970, as their kinds say (`PackedDue`).
        private let dueValue: Double
        private let startValue: Double
        /// 0 for none: ids start at 1.
        private let parent: Int64
        /// Into `lists`; -1 for the local list.
        public let list: Int32
        /// Into `categoryKeys`.
        public let category: Int32
        /// Where its title is in `titles`.
        public let titleStart: Int32
        public let titleLength: Int32
        private let dueKind: PackedDue
        private let startKind: PackedDue
        public let isCompleted: Bool
        /// The task was deleted since the tasks were read: its row stays,
        /// so that positions keep, until the next `reload`.
        public var isGone = false

        init(due: Due?, isCompleted: Bool, start: Due?, parentID: Int64?, list: Int32, category: Int32, titleStart: Int32, titleLength: Int32) {
            (dueKind, dueValue) = PackedDue.pack(due)
            (startKind, startValue) = PackedDue.pack(start)
            parent = parentID ?? 0
            self.isCompleted = isCompleted
            self.list = list
            self.category = category
            self.titleStart = titleStart
            self.titleLength = titleLength
        }

        public var due: Due? { dueKind.unpack(dueValue) }
        /// When it can begin: until then it waits (`TimeRules.isWaiting`).
        public var start: Due? { startKind.unpack(startValue) }
        public var hasStart: Bool { startKind != .none }
        /// Its parent as kept; the tree says whether it is shown under it.
        public var parentID: Int64? { parent == 0 ? nil : parent }
    }

    /// What kind of due a `Facts` value holds.
    enum PackedDue: UInt8 {
        case none
        /// Days since 1970 (`LocalDay.daysSinceEpoch`).
        case day
        /// Seconds since 1970.
        case time

        static func pack(_ due: Due?) -> (PackedDue, Double) {
            switch due {
            case .day(let day): (.day, Double(day.daysSinceEpoch))
            case .time(let instant): (.time, instant.timeIntervalSince1970)
            case nil: (.none, 0)
            }
        }

        func unpack(_ value: Double) -> Due? {
            switch self {
            case .none: nil
            case .day: .day(LocalDay(daysSinceEpoch: Int(value)))
            case .time: .time(Date(timeIntervalSince1970: value))
            }
        }
    }

    public private(set) var rows: [ListRow] = []
    public private(set) var facts: [Facts] = []
    /// The position of each task's row, by id.
    private var positions = IDTable()
    /// The titles, one after the other, as written.
    private var titles: [UInt8] = []
    /// The folded title and notes of each task (`UnicodeFolding.fold`, as the
    /// store keeps them), each followed by a NUL, which no search holds,
    /// so that no match runs from one into the next.
    private var keys: [UInt8] = []
    /// Where each task's keys start in `keys`, in the order they were put
    /// there, and whose they are (a position). The keys of a task read
    /// again are put at the end, and its old ones blanked with NULs.
    private var keyStarts: [Int32] = []
    private var keyOwners: [Int32] = []
    public private(set) var lists: [String] = []
    public private(set) var categoryKeys: [String] = []
    /// The bytes of `lists` and `categoryKeys`, compared with a row's.
    private var listBytes: [[UInt8]] = []
    private var categoryBytes: [[UInt8]] = []
    /// Every row in `sort`'s order, with what the filters look at: a
    /// filter reads these one after the other, not the rows, which in
    /// this order lie all over memory (a cache miss a row at 100,000).
    private var ordered: [Slot] = []
    public private(set) var sort = ListOrder.due
    /// Which tasks are shown as whose subtasks, made of the tasks that have
    /// a parent and their parents.
    public private(set) var tree = SubtaskTree([])
    /// The position of each task's shown parent (`tree.shownParent`), by
    /// position; -1 for a task of its own. Empty when no task has one.
    private var parentPositions: [Int32] = []
    private let timeRules: TimeRules
    /// The moment the rows' states and groups are worked out at.
    public private(set) var now: Date

    public init(timeRules: TimeRules, now: Date) {
        self.timeRules = timeRules
        self.now = now
    }

    /// How many tasks there are.
    public var count: Int { rows.count }

    /// Reads every task again (after a change made elsewhere).
    public func reload(from store: TaskStore, now: Date) throws {
        self.now = now
        // Built in locals and put in place at the end: a class's stored
        // arrays appended to a row at a time would each be checked for
        // exclusive access.
        var rows: [ListRow] = []
        var facts: [Facts] = []
        var positions = IDTable()
        var titles: [UInt8] = []
        var keys: [UInt8] = []
        var keyStarts: [Int32] = []
        var names = (lists: [[UInt8]](), categories: [[UInt8]]())
        // Room made at once for about as many tasks as there are: grown a
        // doubling at a time, each array was copied whole, old and new held
        // together, and a third of it left over (at 100,000 tasks, a tenth of
        // the view's memory). Room not written to takes no memory, so the
        // text gets room for long titles and notes.
        let expected = try store.count(TaskQuery(includeOpen: true, includeCompleted: true))
        rows.reserveCapacity(expected)
        facts.reserveCapacity(expected)
        positions = IDTable(reservingFor: expected)
        keyStarts.reserveCapacity(expected)
        titles.reserveCapacity(expected * 64)
        keys.reserveCapacity(expected * 128)
        let timeRules = timeRules
        try store.forEachOutline { outline in
            let position = Int32(rows.count)
            positions[outline.id] = position
            rows.append(Self.row(of: outline, timeRules: timeRules, now: now))
            facts.append(Self.facts(of: outline, titles: &titles, lists: &names.lists, categories: &names.categories))
            keyStarts.append(Int32(keys.count))
            Self.appendKeys(of: outline, to: &keys)
        }
        self.rows = rows
        self.facts = facts
        self.positions = positions
        self.titles = titles
        self.keys = keys
        self.keyStarts = keyStarts
        keyOwners = Array(0..<Int32(rows.count))
        listBytes = names.lists
        categoryBytes = names.categories
        lists = listBytes.map { String(decoding: $0, as: UTF8.self) }
        categoryKeys = categoryBytes.map { String(decoding: $0, as: UTF8.self) }
        rebuildTree()
        reorder()
    }

    /// Works out which tasks are whose subtasks again, from the tasks that
    /// have a parent and their parents.
    private func rebuildTree() {
        var nodes: [SubtaskTree.Node] = []
        // The parents without a parent of their own, by position, each put
        // in once (a table of ids would hash each subtask's parent).
        var isParent: [Bool] = []
        func node(_ position: Int) -> SubtaskTree.Node {
            let facts = facts[position]
            return SubtaskTree.Node(id: rows[position].id, parentID: facts.parentID,
                                    list: facts.list < 0 ? nil : lists[Int(facts.list)], isCompleted: facts.isCompleted)
        }
        for position in facts.indices where !facts[position].isGone {
            guard let parentID = facts[position].parentID else { continue }
            nodes.append(node(position))
            guard let parent = positions[parentID].map(Int.init), facts[parent].parentID == nil, !facts[parent].isGone else { continue }
            if isParent.isEmpty { isParent = [Bool](repeating: false, count: rows.count) }
            if !isParent[parent] {
                isParent[parent] = true
                nodes.append(node(parent))
            }
        }
        guard !nodes.isEmpty else {
            tree = SubtaskTree([])
            parentPositions = []
            return
        }
        tree = SubtaskTree(nodes)
        var parentPositions = [Int32](repeating: -1, count: rows.count)
        for position in facts.indices where facts[position].parentID != nil && !facts[position].isGone {
            if let parent = tree.shownParent(of: rows[position].id), let parentPosition = positions[parent] {
                parentPositions[position] = parentPosition
            }
        }
        self.parentPositions = parentPositions
    }

    /// Whether a task is or was in the tree of subtasks: changing it may
    /// change which tasks are whose, or a parent's progress.
    private func isInTree(id: Int64, parentID: Int64?) -> Bool {
        parentID != nil || tree.progress(of: id) != nil || tree.problem(of: id) != nil
    }

    /// Reads the tasks with these ids again (after the view changed them):
    /// each is put in its place, or taken out when it is gone.
    public func refresh(ids: [Int64], from store: TaskStore) throws {
        var found = Set<Int64>()
        var treeChanged = false
        try store.forEachOutline(ids: ids) { outline in
            found.insert(outline.id)
            if isInTree(id: outline.id, parentID: outline.parentID)
                || positions[outline.id].map({ self.facts[Int($0)].parentID != nil }) == true {
                treeChanged = true
            }
            let row = Self.row(of: outline, timeRules: timeRules, now: now)
            let facts = Self.facts(of: outline, titles: &titles, lists: &listBytes, categories: &categoryBytes)
            let position: Int
            if let known = positions[outline.id].map(Int.init) {
                position = known
                remove(fromOrder: position)
                blankKeys(of: position)
                rows[position] = row
                self.facts[position] = facts
            } else {
                position = rows.count
                positions[outline.id] = Int32(position)
                rows.append(row)
                self.facts.append(facts)
            }
            keyStarts.append(Int32(keys.count))
            keyOwners.append(Int32(position))
            Self.appendKeys(of: outline, to: &keys)
            insert(intoOrder: position)
        }
        lists = listBytes.map { String(decoding: $0, as: UTF8.self) }
        categoryKeys = categoryBytes.map { String(decoding: $0, as: UTF8.self) }
        for id in ids where !found.contains(id) {
            guard let position = positions[id].map(Int.init) else { continue }
            if isInTree(id: id, parentID: facts[position].parentID) { treeChanged = true }
            remove(fromOrder: position)
            blankKeys(of: position)
            positions[id] = nil
            facts[position].isGone = true
        }
        if treeChanged { rebuildTree() }
    }

    /// Works out every row's state and group at `now` again, and their
    /// order: a task passes from Today to Overdue at its due instant.
    public func regroup(at now: Date) {
        self.now = now
        let timeRules = timeRules
        for position in rows.indices where !facts[position].isGone {
            let facts = facts[position]
            rows[position] = ListRow(id: rows[position].id, priority: rows[position].priority,
                                     standing: timeRules.standing(due: facts.due, isCompleted: facts.isCompleted, at: now),
                                     created: rows[position].created)
        }
        reorder()
    }

    /// Orders the rows by `sort`.
    public func order(by sort: ListOrder) {
        self.sort = sort
        reorder()
    }

    /// The first instant after `now` at which a task changes state or group
    /// (due soon, overdue, today): when the counts and groups must be
    /// worked out again. Nil when none will.
    public func nextRegrouping() -> Date? {
        nextRegrouping(among: rows.indices)
    }

    /// `nextRegrouping()` among the tasks with these ids alone.
    public func nextRegrouping(of ids: [Int64]) -> Date? {
        nextRegrouping(among: ids.compactMap { positions[$0].map(Int.init) })
    }

    private func nextRegrouping(among positions: some Sequence<Int>) -> Date? {
        var next = Double.infinity
        let now = now.timeIntervalSince1970
        let window = timeRules.policy.dueSoonWindow
        for position in positions where !facts[position].isGone && !facts[position].isCompleted {
            let due = rows[position].dueKey
            guard due.isFinite else { continue }
            if due > now { next = min(next, due) }
            if due - window > now { next = min(next, due - window) }
        }
        // A task waiting to start is shown from its start on.
        for position in positions where !facts[position].isGone && !facts[position].isCompleted {
            guard let start = facts[position].start else { continue }
            let instant = timeRules.startInstant(of: start).timeIntervalSince1970
            if instant > now { next = min(next, instant) }
        }
        // A day's start moves tasks due on it into Today.
        let tomorrow = timeRules.clock.startOfDay(timeRules.clock.day(of: self.now).adding(days: 1)).timeIntervalSince1970
        next = min(next, tomorrow)
        return next.isFinite ? Date(timeIntervalSince1970: next) : nil
    }

    /// The title of the task at `position`, as written.
    public func title(at position: Int) -> String {
        let facts = facts[position]
        return titles.withUnsafeBufferPointer { buffer in
            String(decoding: buffer[Int(facts.titleStart)..<Int(facts.titleStart + facts.titleLength)], as: UTF8.self)
        }
    }

    /// The position of the row of the task with this id.
    public func position(of id: Int64) -> Int? {
        positions[id].map(Int.init)
    }

    // MARK: - Filtering

    /// What the filters let through, in order, and what the footer counts.
    public struct Filtered {
        /// The rows shown, as positions, in order.
        public var shown: [Int32] = []
        /// How deep each row shown is indented, as a subtask (by offset
        /// among those shown); empty when none is.
        public var depths: [Int] = []
        /// Where each group's rows start among those shown, in order.
        public var groupStarts: [(group: TaskGroup, start: Int)] = []
        public var summary = ListSummary()

        public init() {}
    }

    /// The rows `filters` let through, in order, each subtask under its
    /// parent when that is shown (as `list` places them), and the footer's
    /// counts: over the list, priority, category and search, done ones and
    /// waiting ones included, as `list` counts. Done tasks and those
    /// waiting to start show together, as `list --all` shows them.
    public func filter(_ filters: ViewFilters) -> Filtered {
        // The store's own list is the tasks of no folder (-1).
        let list: Int32? = filters.list.map { path in
            path == ViewStore.localList ? -1 : lists.firstIndex(of: path).map(Int32.init) ?? -2
        }
        let category: Int32? = filters.categoryKey.map { key in categoryKeys.firstIndex(of: key).map(Int32.init) ?? -2 }
        let priority = filters.priority
        let found = search(UnicodeFolding.fold(filters.search))
        let shows = ListFilter(all: filters.showsDone)
        var result = Filtered()
        for slot in ordered {
            if let found, !found[Int(slot.position)] { continue }
            if let list, slot.list != list { continue }
            if let category, slot.category != category { continue }
            if let priority, slot.priority != priority { continue }
            result.summary.count(slot.state)
            if slot.isWaiting { result.summary.waiting += 1 }
            guard shows.shows(isCompleted: slot.state == .completed, slot.state, isWaiting: slot.isWaiting) else { continue }
            if result.groupStarts.last?.group != slot.group { result.groupStarts.append((slot.group, result.shown.count)) }
            result.shown.append(slot.position)
        }
        if !parentPositions.isEmpty { nest(&result) }
        return result
    }

    /// Moves each subtask shown under its parent, when that is shown too,
    /// into its group (`ListOrder.nest`), and marks where groups start again.
    private func nest(_ result: inout Filtered) {
        var isShown = [Bool](repeating: false, count: rows.count)
        for position in result.shown { isShown[Int(position)] = true }
        let parentPositions = parentPositions
        let nested = ListOrder.nest(result.shown, count: rows.count) { position -> Int32? in
            // A task added since the tree was made has no parent in it.
            guard Int(position) < parentPositions.count else { return nil }
            let parent = parentPositions[Int(position)]
            return parent >= 0 && isShown[Int(parent)] ? parent : nil
        }
        guard nested.depths.contains(where: { $0 > 0 }) else { return }
        result.shown = nested.positions
        result.depths = nested.depths
        result.groupStarts = []
        for (offset, position) in nested.positions.enumerated() where nested.depths[offset] == 0 {
            let group = rows[Int(position)].group
            if result.groupStarts.last?.group != group { result.groupStarts.append((group, offset)) }
        }
    }

    /// Which positions' keys hold `needle`, bytes compared as SQLite's
    /// `instr` compares the store's folded keys; nil for no search.
    private func search(_ needle: String) -> [Bool]? {
        guard !needle.isEmpty else { return nil }
        var found = [Bool](repeating: false, count: rows.count)
        let needle = Array(needle.utf8)
        let (keyStarts, keyOwners) = (keyStarts, keyOwners)
        keys.withUnsafeBytes { keys in
            needle.withUnsafeBytes { needle in
                guard let base = keys.baseAddress, let pattern = needle.baseAddress else { return }
                var offset = 0
                // The keys a hit is in: the last to start at or before it.
                // Hits come in order, so the look goes on from the last one.
                var entry = 0
                while offset < keys.count, let hit = memmem(base + offset, keys.count - offset, pattern, needle.count) {
                    let at = Int32(base.distance(to: UnsafeRawPointer(hit)))
                    while entry + 1 < keyStarts.count, keyStarts[entry + 1] <= at { entry += 1 }
                    found[Int(keyOwners[entry])] = true
                    // On to the next task's keys: one match is enough.
                    offset = entry + 1 < keyStarts.count ? Int(keyStarts[entry + 1]) : keys.count
                }
            }
        }
        return found
    }

    // MARK: - Rows

    private static func row(of outline: TaskOutline, timeRules: TimeRules, now: Date) -> ListRow {
        ListRow(id: outline.id, priority: outline.priority,
                standing: timeRules.standing(due: outline.due, isCompleted: outline.isCompleted, at: now),
                created: outline.createdAt)
    }

    private static func facts(of outline: TaskOutline, titles: inout [UInt8], lists: inout [[UInt8]], categories: inout [[UInt8]]) -> Facts {
        let start = Int32(titles.count)
        titles.append(contentsOf: outline.title)
        return Facts(due: outline.due, isCompleted: outline.isCompleted, start: outline.start, parentID: outline.parentID,
                     list: outline.list.isEmpty ? -1 : intern(outline.list, in: &lists),
                     category: intern(outline.categoryKey, in: &categories),
                     titleStart: start, titleLength: Int32(outline.title.count))
    }

    private static func appendKeys(of outline: TaskOutline, to keys: inout [UInt8]) {
        keys.append(contentsOf: outline.titleKey)
        keys.append(0)
        keys.append(contentsOf: outline.notesKey)
        keys.append(0)
    }

    /// Blanks the keys of the task at `position` where they are now, so
    /// that a search no longer finds them there.
    private func blankKeys(of position: Int) {
        guard let entry = keyOwners.lastIndex(of: Int32(position)) else { return }
        let end = entry + 1 < keyStarts.count ? Int(keyStarts[entry + 1]) : keys.count
        for offset in Int(keyStarts[entry])..<end { keys[offset] = 0 }
    }

    /// The position of `bytes` among `names`, added when new: a handful of
    /// lists and categories, so a look along them costs less than a table.
    private static func intern(_ bytes: UnsafeBufferPointer<UInt8>, in names: inout [[UInt8]]) -> Int32 {
        for (index, name) in names.enumerated() where name.count == bytes.count {
            let equal = name.withUnsafeBytes { name in
                guard let left = name.baseAddress, let right = bytes.baseAddress else { return true }
                return memcmp(left, right, bytes.count) == 0
            }
            if equal { return Int32(index) }
        }
        names.append(Array(bytes))
        return Int32(names.count - 1)
    }

    // MARK: - Order

    /// A row in the order, with what the filters look at.
    private struct Slot {
        let position: Int32
        let list: Int32
        let category: Int32
        let priority: Priority
        let state: DueState
        let group: TaskGroup
        let isWaiting: Bool
    }

    private func slot(_ position: Int) -> Slot {
        let (row, facts) = (rows[position], facts[position])
        // Only a task with a start can wait: the others skip the question.
        let isWaiting = facts.hasStart
            && timeRules.isWaiting(start: facts.start, due: facts.due, isCompleted: facts.isCompleted, at: now)
        return Slot(position: Int32(position), list: facts.list, category: facts.category,
                    priority: row.priority, state: row.state, group: row.group, isWaiting: isWaiting)
    }

    /// Whether the task at `position` is waiting to start.
    public func isWaiting(at position: Int) -> Bool {
        let facts = facts[position]
        return facts.hasStart && timeRules.isWaiting(start: facts.start, due: facts.due, isCompleted: facts.isCompleted, at: now)
    }

    /// What a row is ordered by, kept together so that sorting 100,000
    /// rows compares values next to each other in memory.
    private struct SortKey {
        let row: ListRow
        let position: Int32
    }

    private func reorder() {
        let sort = sort
        var keys: [SortKey] = []
        keys.reserveCapacity(rows.count)
        for position in rows.indices where !facts[position].isGone {
            keys.append(SortKey(row: rows[position], position: Int32(position)))
        }
        if sort == .title {
            let titles = rows.indices.map { title(at: $0) }
            keys.sort { a, b in sort.precedes(a.row, b.row, titles: (titles[Int(a.position)], titles[Int(b.position)])) }
        } else {
            keys.sort { a, b in sort.precedes(a.row, b.row) }
        }
        ordered = keys.map { slot(Int($0.position)) }
    }

    private func remove(fromOrder position: Int) {
        if let index = ordered.firstIndex(where: { $0.position == Int32(position) }) { ordered.remove(at: index) }
    }

    /// Puts the row at `position` into the order where `sort` places it.
    private func insert(intoOrder position: Int) {
        let row = rows[position]
        let title = sort == .title ? self.title(at: position) : nil
        var low = 0
        var high = ordered.count
        while low < high {
            let middle = (low + high) / 2
            let other = Int(ordered[middle].position)
            let titles = title.map { ($0, self.title(at: other)) }
            if sort.precedes(rows[other], row, titles: titles) { low = middle + 1 } else { high = middle }
        }
        ordered.insert(slot(position), at: low)
    }
}
