import CLinux
import Glibc

/// How the rows of a task table fit a terminal's width, `list`'s and the
/// interactive view's alike, so that no row wraps: the columns are narrowed
/// or dropped in one order, the title keeping its room the longest.
///
/// 1. the due loses its relative words ("Sat 12 Dec 10:00 · in 6 days"
///    becomes "Sat 12 Dec 10:00");
/// 2. the priority column goes;
/// 3. the category (and list) column goes;
/// 4. the next reminder column goes;
/// 5. the title is cut, with "…", to what is left (never under
///    `minimumTitleWidth`).
public struct ColumnFit: Hashable, Sendable {
    /// The widest each column is in the rows to show, in terminal columns.
    public struct Widths: Hashable, Sendable {
        public var id = 0
        public var title = 0
        public var category = 0
        public var priority = 0
        public var due = 0
        /// The widest due without its relative words.
        public var shortDue = 0
        public var reminder = 0

        public init(id: Int = 0, title: Int = 0, category: Int = 0, priority: Int = 0, due: Int = 0, shortDue: Int = 0, reminder: Int = 0) {
            self.id = id
            self.title = title
            self.category = category
            self.priority = priority
            self.due = due
            self.shortDue = shortDue
            self.reminder = reminder
        }
    }

    public var shortDue = false
    public var showsPriority = true
    public var showsCategory = true
    public var showsReminder = true
    /// The title column's width: the widest title's, or less where the row
    /// would not fit without the other columns (titles cut with "…").
    public var titleWidth: Int

    /// The narrowest a title is cut to, however narrow the terminal: below
    /// it a row wraps rather than say nothing.
    public static let minimumTitleWidth = 12

    /// The columns every row shows, all of them.
    public static func full(_ widths: Widths) -> ColumnFit {
        ColumnFit(titleWidth: widths.title)
    }

    /// The first fit, in the order above, whose rows are at most `width`
    /// columns wide; all columns for nil (output to no terminal: scripts
    /// read today's full rows).
    public static func fitting(_ widths: Widths, into width: Int?) -> ColumnFit {
        var fit = full(widths)
        guard let width else { return fit }
        let steps: [(inout ColumnFit) -> Void] = [
            { $0.shortDue = true }, { $0.showsPriority = false }, { $0.showsCategory = false }, { $0.showsReminder = false },
        ]
        for step in steps where fit.rowWidth(widths) > width {
            step(&fit)
        }
        let over = fit.rowWidth(widths) - width
        if over > 0 { fit.titleWidth = max(Self.minimumTitleWidth, widths.title - over) }
        return fit
    }

    /// The widest row: the state's mark and a space, the id, the title, and
    /// each column shown, two spaces apart.
    public func rowWidth(_ widths: Widths) -> Int {
        var total = 2 + widths.id + 2 + titleWidth
        if showsCategory, widths.category > 0 { total += 2 + widths.category }
        if showsPriority { total += 2 + widths.priority }
        let due = shortDue ? widths.shortDue : widths.due
        if due > 0 { total += 2 + due }
        if showsReminder, widths.reminder > 0 { total += 2 + widths.reminder }
        return total
    }

    /// The columns of the terminal on `descriptor` (standard output for
    /// `list`), or `COLUMNS` when the terminal says none; nil when it is no
    /// terminal.
    public static func terminalColumns(of descriptor: Int32, environment: [String: String]) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        let columns = Int(todo_terminal_columns(descriptor))
        if columns > 0 { return columns }
        return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }
}
