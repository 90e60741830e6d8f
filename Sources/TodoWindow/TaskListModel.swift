import FoundationEssentials
import TodoCore
import TodoListing
import TodoStore
import TodoViewModel

/// The desktop window's state and what each click or key does to it: the
/// list as `list` groups and orders it (through `TaskIndex`, as the
/// terminal view), the filters, the progress, the toast of the last change;
/// every change made through `TaskChanges`, as the terminal view makes it.
/// No GTK: the window reads `lines` and `row(at:now:)`, and calls these
/// methods from its handlers, so all of it is tested with a real store and
/// no display.
public final class TaskListModel {
    public let data: ViewStore
    let index: TaskIndex
    public private(set) var filters: ViewFilters
    private var filtered = TaskIndex.Filtered()
    /// The group titles and rows, in order, as the list shows them.
    public private(set) var lines: [WindowLine] = []
    /// What the last change said; nil once it has been seen.
    public private(set) var toast: WindowToast?
    /// When the rows' states and groups must be worked out again.
    private var nextRegrouping: Date?
    /// The categories in use, for the category filter: each by its key
    /// (`UnicodeFolding.foldCase`) with its name as first written.
    public private(set) var categories: [(key: String, name: String)] = []
    /// The lists the list filter offers, as the terminal view's tabs: all
    /// lists, each task list in a folder, and the store's own when it holds
    /// tasks beside them (`ViewStore.listTabs`); one entry without folders.
    public private(set) var lists: [(path: String?, name: String)] = []

    /// - Parameter list: the folder path of the list to show first; nil for all.
    public init(data: ViewStore, list: String? = nil, now: Date) throws {
        self.data = data
        index = TaskIndex(timeRules: data.timeRules, now: now)
        filters = ViewFilters(list: list)
        try reload(now: now)
    }

    // MARK: - Reading

    /// Reads every task again: at start, and after a change made elsewhere
    /// (a command, the daemon, the terminal view, a synced file).
    public func reload(now: Date) throws {
        try index.reload(from: data.store, now: now)
        nextRegrouping = index.nextRegrouping()
        try readChoices()
        refilter()
    }

    /// The categories and lists the filters offer, read again: a change may
    /// bring a new one or take the last task of one.
    private func readChoices() throws {
        categories = try data.store.categories()
        lists = try data.listTabs()
    }

    /// Time passed: a task whose due came is overdue now, one due within
    /// the window due soon. Returns whether the lines changed.
    @discardableResult
    public func timePassed(now: Date) -> Bool {
        guard let next = nextRegrouping, now >= next else { return false }
        index.regroup(at: now)
        nextRegrouping = index.nextRegrouping()
        refilter()
        return true
    }

    private func refilter() {
        filtered = index.filter(filters)
        var lines: [WindowLine] = []
        lines.reserveCapacity(filtered.shown.count + filtered.groupStarts.count)
        var starts = filtered.groupStarts[...]
        for offset in filtered.shown.indices {
            if let start = starts.first, start.start == offset {
                lines.append(.group(start.group))
                starts = starts.dropFirst()
            }
            lines.append(.task(offset: offset))
        }
        self.lines = lines
    }

    /// The id of the task on `line`; nil for a group's title.
    public func taskID(atLine line: Int) -> Int64? {
        guard lines.indices.contains(line), case .task(let offset) = lines[line] else { return nil }
        return index.rows[Int(filtered.shown[offset])].id
    }

    /// The line of the task with this id, when it is shown.
    public func line(of id: Int64) -> Int? {
        lines.indices.first { taskID(atLine: $0) == id }
    }

