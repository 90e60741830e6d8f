import TodoCore

/// `list`'s table: a section per group, aligned columns, and a footer.
///
/// Rows are added as the tasks are read, each task's cells made then and
/// kept as text (`ListCells`), so no task outlives its row; the table is
/// written once every column's width is known.
struct ListTable {
    let describer: TaskDescriber
    /// Whether --category, --priority or --search narrowed the tasks: then an
    /// empty result says nothing matched, not that there are no tasks.
    var filtered = false

    /// Longer titles are cut with "…" so a row stays on one line.
    static let titleWidth = 48

    /// The aligned columns: id (right-aligned), title, category, priority, due.
    private static let columnCount = 5

    private let cells = ListCells()
    /// Each added row's cells, and the widths of its padded ones.
    private var spans: [ListCells.Span] = []
    private var cellWidths: [(Int32, Int32, Int32)] = []
    private var widths = [Int](repeating: 0, count: ListTable.columnCount)

    init(describer: TaskDescriber, filtered: Bool) {
        self.describer = describer
        self.filtered = filtered
    }

    /// A repeating task's mark after its title (" ↻ every week"), with its
    /// width, by rule: "↻" is past U+0300, where measuring a width goes
    /// scalar by scalar, and widths add up (`terminalWidth`).
    private var repeatMarks: [String: (text: String, width: Int)] = [:]

    /// Makes and keeps the cells of the next row; rows are later named by
    /// the order in which they were added.
    mutating func add(_ task: TodoTask) {
        widths[0] = max(widths[0], Self.digitCount(task.id))
        widths[3] = max(widths[3], task.priority.rawValue.utf8.count)
        var title = task.title.safeForTerminal
        var titleWidth = title.terminalWidth
        if titleWidth > Self.titleWidth {
            title = String(title.prefix(Self.titleWidth - 1)) + "…"
            titleWidth = title.terminalWidth
        }
        if let mark = repeatMark(of: task) {
            title += mark.text
            titleWidth += mark.width
        }
        let made = (title, describer.listAndCategory(task), describer.dueCell(task), describer.reminderCell(task))
        let cellWidth = (titleWidth, made.1.terminalWidth, made.2.terminalWidth)
        widths[1] = max(widths[1], cellWidth.0)
        widths[2] = max(widths[2], cellWidth.1)
        widths[4] = max(widths[4], cellWidth.2)
        spans.append(cells.append(made))
        cellWidths.append((Int32(truncatingIfNeeded: cellWidth.0), Int32(truncatingIfNeeded: cellWidth.1),
                           Int32(truncatingIfNeeded: cellWidth.2)))
    }

    /// Writes the rows, added in the order of `rows`, in the order of
    /// `order` (indices into `rows`).
    func write(_ rows: [ListRow], order: [Int], summary: ListSummary, into output: OutputBuffer) {
        if rows.isEmpty {
            output.line(summary.total == 0 && !filtered
                ? "No tasks yet. Add one: todo-remind add \"Buy milk\" --due tomorrow"
                : "No tasks to show.")
        }
        var group: TaskGroup?
        for index in order {
            let row = rows[index]
            if row.group != group {
                if group != nil { output.newline() }
                group = row.group
                output.line(describer.style.bold(row.group.title))
            }
            let span = spans[index]
            let cellWidth = cellWidths[index]
            let paint = describer.paintCodes(row.state)
            output.append(paint.open)
            output.append(describer.mark(row.state))
            output.spaces(1 + widths[0] - Self.digitCount(row.id))
            output.append(String(row.id))
            output.spaces(2)
            output.append(cells.cell(0, of: span))
            output.spaces(widths[1] - Int(cellWidth.0) + 2)
            output.append(cells.cell(1, of: span))
            output.spaces(widths[2] - Int(cellWidth.1) + 2)
            output.append(row.priority.rawValue)
            output.spaces(widths[3] - row.priority.rawValue.utf8.count + 2)
            output.append(cells.cell(2, of: span))
            output.spaces(widths[4] - Int(cellWidth.2) + 2)
            output.append(cells.cell(3, of: span))
            output.trimTrailingSpaces()
            output.append(paint.close)
            output.newline()
        }
        if !rows.isEmpty { output.newline() }
        output.line(footer(summary))
    }

    /// A repeating task's open occurrence is marked, with its rule in
    /// words; a rule that cannot all be said in words is named in `show`.
    private mutating func repeatMark(of task: TodoTask) -> (text: String, width: Int)? {
        guard let rule = task.repeating?.rule else { return nil }
        if let mark = repeatMarks[rule] { return mark }
        guard let words = describer.repeatWords(task) else { return nil }
        let text = words.hasPrefix("custom rule") ? " ↻ custom rule" : " ↻ " + words
        let mark = (text: text, width: text.terminalWidth)
        repeatMarks[rule] = mark
        return mark
    }

    /// The number of decimal digits of a task id (ids are positive).
    private static func digitCount(_ id: Int64) -> Int {
        var digits = 1
        var rest = id / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    private func footer(_ summary: ListSummary) -> String {
        let hours = Int(describer.scheduler.policy.dueSoonWindow / 3600)
        return "\(summary.done) of \(summary.total) done · \(summary.overdue) overdue · \(summary.dueSoon) due within \(hours) h"
    }
}
