import TodoCore

/// `list`'s table: a section per group, aligned columns, and a footer.
struct ListTable {
    let describer: TaskDescriber
    /// Whether --category, --priority or --search narrowed the tasks: then an
    /// empty result says nothing matched, not that there are no tasks.
    var filtered = false

    /// Longer titles are cut with "…" so a row stays on one line.
    static let titleWidth = 48

    func write(_ rows: [ListRow], summary: ListSummary, into output: inout OutputBuffer) {
        if rows.isEmpty {
            output.line(summary.total == 0 && !filtered
                ? "No tasks yet. Add one: todo-remind add \"Buy milk\" --due tomorrow"
                : "No tasks to show.")
        }
        let cells = rows.map(cells(for:))
        var widths = [0, 0, 0, 0, 0]
        for row in cells {
            for (index, cell) in row.columns.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        var group: TaskGroup?
        for (row, cell) in zip(rows, cells) {
            if row.group != group {
                if group != nil { output.line() }
                group = row.group
                output.line(describer.style.bold(row.group.title))
            }
            var line = "\(describer.mark(row.state)) "
            for (index, column) in cell.columns.enumerated() {
                let padded = index == 0
                    ? String(repeating: " ", count: widths[0] - column.count) + column
                    : column + String(repeating: " ", count: widths[index] - column.count)
                line += padded + "  "
            }
            line += cell.reminder
            while line.last == " " { line.removeLast() }
            output.line(describer.paint(line, row.state))
        }
        if !rows.isEmpty { output.line() }
        output.line(footer(summary))
    }

    private func cells(for row: ListRow) -> (columns: [String], reminder: String) {
        var title = row.task.title.safeForTerminal
        if title.count > Self.titleWidth { title = String(title.prefix(Self.titleWidth - 1)) + "…" }
        return (
            [String(row.task.id), title, row.task.category.safeForTerminal, row.task.priority.rawValue, describer.dueCell(row.task)],
            describer.reminderCell(row.task)
        )
    }

    private func footer(_ summary: ListSummary) -> String {
        let hours = Int(describer.scheduler.policy.dueSoonWindow / 3600)
        return "\(summary.done) of \(summary.total) done · \(summary.overdue) overdue · \(summary.dueSoon) due within \(hours) h"
    }
}