    /// The row on `line`, read from the store and put into `list`'s words
    /// at `now`; nil for a group's title or a task gone since.
    public func row(atLine line: Int, now: Date) -> WindowRow? {
        guard lines.indices.contains(line), case .task(let offset) = lines[line] else { return nil }
        let position = Int(filtered.shown[offset])
        let listRow = index.rows[position]
        guard let task = try? data.store.task(id: listRow.id) else { return nil }
        var maker = RowCells.Maker(describer: describer(now: now))
        let cells = maker.cells(of: task, progress: index.tree.progress(of: task.id), isWaiting: index.isWaiting(at: position))
        // `list`'s columns after the title, in its order.
        let details = [cells.listAndCategory, task.priority.rawValue, cells.due, cells.reminder].filter { !$0.isEmpty }.joined(separator: " · ")
        return WindowRow(
            id: task.id, title: cells.title, details: details, state: listRow.state, priority: task.priority,
            depth: filtered.depths.isEmpty ? 0 : filtered.depths[offset],
            isDone: task.isCompleted, reminderOn: task.reminderOn
        )
    }

    private func describer(now: Date) -> TaskDescriber {
        var describer = TaskDescriber(timeRules: data.timeRules, now: now, style: Style(enabled: false))
        describer.listNames = data.listNames
        return describer
    }

    /// How many of the tasks the filters let through are done: the
    /// progress bar's fraction, counted as `list`'s footer counts.
    public var progress: (done: Int, total: Int) { (filtered.summary.done, filtered.summary.total) }

    /// "3 of 8 done", and how many wait to start, hidden unless done tasks show.
    public var progressWords: String {
        let words = "\(progress.done) of \(progress.total) done"
        let waiting = filtered.summary.waiting
        return waiting == 0 || filters.showsDone ? words : words + " · \(waiting) waiting, hidden"
    }

    /// Said where the list would be when it shows nothing.
    public var emptyWords: String {
        index.count == 0 ? "No tasks yet. Ctrl+N adds one." : "No tasks to show. The search and the filters change what is shown."
    }

    /// Today's calendar events, as `agenda` gives and words them (all-day
    /// ones first, then by start); none without lists in folders. A folder
    /// that cannot be read leaves the pane empty rather than the window.
    public func todayEvents(now: Date) -> [WindowEvent] {
        guard !data.lists.isEmpty else { return [] }
        let clock = data.timeRules.clock
        let today = clock.day(of: now)
        guard let agenda = try? Agenda(store: data.store, lists: data.lists, timeRules: data.timeRules, from: today, count: 1, now: now) else {
            return []
        }
        let words = EventWords(clock: clock, now: clock.startOfDay(today))
        let text = DateText(clock: clock, now: now)
        return agenda.days.flatMap(\.events).map { entry in
            let (time, rest) = entry.line(words: words, text: text)
            return WindowEvent(time: time, text: rest)
        }
    }

    // MARK: - Filters

    public func search(_ text: String) {
        guard text != filters.search else { return }
        filters.search = text
        refilter()
    }

    public func showPriority(_ priority: Priority?) {
        filters.priority = priority
        refilter()
    }

    /// Shows the tasks of one category (by its key), or of all for nil.
    public func showCategory(key: String?) {
        filters.category = key.map { key in (key, categories.first { $0.key == key }?.name ?? key) }
        refilter()
    }

    /// Shows the tasks of one list (by its folder path; `ViewStore.localList`
    /// for the store's own), or of all for nil.
    public func showList(path: String?) {
        filters.list = path
        refilter()
    }

    public func showDone(_ shows: Bool) {
        filters.showsDone = shows
        refilter()
    }

    public func sort(by sort: ListOrder) {
        filters.sort = sort
        index.order(by: sort)
        refilter()
    }

    // MARK: - Changes

    /// The open subtasks a completion of this task would leave: the window
    /// asks first when there are any, as `done` asks.
    public func openSubtasks(of id: Int64, now: Date) -> [TodoTask] {
        TaskChanges(data: data, now: now).openSubtasks(of: id)
    }

    /// Marks the task done, or reopens a done one; with `withSubtasks`,
    /// completes its open subtasks too.
    public func toggleDone(id: Int64, withSubtasks: Bool = false, now: Date) {
        change(now: now, undoable: true) { changes in
            if withSubtasks { return try changes.completeWithSubtasks(id: id) }
            return try changes.toggleDone(try task(id))
        }
    }

    /// Switches the task's reminder on or off.
    public func toggleReminder(id: Int64, now: Date) {
        change(now: now, undoable: true) { try $0.toggleReminder(try task(id)) }
    }

