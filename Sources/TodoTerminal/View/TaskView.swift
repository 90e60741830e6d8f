import FoundationEssentials
import TodoConfig
import TodoCore
import TodoListing
import TodoNotify
import TodoRecurrence
import TodoStore
import TodoSync
import TodoViewModel

/// The interactive view's state and what each key does to it: the list
/// as `list` orders it (through `TaskIndex`), the selection, the filters,
/// the search, the form, the questions; and every change made through the
/// store's writes (`ViewStore`). No terminal: a key goes in, and the screen
/// comes out as cells (`screen(width:height:now:)`), so all of it is tested
/// with a real store and no ncurses.
public final class TaskView {
    public let data: ViewStore
    let index: TaskIndex
    public private(set) var mode: ViewMode = .list
    public private(set) var filters: ViewFilters
    private(set) var filtered = TaskIndex.Filtered()
    /// Where each group's rows start among the rows shown, in order.
    private(set) var groupStarts: [(group: TaskGroup, start: Int)] = []
    /// The selected row, among those shown, and its task.
    private(set) var selection = 0
    public private(set) var selectedID: Int64?
    /// The first line of the list on screen (group titles count as lines).
    private(set) var top = 0
    /// How many lines of the list the last screen had room for, and where
    /// they began: what a page is, and which row a click is on.
    var bodyLines = 20
    var bodyTop = 1
    public private(set) var form: TaskForm?
    private(set) var searchLine = TextLine()
    private(set) var snoozeLine = TextLine()
    public private(set) var message: ViewMessage?
    /// The categories in use (`c` cycles them), read when `c` is pressed.
    private(set) var categories: [(key: String, name: String)] = []
    /// When the rows' states and groups must be worked out again.
    private var nextRegrouping: Date?
    let colors: Bool
    /// The instants the words on screen count from (dues, reminders): the
    /// last screen noted them, for `nextChange(after:)`.
    var shownInstants: [Date] = []
    /// The lists Tab goes through, and the tab bar shows (`ViewStore.listTabs`).
    private(set) var tabs: [(path: String?, name: String)] = []

    /// - Parameters:
    ///   - list: the folder path of the list to show first; nil for all.
    ///   - colors: whether states are drawn in colour (not with `NO_COLOR`
    ///     or `--color never`: then the selection is reverse video alone).
    public init(data: ViewStore, list: String? = nil, colors: Bool = true, now: Date) throws {
        self.data = data
        self.colors = colors
        index = TaskIndex(timeRules: data.timeRules, now: now)
        filters = ViewFilters(list: list)
        try reload(now: now)
    }

    // MARK: - Reading

    /// Reads every task again: at start, and after a change made elsewhere
    /// (another command, the daemon, a file read in). The selection stays
    /// on the same task.
    public func reload(now: Date) throws {
        try index.reload(from: data.store, now: now)
        tabs = try data.listTabs()
        nextRegrouping = index.nextRegrouping()
        refilter()
    }

    /// Time passed: a task whose due instant came is overdue now, one due
    /// within the window due soon, one due today in Today.
    public func timePassed(now: Date) {
        guard let next = nextRegrouping, now >= next else { return }
        index.regroup(at: now)
        nextRegrouping = index.nextRegrouping()
        refilter()
    }

    /// Filters again, keeping the selection on the same task when it is
    /// still shown (else at the same place).
    private func refilter() {
        filtered = index.filter(filters)
        groupStarts = filtered.groupStarts
        if let selectedID, let position = index.position(of: selectedID),
           let found = filtered.shown.firstIndex(of: Int32(position)) {
            select(found)
        } else {
            select(selection)
        }
    }

    /// The tasks of the rows shown, in order, as positions in the index.
    var shownCount: Int { filtered.shown.count }

    func row(at offset: Int) -> ListRow { index.rows[Int(filtered.shown[offset])] }

    /// How deep the row at `offset` is indented: 1 for a subtask under its parent.
    func depth(at offset: Int) -> Int { filtered.depths.isEmpty ? 0 : filtered.depths[offset] }

    /// Whether the task of the row at `offset` is waiting to start.
    func isWaiting(at offset: Int) -> Bool { index.isWaiting(at: Int(filtered.shown[offset])) }

    // MARK: - Lines

    /// The lines of the list: each group's title, then its rows.
    var lineCount: Int { filtered.shown.count + groupStarts.count }

    /// The line of the row at `offset`.
    func line(ofRow offset: Int) -> Int {
        offset + groupStarts.prefix { $0.start <= offset }.count
    }

