import FoundationEssentials
import TodoCore
import TodoListing
import TodoNotify
import TodoStore
import TodoSync
import TodoViewModel

/// The screen: a header (the list shown, the filters, the time), the list in
/// `list`'s groups with its marks and columns, a footer (what a key did, the
/// progress, the keys of the mode), and at 100 columns or more the selected
/// task as `show` describes it, in a pane that takes only the room the
/// titles do not need (`paneWidth`). Only the rows on screen are read and put
/// into words.
extension TaskView {
    /// Below this the view says the window is too small.
    public static let minimumWidth = 40
    public static let minimumHeight = 10
    /// From this width the selected task is shown beside the list.
    public static let detailWidth = 100

    /// The screen at `width` × `height`, as of `now`.
    public func screen(width: Int, height: Int, now: Date) -> Screen {
        var screen = Screen(width: width, height: height)
        timePassed(now: now)
        guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
            drawTooSmall(into: &screen)
            return screen
        }
        let describer = describer(now: now)
        drawHeader(into: &screen, now: now)
        var bodyTop = 1
        if !data.lists.lists.isEmpty {
            drawTabs(into: &screen, row: 1)
            bodyTop = 2
        }
        let bodyHeight = height - 3 - bodyTop
        setBody(top: bodyTop, lines: bodyHeight)
        shownInstants = []
        switch mode {
        case .form:
            drawForm(into: &screen, top: bodyTop, lines: bodyHeight)
        case .help:
            drawHelp(into: &screen, top: bodyTop, lines: bodyHeight)
        default:
            let (tasks, listWidth) = drawList(into: &screen, top: bodyTop, lines: bodyHeight, width: width, describer: describer)
            let paneWidth = listWidth < width ? width - listWidth - 1 : 0
            if paneWidth > 0 {
                for row in bodyTop..<bodyTop + bodyHeight {
                    screen.put("│", row: row, column: listWidth, style: .dim)
                }
                if let id = selectedID, let task = tasks[id] {
                    drawDetail(task, into: &screen, top: bodyTop, lines: bodyHeight, column: listWidth + 1, width: paneWidth, describer: describer)
                }
            }
        }
        drawFooter(into: &screen, now: now)
        return screen
    }

    private func style(_ style: CellStyle) -> CellStyle {
        colors ? style : style.colorless
    }

    private func drawTooSmall(into screen: inout Screen) {
        let words = "The window is too small: todo-remind needs at least \(Self.minimumWidth) columns and \(Self.minimumHeight) lines (this one is \(screen.width)×\(screen.height))."
        for (number, line) in Self.wrap(words, width: max(1, screen.width)).enumerated() where number < screen.height {
            screen.put(line, row: number, column: 0)
        }
    }

    // MARK: - Header

    private func drawHeader(into screen: inout Screen, now: Date) {
        var words = [listTitle]
        if let priority = filters.priority { words.append("priority \(priority.rawValue)") }
        if let category = filters.category { words.append("category \(category.name)") }
        if !filters.search.isEmpty { words.append("search “\(filters.search)”") }
        if filters.sort != .due { words.append("sorted by \(filters.sort.rawValue)") }
        if filters.showsDone { words.append("done, waiting shown") }
        let clock = data.timeRules.clock
        let day = clock.day(of: now)
        let time = "\(Self.weekdays[day.weekday]) \(day.day) \(Self.months[day.month - 1]) \(clock.timeOfDay(of: now))"
        let timeColumn = screen.width - time.count
        var column = screen.put("todo-remind", row: 0, column: 0, style: .bold, limit: timeColumn - 1)
        column = screen.put(" · " + words.joined(separator: " · "), row: 0, column: column, limit: timeColumn - 1 - column)
        screen.put(time, row: 0, column: timeColumn)
    }

    /// "all lists", or the list shown.
    var listTitle: String {
        guard let path = filters.list else { return data.lists.lists.isEmpty ? "all tasks" : "all lists" }
        if path == ViewStore.localList { return "local" }
        return data.listNames[path] ?? path
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private func drawTabs(into screen: inout Screen, row: Int) {
        var column = 0
        for (number, tab) in tabs.enumerated() {
            if number > 0 { column = screen.put("  ", row: row, column: column) }
            let current = tab.path == filters.list
            column = screen.put(tab.name, row: row, column: column, style: current ? CellStyle(bold: true, underline: true) : .dim)
        }
    }

    // MARK: - List

    /// Draws the lines of the list from `top`, and returns the tasks of the
    /// rows drawn, by id.
    /// The widest and narrowest the pane beside the list is.
    static let paneWidths = 30...56

    /// How wide the pane beside the list is, at `width` columns, for rows
    /// that need `comfortable` columns to keep their titles whole: a third
    /// of the width at most, never taking the room the titles need (the
    /// pane goes first, then the titles narrow), none under `detailWidth`.
    static func paneWidth(width: Int, listNeeds comfortable: Int) -> Int {
        guard width >= detailWidth else { return 0 }
        let pane = min(paneWidths.upperBound, max(36, width / 3), width - comfortable - 1)
        return pane >= paneWidths.lowerBound ? pane : 0
    }

    /// Draws the list in the first columns of `width`, leaving those of the
    /// pane beside it (`paneWidth`); returns the tasks on screen and the
    /// list's width.
    private func drawList(into screen: inout Screen, top: Int, lines: Int, width fullWidth: Int, describer: TaskDescriber)
        -> (tasks: [Int64: TodoTask], width: Int) {
        guard shownCount > 0 else {
            let pane = Self.paneWidth(width: fullWidth, listNeeds: 0)
            let width = pane > 0 ? fullWidth - pane - 1 : fullWidth
            let words = filtered.summary.total == 0 && index.count == 0
                ? "No tasks yet. Press a to add one."
                : "No tasks to show." + (filters == ViewFilters(list: filters.list) ? "" : " p, c, h, / and Tab change what is shown.")
            for (number, line) in Self.wrap(words, width: width).enumerated() where number < lines {
                screen.put(line, row: top + number, column: 0, limit: width)
            }
            return ([:], width)
        }
        let contents = (0..<lines).map { content(ofLine: self.top + $0) }
        let offsets = contents.compactMap(\.row)
        let ids = offsets.map { row(at: $0).id }
        let tasks: [Int64: TodoTask]
        do {
            tasks = try data.store.tasks(ids: ids)
        } catch {
            screen.put(TaskForm.sentence(error), row: top, column: 0, style: style(CellStyle(color: .red)), limit: fullWidth)
            return ([:], fullWidth)
        }
        var maker = RowCells.Maker(describer: describer)
        var cells: [Int64: RowCells] = [:]
        for offset in offsets {
            let id = row(at: offset).id
            guard let task = tasks[id] else { continue }
            // As `list` words them: a parent with its progress, a waiting
            // task with its start, a subtask indented under its parent.
            var made = maker.cells(of: task, progress: index.tree.progress(of: id), isWaiting: isWaiting(at: offset))
            let indent = 2 * depth(at: offset)
            if indent > 0 {
                made.title = String(repeating: " ", count: indent) + made.title
                made.titleWidth += indent
            }
            cells[id] = made
            noteInstants(of: task, describer: describer)
        }
        let rows = ids.compactMap { id in cells[id].map { (id: id, priority: tasks[id]?.priority ?? .medium, cells: $0) } }
        let pane = Self.paneWidth(width: fullWidth, listNeeds: RowColumns.comfortableWidth(of: rows))
        let width = pane > 0 ? fullWidth - pane - 1 : fullWidth
        let columns = RowColumns(fitting: rows, width: width)
        for (number, content) in contents.enumerated() {
            let screenRow = top + number
            if let group = content.group {
                screen.put(group.title, row: screenRow, column: 0, style: .bold, limit: width)
            } else if let offset = content.row {
                let row = row(at: offset)
                guard let made = cells[row.id] else { continue }
                var lineStyle = style(Self.style(of: row.state))
                lineStyle.reverse = offset == selection
                screen.fill(row: screenRow, column: 0, columns: width, style: lineStyle)
                columns.draw(row, made, describer: describer, into: &screen, row: screenRow, style: lineStyle)
            }
        }
        return (tasks, width)
    }

    /// The colour of a row in a state, as `list` paints it.
    static func style(of state: DueState) -> CellStyle {
        switch state {
        case .overdue: CellStyle(color: .red)
        case .dueSoon: CellStyle(color: .orange)
        case .completed: .dim
        case .upcoming, .noDueDate: .plain
        }
    }

    /// The instants at which what is said of `task` on screen changes: its
    /// next reminder firing, and its due and reminders counted from now.
    private func noteInstants(of task: TodoTask, describer: TaskDescriber) {
        if let next = describer.nextFiring(task) { shownInstants.append(next.fire.at) }
        if case .time(let instant) = task.due { shownInstants.append(instant) }
    }

    // MARK: - Detail

    private func drawDetail(_ task: TodoTask, into screen: inout Screen, top: Int, lines: Int, column: Int, width: Int, describer: TaskDescriber) {
        var drawn = 0
        let family = (try? TaskDescriber.Family(of: task, tree: index.tree, tasks: data.store.tasks(ids:))) ?? TaskDescriber.Family()
        for (number, line) in describer.block(task, family: family).enumerated() {
            for piece in Self.wrap(line, width: width - 1, indent: number == 0 ? 0 : 17) {
                guard drawn < lines else { return }
                screen.put(piece, row: top + drawn, column: column + 1, style: number == 0 ? .bold : .plain, limit: width - 1)
                drawn += 1
            }
        }
        for reminder in data.timeRules.listedReminders(for: task) {
            shownInstants.append(reminder.at)
            shownInstants.append(data.timeRules.fireTime(of: reminder, priority: task.priority).at)
        }
    }

    // MARK: - Footer

    private func drawFooter(into screen: inout Screen, now: Date) {
        let width = screen.width
        let messageRow = screen.height - 3
        let progressRow = screen.height - 2
        let keysRow = screen.height - 1
        switch mode {
        case .search:
            let column = screen.put("/", row: messageRow, column: 0, style: .bold)
            screen.put(searchLine.text, row: messageRow, column: column)
            screen.cursor = (messageRow, column + Screen.width(of: searchLine.beforeCursor))
        case .confirmDelete(let id):
            let title = (try? data.store.task(id: id))?.map(\.title) ?? "task \(id)"
            // A parent goes with its subtasks, as `delete` asks on a terminal.
            let subtasks = subtasks(of: id, includingCompleted: true)
            let with = subtasks.isEmpty ? "" : " and its " + TaskDescriber.count(subtasks)
            screen.put("Delete “\(title.safeForTerminal)”\(with)? (y/n)", row: messageRow, column: 0, style: .bold)
        case .confirmDoneWithSubtasks(let id):
            let title = (try? data.store.task(id: id))?.map(\.title) ?? ""
            let subtasks = subtasks(of: id, includingCompleted: false)
            screen.put("Task \(id) “\(title.safeForTerminal)” has \(TaskDescriber.count(subtasks)). Mark them done too? (y/n)",
                       row: messageRow, column: 0, style: .bold)
        case .snoozeChoice(let id):
            let title = (try? data.store.task(id: id))?.map(\.title) ?? "task \(id)"
            let choices = snoozeChoices.enumerated().map { "\($0.offset + 1) \(ActionRequest.snoozeLabel(for: $0.element).dropFirst("Snooze ".count))" }
            screen.put("Snooze “\(title)”: " + (choices + ["or type a WHEN"]).joined(separator: " · "), row: messageRow, column: 0, style: .bold)
        case .snoozeWhen(let id):
            let title = (try? data.store.task(id: id))?.map(\.title) ?? "task \(id)"
            let column = screen.put("Snooze “\(title)” until: ", row: messageRow, column: 0, style: .bold)
            screen.put(snoozeLine.text, row: messageRow, column: column)
            screen.cursor = (messageRow, min(width - 1, column + Screen.width(of: snoozeLine.beforeCursor)))
        default:
            break
        }
        if let message {
            let row = [ViewMode.list, .form, .help].contains(mode) ? messageRow : progressRow
            screen.fill(row: row, column: 0, columns: width)
            screen.put(message.text, row: row, column: 0, style: style(message.isError ? CellStyle(color: .red, bold: true) : .plain))
        }
        if message == nil || [ViewMode.list, .form, .help].contains(mode) {
            drawProgress(into: &screen, row: progressRow)
        }
        screen.put(keys(fitting: width), row: keysRow, column: 0, style: .dim)
    }

    /// "███░░░░░░░ 3 of 10 done · 1 overdue · 2 due within 24 h"
    private func drawProgress(into screen: inout Screen, row: Int) {
        let summary = filtered.summary
        let barWidth = 10
        let full = summary.total == 0 ? 0 : summary.done * barWidth / summary.total
        var column = screen.put(String(repeating: "█", count: full), row: row, column: 0, style: style(CellStyle(color: .green)))
        column = screen.put(String(repeating: "░", count: barWidth - full), row: row, column: column, style: .dim)
        screen.put(" " + summary.words(dueSoonWindow: data.timeRules.policy.dueSoonWindow), row: row, column: column)
    }

    /// The keys that matter in the mode, as many as fit in `width`
    /// columns: the last ones (help and quit in the list) always.
    func keys(fitting width: Int) -> String {
        let (items, last): ([String], [String]) = switch mode {
        case .list: (["j/k move", "a add", "e edit", "x done", "d delete", "r reminder", "s snooze", "u undo", "/ search", "Tab list"],
                     ["? help", "q quit"])
        case .search: (["type to search", "↑/↓ move"], ["Enter keep it", "Esc clear it"])
        case .form: (["Tab/Shift-Tab field"], ["Enter save", "Esc cancel"])
        case .confirmDelete: ([], ["y delete", "any other key keeps it"])
        case .confirmDoneWithSubtasks: ([], ["y mark them done too", "any other key changes nothing"])
        case .snoozeChoice: (["1–\(snoozeChoices.count) choose", "Enter 1 hour", "type a WHEN"], ["Esc cancel"])
        case .snoozeWhen: ([], ["Enter snooze", "Esc cancel"])
        case .help: ([], ["? or Esc back to the list"])
        }
        // The first ones first: what does not fit goes from the end of `items`.
        var fitted: [String] = []
        for item in items where (fitted + [item] + last).joined(separator: " · ").count <= width {
            fitted.append(item)
        }
        return (fitted + last).joined(separator: " · ")
    }

    // MARK: - Form

    private func drawForm(into screen: inout Screen, top: Int, lines: Int) {
        guard let form else { return }
        var output: [(text: String, style: CellStyle, field: TaskForm.Field?)] = []
        let heading = form.taskID.map { "Edit task \($0)" } ?? "Add a task"
        output.append((heading, .bold, nil))
        for field in TaskForm.Field.allCases {
            output.append(("", .plain, field))
            if let error = form.errors[field] {
                for line in Self.wrap(error, width: screen.width - 12) {
                    output.append(("            " + line, style(CellStyle(color: .red)), nil))
                }
            }
        }
        // The focused field stays on screen.
        let focusLine = output.firstIndex { $0.field == form.focus } ?? 0
        let first = max(0, min(focusLine - lines + 2, output.count - lines))
        for (number, line) in output.dropFirst(max(0, first)).prefix(lines).enumerated() {
            let row = top + number
            guard let field = line.field else {
                screen.put(line.text, row: row, column: 0, style: line.style)
                continue
            }
            let focused = field == form.focus
            screen.put(field.label, row: row, column: 2, style: focused ? .bold : .plain)
            let valueColumn = 12
            let value = form.value(field)
            screen.fill(row: row, column: valueColumn, columns: screen.width - valueColumn, style: focused ? CellStyle(underline: true) : .plain)
            if value.text.isEmpty {
                screen.put(field.hint, row: row, column: valueColumn, style: CellStyle(dim: true, underline: focused))
            } else {
                screen.put(value.text, row: row, column: valueColumn, style: focused ? CellStyle(underline: true) : .plain)
            }
            if focused {
                screen.cursor = (row, min(screen.width - 1, valueColumn + Screen.width(of: value.beforeCursor)))
            }
        }
    }

    // MARK: - Help

    private func drawHelp(into screen: inout Screen, top: Int, lines: Int) {
        let rows = [("Keys", "")] + KeyMap.help.map { ($0.keys, $0.does) }
            + [("", ""), ("Mouse", "a click selects a task, the wheel scrolls")]
        for (number, entry) in rows.prefix(lines).enumerated() {
            let column = screen.put(entry.0, row: top + number, column: 2, style: number == 0 ? .bold : .plain)
            if !entry.1.isEmpty { screen.put(entry.1, row: top + number, column: max(column + 2, 18)) }
        }
    }

    // MARK: - Words

    /// `text` cut into lines at most `width` columns wide, at spaces where
    /// it can be; lines after the first start with `indent` spaces.
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        guard width > indent + 4, Screen.width(of: text) > width else { return [text] }
        // Each word with the spaces before it, kept as they are within a
        // line (show's columns), dropped where a line breaks.
        var tokens: [(spaces: Int, word: Substring)] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let spaces = rest.prefix { $0 == " " }
            rest = rest.dropFirst(spaces.count)
            let word = rest.prefix { $0 != " " }
            rest = rest.dropFirst(word.count)
            tokens.append((spaces.count, word))
        }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for token in tokens {
            let wordWidth = Screen.width(of: String(token.word))
            let room = width - (lines.isEmpty ? 0 : indent)
            if !line.isEmpty, lineWidth + token.spaces + wordWidth > room {
                lines.append(line)
                line = String(token.word)
                lineWidth = wordWidth
            } else {
                line += String(repeating: " ", count: token.spaces) + token.word
                lineWidth += token.spaces + wordWidth
            }
        }
        lines.append(line)
        return lines.enumerated().map { $0.offset == 0 ? $0.element : String(repeating: " ", count: indent) + $0.element }
    }
}