    /// Deletes the task (its subtasks with it); the toast offers Undo.
    public func delete(id: Int64, now: Date) {
        change(now: now, undoable: true) { try $0.delete(id: id) }
    }

    /// Deletes every completed task, as `clear` does, once the window has asked.
    public func clearCompleted(now: Date) {
        change(now: now, undoable: true) { try $0.clearCompleted() }
    }

    /// Undoes the window's last change not undone yet.
    public func undo(now: Date) {
        change(now: now, undoable: false) { changes in
            try changes.undo() ?? TaskChanges.Outcome(ids: [], said: "Nothing to undo: no change made in this window is left.")
        }
    }

    /// Adds the task `form` describes, or changes the task it edits; returns
    /// false, with the form's fields holding their sentences, while a field
    /// does not read.
    public func save(_ form: inout TaskForm, now: Date) -> Bool {
        let context = FormContext(now: now, timeRules: data.timeRules, zone: data.zone, lists: data.lists,
                                  defaultReminder: data.settings.defaultReminder, store: data.store)
        if let id = form.taskID {
            guard let change = form.change(in: context) else { return false }
            guard let task = try? data.store.task(id: id) else {
                toast = WindowToast(text: "Task \(id) is gone: it was deleted elsewhere.", isError: true, canUndo: false)
                return true
            }
            guard form.check(change, on: task) else { return false }
            guard !form.changedFields.isEmpty else { return true }
            self.change(now: now, undoable: true) { try $0.edit(id: id, change) }
        } else {
            guard let draft = form.draft(in: context) else { return false }
            change(now: now, undoable: true) { try $0.add(draft).outcome }
        }
        // A new category or list may have come with it; one left empty by a
        // deletion stays offered until the next reload, showing nothing.
        try? readChoices()
        return true
    }

    /// The form for a new task, with `add`'s defaults.
    public func newForm(now: Date) -> TaskForm {
        TaskForm(adding: formContext(now: now))
    }

    /// The form filled with the task as it is now; nil when it is gone.
    public func editForm(id: Int64, now: Date) -> TaskForm? {
        guard let task = try? data.store.task(id: id) else { return nil }
        return TaskForm(editing: task, context: formContext(now: now))
    }

    private func formContext(now: Date) -> FormContext {
        FormContext(now: now, timeRules: data.timeRules, zone: data.zone, lists: data.lists,
                    defaultReminder: data.settings.defaultReminder, store: data.store)
    }

    /// The toast has been shown.
    public func toastShown() { toast = nil }

    private func task(_ id: Int64) throws -> TodoTask {
        guard let task = try data.store.task(id: id) else { throw StoreError.noSuchTask(id: id) }
        return task
    }

    /// Runs a change through the store; then the tasks it touched are read
    /// again and written into their files, and the toast says what it did,
    /// or why it could not be done.
    private func change(now: Date, undoable: Bool, _ body: (TaskChanges) throws -> TaskChanges.Outcome) {
        do {
            let outcome = try body(TaskChanges(data: data, now: now))
            try index.refresh(ids: outcome.ids, from: data.store)
            let changedNext = index.nextRegrouping(of: outcome.ids)
            nextRegrouping = [nextRegrouping, changedNext].compactMap { $0 }.min()
            refilter()
            if let warning = data.writeOut(now: now) {
                toast = WindowToast(text: outcome.said + " " + warning, isError: true, canUndo: undoable && !outcome.ids.isEmpty)
            } else {
                toast = WindowToast(text: outcome.said, isError: false, canUndo: undoable && !outcome.ids.isEmpty)
            }
        } catch {
            toast = WindowToast(text: TaskForm.sentence(error), isError: true, canUndo: false)
        }
    }

    // MARK: - Time

    /// The next instant the list changes with nothing else happening: the
    /// next minute (the relative words "in 45 min"), or sooner a task's
    /// group or state.
    public func nextChange(after now: Date) -> Date {
        let minute = ((now.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60
        return Date(timeIntervalSince1970: min(minute, nextRegrouping?.timeIntervalSince1970 ?? minute))
    }
}