    /// What is on `line`: a group's title or a row (by offset among those shown).
    func content(ofLine line: Int) -> (group: TaskGroup?, row: Int?) {
        for (number, entry) in groupStarts.enumerated() {
            let title = entry.start + number
            let end = number + 1 < groupStarts.count ? groupStarts[number + 1].start : shownCount
            if line == title { return (entry.group, nil) }
            if line > title, line <= title + (end - entry.start) { return (nil, line - title - 1 + entry.start) }
        }
        return (nil, nil)
    }

    // MARK: - Selection

    private func select(_ offset: Int) {
        guard shownCount > 0 else {
            selection = 0
            selectedID = nil
            top = 0
            return
        }
        selection = min(max(0, offset), shownCount - 1)
        selectedID = row(at: selection).id
        keepSelectionOnScreen()
    }

    /// Scrolls so that the selected row is on screen, with its group's
    /// title when it is its group's first.
    private func keepSelectionOnScreen() {
        let line = line(ofRow: selection)
        let first = groupStarts.contains { $0.start == selection } ? line - 1 : line
        if first < top { top = max(0, first) }
        if line >= top + bodyLines { top = line - bodyLines + 1 }
        top = max(0, min(top, max(0, lineCount - bodyLines)))
    }

    /// The room the screen has for the list's lines, from `layout`.
    func setBody(top: Int, lines: Int) {
        bodyTop = top
        bodyLines = max(1, lines)
        keepSelectionOnScreen()
    }

    // MARK: - Keys

    /// Does what `key` means in the mode the view is in, at `now`.
    ///
    /// - Returns: false when the key asks to quit.
    public func handle(_ key: Key, now: Date) -> Bool {
        let intention = KeyMap.intention(of: key, in: mode)
        switch mode {
        case .list: return handleList(intention, now: now)
        case .search: handleSearch(intention)
        case .form: handleForm(intention, now: now)
        case .confirmDelete(let id): handleDelete(intention, id: id, now: now)
        case .confirmDoneWithSubtasks(let id): handleDoneWithSubtasks(intention, id: id, now: now)
        case .snoozeChoice(let id): handleSnoozeChoice(intention, id: id, now: now)
        case .snoozeWhen(let id): handleSnoozeWhen(intention, id: id, now: now)
        case .help: if intention == .cancel { mode = .list }
        }
        return true
    }

    private func handleList(_ intention: Intention, now: Date) -> Bool {
        if intention != .ignored { message = nil }
        switch intention {
        case .moveDown: select(selection + 1)
        case .moveUp: select(selection - 1)
        case .moveToFirst: select(0)
        case .moveToLast: select(shownCount - 1)
        case .pageDown: select(selection + bodyLines)
        case .pageUp: select(selection - bodyLines)
        case .select(let screenRow):
            if let offset = content(ofLine: top + screenRow - bodyTop).row, screenRow >= bodyTop, screenRow < bodyTop + bodyLines {
                select(offset)
            }
        case .scroll(let lines):
            top = max(0, min(top + lines, max(0, lineCount - bodyLines)))
            // The selection follows onto the lines shown.
            let line = line(ofRow: selection)
            if line < top, let offset = firstRow(from: top) { select(offset) }
            if line >= top + bodyLines, let offset = lastRow(before: top + bodyLines) { select(offset) }
        case .add:
            form = TaskForm(adding: formContext(now: now))
            mode = .form
        case .edit:
            guard let task = selectedTask() else { return true }
            form = TaskForm(editing: task, context: formContext(now: now))
            mode = .form
        case .toggleDone: toggleDone(now: now)
        case .delete:
            guard let id = selectedID else { return true }
            mode = .confirmDelete(taskID: id)
        case .toggleReminder: toggleReminder(now: now)
        case .snooze: startSnooze(now: now)
        case .undo: undo(now: now)
        case .search:
            searchLine = TextLine(filters.search)
            mode = .search
        case .nextList: cycleList(by: 1)
        case .previousList: cycleList(by: -1)
        case .cyclePriority:
            filters.priority = ViewFilters.priority(after: filters.priority)
            refilter()
        case .cycleCategory:
            // Read when asked for: a change must not cost a look at every task.
            do {
                categories = try data.store.categories()
            } catch {
                message = .refused(TaskForm.sentence(error))
            }
            let keys = [nil] + categories.map(\.key)
            let next = keys[((keys.firstIndex(of: filters.categoryKey) ?? 0) + 1) % keys.count]
            filters.category = next.map { key in (key, categories.first { $0.key == key }?.name ?? key) }
            refilter()
        case .cycleSort:
            filters.sort = ViewFilters.sort(after: filters.sort)
            index.order(by: filters.sort)
            refilter()
        case .toggleShowDone:
            filters.showsDone.toggle()
            refilter()
        case .help: mode = .help
        case .quit: return false
        case .cancel:
            if !filters.search.isEmpty {
                filters.search = ""
                refilter()
            }
        default: break
        }
        return true
    }

