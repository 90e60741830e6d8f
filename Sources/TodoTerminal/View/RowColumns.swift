import TodoCore
import TodoListing

/// The widths of the list's columns on screen: `list`'s columns (mark, id,
/// title, list and category, priority, due, next reminder), as wide as the
/// rows on screen need, narrowed to the screen's width. Below what all of
/// them need, the title narrows first (to 20 columns), then the priority
/// and the category go, then the title narrows to 12, then the reminder
/// goes, and last the due and the title are cut.
struct RowColumns {
    var id: Int
    var title: Int
    var category: Int?
    var priority: Int?
    var due: Int?
    var reminder: Int?

    init(fitting rows: [(id: Int64, priority: Priority, cells: RowCells)], width: Int) {
        id = rows.map { String($0.id).count }.max() ?? 1
        let naturalTitle = rows.map(\.cells.titleWidth).max() ?? 0
        title = naturalTitle
        category = rows.map(\.cells.listAndCategoryWidth).max().flatMap { $0 > 0 ? $0 : nil }
        priority = rows.map(\.priority.rawValue.count).max()
        due = rows.map(\.cells.dueWidth).max().flatMap { $0 > 0 ? $0 : nil }
        reminder = rows.map(\.cells.reminderWidth).max().flatMap { $0 > 0 ? $0 : nil }
        func others() -> Int {
            [category, priority, due, reminder].compactMap { $0.map { $0 + 2 } }.reduce(0, +)
        }
        let fixed = 2 + id + 2
        func fitTitle(floor: Int) -> Bool {
            title = min(naturalTitle, width - fixed - others())
            return title >= min(floor, naturalTitle)
        }
        if fitTitle(floor: 20) { return }
        priority = nil
        if fitTitle(floor: 20) { return }
        category = nil
        if fitTitle(floor: 12) { return }
        reminder = nil
        if fitTitle(floor: 12) { return }
        if let due {
            self.due = max(10, due - (min(12, naturalTitle) - (width - fixed - others())))
        }
        title = max(4, width - fixed - others())
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
        cell(cells.due, width: due)
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
