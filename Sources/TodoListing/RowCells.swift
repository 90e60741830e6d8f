import TodoCore

/// The cells of one row of `list`'s table, and their widths in terminal
/// columns: the title (cut to `titleWidth`, with a repeating task's rule
/// after it), the list and category, the due, and the next reminder. The
/// id, the mark and the priority are the row's own (`ListRow`).
///
/// What `list` prints and what the interactive view shows of a task are
/// made here, once, so that the two never word a task differently.
public struct RowCells {
    public var title: String
    public var titleWidth: Int
    public var listAndCategory: String
    public var listAndCategoryWidth: Int
    public var due: String
    public var dueWidth: Int
    /// How much of `due` is left without its relative words (`ColumnFit`'s
    /// first step): its bytes and its columns, "Sat 12 Dec 10:00" of
    /// "Sat 12 Dec 10:00 · in 6 days".
    public var shortDueLength: Int
    public var shortDueWidth: Int
    public var reminder: String
    public var reminderWidth: Int { reminder.terminalWidth }

    /// Makes the cells of tasks with one describer, remembering the words
    /// of each repeat rule, which take a parse to find.
    public struct Maker {
        public let describer: TaskDescriber

        /// Longer titles are cut with "…" so a row stays on one line.
        public static let titleWidth = 48

        /// A repeating task's mark after its title (" ↻ every week"), with its
        /// width, by rule: "↻" is past U+0300, where measuring a width goes
        /// scalar by scalar, and widths add up (`terminalWidth`).
        private var repeatMarks: [String: (text: String, width: Int)] = [:]

        public init(describer: TaskDescriber) {
            self.describer = describer
        }

        /// The cells of `task`'s row. A parent's title is followed by how
        /// many of its subtasks are done (" [2/5]", `SubtaskTree.progress`),
        /// and a waiting task's by its start (" (starts Tue 5 Jan)").
        public mutating func cells(of task: TodoTask, progress: (done: Int, total: Int)? = nil, isWaiting: Bool = false) -> RowCells {
            var title = task.title.safeForTerminal
            var titleWidth = title.terminalWidth
            if titleWidth > Self.titleWidth {
                title = String(title.prefix(Self.titleWidth - 1)) + "…"
                titleWidth = title.terminalWidth
            }
            if let progress {
                // Digits, brackets and a slash: one column each.
                let mark = " [\(progress.done)/\(progress.total)]"
                title += mark
                titleWidth += mark.utf8.count
            }
            if let mark = repeatMark(of: task) {
                title += mark.text
                titleWidth += mark.width
            }
            if isWaiting, let start = task.start {
                let mark = " (starts " + describer.startCell(start) + ")"
                title += mark
                titleWidth += mark.terminalWidth
            }
            let listAndCategory = describer.listAndCategory(task)
            let due = describer.dueCell(task)
            let short = due.firstRange(of: TaskDescriber.relativeSeparator).map { due[..<$0.lowerBound] } ?? due[...]
            return RowCells(title: title, titleWidth: titleWidth,
                            listAndCategory: listAndCategory, listAndCategoryWidth: listAndCategory.terminalWidth,
                            due: due, dueWidth: due.terminalWidth,
                            shortDueLength: short.utf8.count, shortDueWidth: String(short).terminalWidth,
                            reminder: describer.reminderCell(task))
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
    }
}