    private func firstRow(from line: Int) -> Int? {
        (line..<max(line, lineCount)).lazy.compactMap { self.content(ofLine: $0).row }.first
    }

    private func lastRow(before line: Int) -> Int? {
        stride(from: min(line, lineCount) - 1, through: 0, by: -1).lazy.compactMap { self.content(ofLine: $0).row }.first
    }

    private func cycleList(by step: Int) {
        let paths = tabs.map(\.path)
        guard paths.count > 1 else {
            message = .said("There is one list: lists in iCalendar folders come with [[calendar]] in the config.")
            return
        }
        let current = paths.firstIndex(of: filters.list) ?? 0
        filters.list = paths[(current + step + paths.count) % paths.count]
        refilter()
    }

    private func handleSearch(_ intention: Intention) {
        switch intention {
        case .confirm: mode = .list
        case .cancel:
            searchLine = TextLine()
            filters.search = ""
            mode = .list
            refilter()
        case .moveDown: select(selection + 1)
        case .moveUp: select(selection - 1)
        case .scroll(let lines): select(selection + lines)
        default:
            guard searchLine.apply(intention) else { return }
            filters.search = searchLine.text
            refilter()
        }
    }

    // MARK: - Changes

    /// The task selected, as it is in the store now.
    func selectedTask() -> TodoTask? {
        guard let selectedID else { return nil }
        do {
            return try data.store.task(id: selectedID)
        } catch {
            message = .refused(error.readableDescription)
            return nil
        }
    }

    func formContext(now: Date) -> FormContext {
        FormContext(now: now, timeRules: data.timeRules, zone: data.zone, lists: data.lists,
                    defaultReminder: data.settings.defaultReminder, store: data.store)
    }

    func describer(now: Date, style: Style = Style(enabled: false)) -> TaskDescriber {
        var describer = TaskDescriber(timeRules: data.timeRules, now: now, style: style)
        describer.listNames = data.listNames
        return describer
    }

    /// Runs a change through the store; then the tasks it touched are read
    /// again, written into their files, and the message says what it did,
    /// or why it could not be done.
    private func change(now: Date, _ body: (TaskChanges) throws -> TaskChanges.Outcome) {
        do {
            let outcome = try body(TaskChanges(data: data, now: now))
            let (ids, said) = (outcome.ids, outcome.said)
            try index.refresh(ids: ids, from: data.store)
            // A wake-up too early costs nothing; the changed tasks may only bring it closer.
            let changedNext = index.nextRegrouping(of: ids)
            nextRegrouping = [nextRegrouping, changedNext].compactMap { $0 }.min()
            refilter()
            if let warning = data.writeOut(now: now) {
                message = .refused(said + " " + warning)
            } else {
                message = .said(said)
            }
        } catch {
            message = .refused(TaskForm.sentence(error))
        }
    }

    private func toggleDone(now: Date) {
        guard let task = selectedTask() else { return }
        // A parent with open subtasks: asked first, as `done` asks on a terminal.
        if !task.isCompleted, !TaskChanges(data: data, now: now).openSubtasks(of: task.id).isEmpty {
            mode = .confirmDoneWithSubtasks(taskID: task.id)
            return
        }
        change(now: now) { try $0.toggleDone(task) }
    }

    /// The subtasks of the task, theirs too (`TaskStore.subtasks`); none
    /// when they cannot be read (the change then says why).
    func subtasks(of id: Int64, includingCompleted: Bool) -> [TodoTask] {
        TaskChanges(data: data, now: Date()).subtasks(of: id, includingCompleted: includingCompleted)
    }

    /// `y` completes the parent and its open subtasks, as `done
    /// --with-subtasks` does; any other key changes nothing.
    private func handleDoneWithSubtasks(_ intention: Intention, id: Int64, now: Date) {
        mode = .list
        guard intention == .answer("y") || intention == .answer("Y") else {
            message = .said("Nothing changed.")
            return
        }
        change(now: now) { try $0.completeWithSubtasks(id: id) }
    }

    /// `y` deletes the task, and its subtasks with it, as `delete
    /// --with-subtasks` does (the question named them).
    private func handleDelete(_ intention: Intention, id: Int64, now: Date) {
        mode = .list
        guard intention == .answer("y") || intention == .answer("Y") else {
            message = .said("Nothing deleted.")
            return
        }
        change(now: now) { changes in
            var outcome = try changes.delete(id: id)
            outcome.said += " u undoes it."
            return outcome
        }
    }

    private func toggleReminder(now: Date) {
        guard let task = selectedTask() else { return }
        change(now: now) { try $0.toggleReminder(task) }
    }

