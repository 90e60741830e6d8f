import TodoCore

/// `list`'s table: a section per group, aligned columns, and a footer.
struct ListTable {
    let describer: TaskDescriber
    /// Whether --category, --priority or --search narrowed the tasks: then an
    /// empty result says nothing matched, not that there are no tasks.
    var filtered = false

    /// Longer titles are cut with "…" so a row stays on one line.
    static let titleWidth = 48

    /// The aligned columns: id (right-aligned), title, category, priority, due.
    private static let columnCount = 5

    /// The aligned column of each cell `appendCells` makes; the reminder
    /// cell comes last and is not padded.
    private static let cellColumns: [Int?] = [1, 2, 4, nil]

    /// Writes the rows, made from `tasks`, in the order of `order` (indices
    /// into `rows`).
    func write(_ rows: [ListRow], of tasks: [TodoTask], order: [Int], summary: ListSummary, into output: OutputBuffer) {
        if rows.isEmpty {
            output.line(summary.total == 0 && !filtered
                ? "No tasks yet. Add one: todo-remind add \"Buy milk\" --due tomorrow"
                : "No tasks to show.")
        }
        // The cells that take work (title, category, due, reminder) first,
        // flat, to find each column's width; then the lines. The id and the
        // priority are written as they are, their widths counted.
        let stride = 4
        var cells: [String] = []
        cells.reserveCapacity(rows.count * stride)
        var cellWidths: [Int32] = []
        cellWidths.reserveCapacity(rows.count * stride)
        var widths = [Int](repeating: 0, count: Self.columnCount)
        // Tasks are reached through their array, never bound to a local: a
        // copy of a task retains and releases each of its strings.
        for index in order {
            let taskIndex = rows[index].index
            widths[0] = max(widths[0], Self.digitCount(tasks[taskIndex].id))
            widths[3] = max(widths[3], tasks[taskIndex].priority.rawValue.utf8.count)
            appendCells(for: tasks[taskIndex], to: &cells)
            let first = cells.count - stride
            for (offset, column) in zip(0..<stride, Self.cellColumns) {
                let width = cells[first + offset].terminalWidth
                cellWidths.append(Int32(truncatingIfNeeded: width))
                if let column { widths[column] = max(widths[column], width) }
            }
        }
        var group: TaskGroup?
        for (position, index) in order.enumerated() {
            let row = rows[index]
            let id = tasks[row.index].id
            let priority = tasks[row.index].priority
            if row.group != group {
                if group != nil { output.newline() }
                group = row.group
                output.line(describer.style.bold(row.group.title))
            }
            let paint = describer.paintCodes(row.state)
            output.append(paint.open)
            output.append(describer.mark(row.state))
            output.spaces(1 + widths[0] - Self.digitCount(id))
            output.append(String(id))
            output.spaces(2)
            let first = position * stride
            output.append(cells[first])
            output.spaces(widths[1] - Int(cellWidths[first]) + 2)
            output.append(cells[first + 1])
            output.spaces(widths[2] - Int(cellWidths[first + 1]) + 2)
            output.append(priority.rawValue)
            output.spaces(widths[3] - priority.rawValue.utf8.count + 2)
            output.append(cells[first + 2])
            output.spaces(widths[4] - Int(cellWidths[first + 2]) + 2)
            output.append(cells[first + 3])
            output.trimTrailingSpaces()
            output.append(paint.close)
            output.newline()
        }
        if !rows.isEmpty { output.newline() }
        output.line(footer(summary))
    }

    /// The task's title, category, due and reminder cells.
    private func appendCells(for task: TodoTask, to cells: inout [String]) {
        var title = task.title.safeForTerminal
        if title.terminalWidth > Self.titleWidth { title = String(title.prefix(Self.titleWidth - 1)) + "…" }
        // A repeating task's open occurrence, marked, with its rule in words.
        // A rule that cannot all be said in words is named in `show`.
        if let words = describer.repeatWords(task) { title += words.hasPrefix("custom rule") ? " ↻ custom rule" : " ↻ " + words }
        cells.append(title)
        cells.append(describer.listAndCategory(task))
        cells.append(describer.dueCell(task))
        cells.append(describer.reminderCell(task))
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
