import TodoCore
import TodoListing
import TodoViewModel

/// The widths of the list's columns on screen: `list`'s columns (mark, id,
/// title, list and category, priority, due, next reminder), as wide as the
/// rows on screen need, fitted to the screen's width in `list`'s order
/// (`ColumnFit`): the dues lose their relative words, then the priority,
/// the category and the reminder go, and only then is the title cut.
struct RowColumns {
    typealias Row = (id: Int64, priority: Priority, cells: RowCells)

    var id: Int
    var title: Int
    var category: Int?
    var priority: Int?
    var due: Int?
    /// Whether the dues are shown without their relative words.
    var compactDue = false
    var reminder: Int?

    /// How many columns a title keeps whole before a pane beside the list
    /// may take room from it (`comfortableWidth`).
    static let titleRoom = 40

    init(fitting rows: [Row], width: Int) {
        let widths = Self.widths(of: rows)
        let fit = ColumnFit.fitting(widths, into: width)
        id = widths.id
        title = fit.titleWidth
        category = fit.showsCategory && widths.category > 0 ? widths.category : nil
        priority = fit.showsPriority ? widths.priority : nil
        compactDue = fit.shortDue
        let dueWidth = fit.shortDue ? widths.shortDue : widths.due
        due = dueWidth > 0 ? dueWidth : nil
        reminder = fit.showsReminder && widths.reminder > 0 ? widths.reminder : nil
        // Narrower than the shortest title: the due is cut too.
        let over = fit.rowWidth(widths) - width
        if over > 0, let due { self.due = max(10, due - over) }
    }

    /// The widest each column is on these rows.
    static func widths(of rows: [Row]) -> ColumnFit.Widths {
        ColumnFit.Widths(
            id: rows.map { String($0.id).count }.max() ?? 1,
            title: rows.map(\.cells.titleWidth).max() ?? 0,
            category: rows.map(\.cells.listAndCategoryWidth).max() ?? 0,
            priority: rows.map(\.priority.rawValue.count).max() ?? 0,
            due: rows.map(\.cells.dueWidth).max() ?? 0,
            shortDue: rows.map(\.cells.shortDueWidth).max() ?? 0,
            reminder: rows.map(\.cells.reminderWidth).max() ?? 0
        )
    }

    /// The fewest columns in which the rows keep their titles whole (up to
    /// `titleRoom`, a readable title) and every other column, the dues
    /// without their relative words: what the list needs before a pane
    /// beside it takes the rest.
    static func comfortableWidth(of rows: [Row]) -> Int {
        let widths = widths(of: rows)
        var fit = ColumnFit.full(widths)
        fit.shortDue = true
        fit.titleWidth = min(titleRoom, widths.title)
        return fit.rowWidth(widths)
    }

    /// A due cell's absolute words: what comes before its " · ".
    private static func compact(_ due: String) -> String {
        guard let separator = due.firstRange(of: TaskDescriber.relativeSeparator) else { return due }
        return String(due[..<separator.lowerBound])
    }

    /// Draws one task's row on `row` of the screen, from column 0.
    func draw(_ listRow: ListRow, _ cells: RowCells, describer: TaskDescriber, into screen: inout Screen, row: Int, style: CellStyle) {
        var column = screen.put(describer.mark(listRow.state), row: row, column: 0, style: style)
        let idText = String(listRow.id)
        column = screen.put(String(repeating: " ", count: 1 + id - idText.count) + idText, row: row, column: column, style: style)
        func cell(_ text: String, width: Int?) {
            guard let width else { return }
            column += 2
            Self.put(text, width: width, into: &screen, row: row, column: column, style: style)
            column += width
        }
        cell(cells.title, width: title)
        cell(cells.listAndCategory, width: category)
        cell(listRow.priority.rawValue, width: priority)
        cell(compactDue ? Self.compact(cells.due) : cells.due, width: due)
        cell(cells.reminder, width: reminder)
    }

    /// Puts `text` in `width` columns, cut with "…" when it is wider.
    static func put(_ text: String, width: Int, into screen: inout Screen, row: Int, column: Int, style: CellStyle) {
        guard width > 0 else { return }
        guard Screen.width(of: text) > width else {
            screen.put(text, row: row, column: column, style: style, limit: width)
            return
        }
        let end = screen.put(text, row: row, column: column, style: style, limit: width - 1)
        // A wide character cut at the edge leaves padding: the ellipsis goes after what fits.
        var at = end
        while at > column, screen[row, at - 1].text == " " { at -= 1 }
        screen.put("…", row: row, column: min(at, column + width - 1), style: style)
    }
}