    private func startSnooze(now: Date) {
        guard let task = selectedTask() else { return }
        if task.isCompleted {
            message = .refused("Task \(task.id) “\(task.title.safeForTerminal)” is done, so it has nothing to be reminded of: x reopens it.")
        } else if !task.reminderOn {
            message = .refused("Task \(task.id) “\(task.title.safeForTerminal)” has its reminder off, so a snooze would never fire: r switches it on.")
        } else {
            mode = .snoozeChoice(taskID: task.id)
        }
    }

    /// The snooze choices of the config, as `1`…`n` offer them.
    var snoozeChoices: [String] { data.settings.snoozeChoices }

    private func handleSnoozeChoice(_ intention: Intention, id: Int64, now: Date) {
        switch intention {
        case .answer(let character):
            if let number = character.wholeNumberValue, number >= 1, number <= snoozeChoices.count {
                snooze(id, until: snoozeChoices[number - 1], now: now)
            } else {
                snoozeLine = TextLine(String(character))
                mode = .snoozeWhen(taskID: id)
            }
        case .confirm: snooze(id, until: SnoozeLength.unsaid, now: now)
        case .cancel: mode = .list
        default: break
        }
    }

    private func handleSnoozeWhen(_ intention: Intention, id: Int64, now: Date) {
        switch intention {
        case .confirm: snooze(id, until: snoozeLine.text, now: now)
        case .cancel: mode = .list
        default:
            if snoozeLine.apply(intention) { message = nil }
        }
    }

    /// Snoozes the task until the WHEN `text` says, as `snooze` reads it; a
    /// WHEN that does not read keeps the question open with its sentence.
    private func snooze(_ id: Int64, until text: String, now: Date) {
        let until: Date
        do {
            until = try WhenParser(now: now, clock: data.timeRules.clock)
                .snoozeInstant(from: text, dayTime: data.settings.policy.reminderTime)
        } catch {
            message = .refused(error.message)
            if case .snoozeChoice = mode { snoozeLine = TextLine(text) }
            mode = .snoozeWhen(taskID: id)
            return
        }
        mode = .list
        change(now: now) { try $0.snooze(id: id, until: until) }
    }

    private func undo(now: Date) {
        change(now: now) { changes in
            try changes.undo() ?? TaskChanges.Outcome(ids: [], said: "Nothing to undo: no change made here since the view opened is left.")
        }
    }

    private func handleForm(_ intention: Intention, now: Date) {
        guard var form else { return }
        switch intention {
        case .cancel:
            self.form = nil
            mode = .list
            return
        case .confirm:
            let context = formContext(now: now)
            if let id = form.taskID {
                guard let change = form.change(in: context) else { break }
                guard let task = try? data.store.task(id: id) else {
                    message = .refused("Task \(id) is gone: it was deleted elsewhere.")
                    self.form = nil
                    mode = .list
                    return
                }
                guard form.check(change, on: task) else { break }
                if form.changedFields.isEmpty {
                    message = .said("Nothing changed.")
                } else {
                    self.change(now: now) { try $0.edit(id: id, change) }
                }
            } else {
                guard let draft = form.draft(in: context) else { break }
                change(now: now) { changes in
                    let (task, outcome) = try changes.add(draft)
                    selectedID = task.id
                    return outcome
                }
            }
            if message?.isError != true {
                self.form = nil
                mode = .list
                return
            }
        default:
            form.apply(intention)
        }
        self.form = form
    }

    // MARK: - Time

    /// The next instant after `now` at which the screen would change with
    /// nothing else happening: the minute of the clock in the header; a
    /// task's state or group (its due, the due-soon window, a new day); the
    /// next reminder of a task on screen firing; the words "in 45 min" of an
    /// instant on screen, which change at each half minute from it; and
    /// midnight, when "today" becomes "yesterday".
    public func nextChange(after now: Date) -> Date {
        let seconds = now.timeIntervalSince1970
        var next = (seconds / 60).rounded(.down) * 60 + 60
        if let nextRegrouping { next = min(next, nextRegrouping.timeIntervalSince1970) }
        let clock = data.timeRules.clock
        next = min(next, clock.startOfDay(clock.day(of: now).adding(days: 1)).timeIntervalSince1970)
        for instant in shownInstants {
            let at = instant.timeIntervalSince1970
            if at > seconds { next = min(next, at) }
            // Minutes are counted under 48 hours, rounded half away from
            // zero: "in 45 min" becomes "in 44 min" just after 44½ minutes
            // remain, and "44 min ago" becomes "45 min ago" at 44½ minutes.
            guard abs(at - seconds) < 49 * 3600 else { continue }
            let first = ((seconds - at - 30) / 60).rounded(.down)
            for step in [first, first + 1] {
                let mark = at + 30 + step * 60
                let change = mark < at ? mark + 0.001 : mark
                if change > seconds { next = min(next, change) }
            }
        }
        return Date(timeIntervalSince1970: next)
    }
}
