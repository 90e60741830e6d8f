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

    /// Writes the rows in the order of `order` (indices into `rows`).
    func write(_ rows: [ListRow], order: [Int], summary: ListSummary, into output: inout OutputBuffer) {
        if rows.isEmpty {
            output.line(summary.total == 0 && !filtered
                ? "No tasks yet. Add one: todo-remind add \"Buy milk\" --due tomorrow"
                : "No tasks to show.")
        }
        // Every cell first, flat, to find each column's width; then the lines.
        let stride = Self.columnCount + 1
        var cells: [String] = []
        cells.reserveCapacity(rows.count * stride)
        var widths = [Int](repeating: 0, count: Self.columnCount)
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity(rows.count * Self.columnCount)
        for index in order {
            let row = rows[index]
            appendCells(for: row, to: &cells)
            for column in 0..<Self.columnCount {
                let width = cells[cells.count - stride + column].terminalWidth
                cellWidths.append(width)
                widths[column] = max(widths[column], width)
            }
        }
        var group: TaskGroup?
        for (position, index) in order.enumerated() {
            let row = rows[index]
            if row.group != group {
                if group != nil { output.newline() }
                group = row.group
                output.line(describer.style.bold(row.group.title))
            }
            let paint = describer.paintCodes(row.state)
            output.append(paint.open)
            output.append(describer.mark(row.state))
            output.spaces(1)
            for column in 0..<Self.columnCount {
                let cell = cells[position * stride + column]
                let padding = widths[column] - cellWidths[position * Self.columnCount + column]
                if column == 0 {
                    output.spaces(padding)
                    output.append(cell)
                } else {
                    output.append(cell)
                    output.spaces(padding)
                }
                output.spaces(2)
            }
            output.append(cells[position * stride + Self.columnCount])
            output.trimTrailingSpaces()
            output.append(paint.close)
            output.newline()
        }
        if !rows.isEmpty { output.newline() }
        output.line(footer(summary))
    }

    /// The row's column cells, then its reminder cell.
    private func appendCells(for row: ListRow, to cells: inout [String]) {
        var title = row.task.title.safeForTerminal
        if title.terminalWidth > Self.titleWidth { title = String(title.prefix(Self.titleWidth - 1)) + "…" }
        cells.append(String(row.task.id))
        cells.append(title)
        cells.append(row.task.category.safeForTerminal)
        cells.append(row.task.priority.rawValue)
        cells.append(describer.dueCell(row.task))
        cells.append(describer.reminderCell(row.task))
    }

    private func footer(_ summary: ListSummary) -> String {
        let hours = Int(describer.scheduler.policy.dueSoonWindow / 3600)
        return "\(summary.done) of \(summary.total) done · \(summary.overdue) overdue · \(summary.dueSoon) due within \(hours) h"
    }
}
