import TodoCore
import TodoListing

/// The widths of the list's columns on screen: `list`'s columns (mark, id,
/// title, list and category, priority, due, next reminder), as wide as the
/// rows on screen need, narrowed to the screen's width. Titles are what a
/// person reads, so they keep their room longest: below what all the
/// columns need, the dues lose their relative words first ("Wed 25 Nov"
/// for "Wed 25 Nov · 2 days ago"), then the title narrows (to 20 columns),
/// then the priority and the category go, then the title narrows to 12,
/// then the reminder goes, and last the due and the title are cut.
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
        if fitTitle(floor: naturalTitle) { return }
        if due != nil {
            compactDue = true
            due = Self.compactDueWidth(of: rows)
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

    /// The fewest columns in which the rows keep their titles whole (up to
    /// `titleRoom`) and every other column, the dues without their relative
    /// words: what the list needs before a pane beside it takes the rest.
    static func comfortableWidth(of rows: [Row]) -> Int {
        let id = rows.map { String($0.id).count }.max() ?? 1
        let title = min(titleRoom, rows.map(\.cells.titleWidth).max() ?? 0)
        let category: Int = rows.map(\.cells.listAndCategoryWidth).max() ?? 0
        let priority: Int = rows.map(\.priority.rawValue.count).max() ?? 0
        let reminder: Int = rows.map(\.cells.reminderWidth).max() ?? 0
        let others: [Int] = [category, priority, compactDueWidth(of: rows), reminder]
        return 2 + id + 2 + title + others.filter { $0 > 0 }.reduce(0) { $0 + $1 + 2 }
    }

    /// The widest due on the rows without its relative words.
    private static func compactDueWidth(of rows: [Row]) -> Int {
        rows.map { Screen.width(of: compact($0.cells.due)) }.max() ?? 0
    }

    /// A due cell's absolute words: what comes before its " · ".
    private static func compact(_ due: String) -> String {
        guard let separator = due.range(of: " · ") else { return due }
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
