import TodoCore
import TodoListing

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

    /// The aligned columns: id (right-aligned), title, category, priority,
    /// due, then the next reminder and the due without its relative words
    /// (what `ColumnFit` weighs).
    private static let columnCount = 7

    private let cells = ListCells()
    /// Each added row's cells, and the widths of its padded ones: side by
    /// side, as the rows are written in an order of their own, each one
    /// looked up where it lies.
    private var added: [(span: ListCells.Span, widths: (Int32, Int32, Int32), shortDue: (length: Int32, width: Int32))] = []
    private var widths = [Int](repeating: 0, count: ListTable.columnCount)

    /// Words each row's cells (`RowCells`), as the interactive view does.
    private var maker: RowCells.Maker

    init(describer: TaskDescriber, filtered: Bool) {
        self.describer = describer
        self.filtered = filtered
        maker = RowCells.Maker(describer: describer)
    }

    /// Makes room for this many rows.
    mutating func reserveCapacity(_ count: Int) {
        added.reserveCapacity(count)
    }

    /// Makes and keeps the cells of the next row; rows are later named by
    /// the order in which they were added. `progress` and `isWaiting` are
    /// marked after the title (`RowCells.Maker.cells`).
    mutating func add(_ task: TodoTask, progress: (done: Int, total: Int)? = nil, isWaiting: Bool = false) {
        widths[0] = max(widths[0], Self.digitCount(task.id))
        widths[3] = max(widths[3], task.priority.rawValue.utf8.count)
        let made = maker.cells(of: task, progress: progress, isWaiting: isWaiting)
        let cellWidth = (made.titleWidth, made.listAndCategoryWidth, made.dueWidth)
        widths[1] = max(widths[1], cellWidth.0)
        widths[2] = max(widths[2], cellWidth.1)
        widths[4] = max(widths[4], cellWidth.2)
        widths[5] = max(widths[5], made.reminderWidth)
        widths[6] = max(widths[6], made.shortDueWidth)
        added.append((cells.append((made.title, made.listAndCategory, made.due, made.reminder)),
                      (Int32(truncatingIfNeeded: cellWidth.0), Int32(truncatingIfNeeded: cellWidth.1),
                       Int32(truncatingIfNeeded: cellWidth.2)),
                      (Int32(truncatingIfNeeded: made.shortDueLength), Int32(truncatingIfNeeded: made.shortDueWidth))))
    }

    /// Writes the rows, added in the order of `rows`, in the order of
    /// `order` (indices into `rows`), each title indented two columns a
    /// level of `depths` (by index; a subtask is in its parent's group),
    /// fitting `width` columns by `ColumnFit` (nil: every column whole).
    func write(_ rows: [ListRow], order: [Int], depths: [Int], summary: ListSummary, width: Int?, into output: OutputBuffer) {
        var widths = widths
        for (index, depth) in depths.enumerated() where depth > 0 {
            widths[1] = max(widths[1], Int(added[index].widths.0) + 2 * depth)
        }
        let fit = ColumnFit.fitting(ColumnFit.Widths(id: widths[0], title: widths[1], category: widths[2], priority: widths[3],
                                                     due: widths[4], shortDue: widths[6], reminder: widths[5]), into: width)
        widths[1] = fit.titleWidth
        if fit.shortDue { widths[4] = widths[6] }
        if rows.isEmpty {
            output.line(summary.total == 0 && !filtered
                ? "No tasks yet. Add one: todo-remind add \"Buy milk\" --due tomorrow"
                : "No tasks to show.")
        }
        let pieces = LinePieces(describer: describer)
        var group: TaskGroup?
        for index in order {
            let row = rows[index]
            let depth = depths[index]
            if depth == 0, row.group != group {
                if group != nil { output.newline() }
                group = row.group
                output.line(describer.style.bold(row.group.title))
            }
            let (span, cellWidth, shortDue) = added[index]
            let made = cells.cells(of: span)
            let state = pieces.state(row.state)
            output.append(state.open)
            output.append(state.mark)
            output.spaces(1 + widths[0] - Self.digitCount(row.id))
            output.append(decimal: row.id)
            output.spaces(2)
            output.spaces(2 * depth)
            if Int(cellWidth.0) + 2 * depth > widths[1] {
                // Cut to the room the fit leaves: never wrapped.
                let cut = String(decoding: made.0, as: UTF8.self).cut(toColumns: max(1, widths[1] - 2 * depth))
                output.append(cut)
                output.spaces(widths[1] - cut.terminalWidth - 2 * depth + 2)
            } else {
                output.append(made.0)
                output.spaces(widths[1] - Int(cellWidth.0) - 2 * depth + 2)
            }
            if fit.showsCategory {
                output.append(made.1)
                output.spaces(widths[2] - Int(cellWidth.1) + 2)
            }
            if fit.showsPriority {
                let priority = pieces.priority(row.priority)
                output.append(priority)
                output.spaces(widths[3] - priority.count + 2)
            }
            if fit.shortDue {
                output.append(UnsafeBufferPointer(rebasing: made.2[..<Int(shortDue.length)]))
                output.spaces(widths[4] - Int(shortDue.width) + 2)
            } else {
                output.append(made.2)
                output.spaces(widths[4] - Int(cellWidth.2) + 2)
            }
            if fit.showsReminder { output.append(made.3) }
            output.trimTrailingSpaces()
            output.append(state.close)
            output.newline()
        }
        if !rows.isEmpty { output.newline() }
        // An empty store has nothing to count: "No tasks yet" says it all.
        guard summary.total > 0 || filtered else { return }
        output.line(footer(summary))
    }

    /// What a row's state (its paint and mark) and its priority put on its
    /// line, as bytes made once: as `String`s, each of 100,000 rows
    /// appended four, each checked and copied to be read as UTF-8.
    private final class LinePieces {
        private let bytes: UnsafeMutableBufferPointer<UInt8>
        /// Each state's paint, mark and closing, by `index(of:)`.
        private var states: [(open: Range<Int>, mark: Range<Int>, close: Range<Int>)] = []
        /// Each priority's name, by rank.
        private var priorities: [Range<Int>] = []

        init(describer: TaskDescriber) {
            var text: [UInt8] = []
            func piece(_ string: String) -> Range<Int> {
                text.append(contentsOf: string.utf8)
                return text.count - string.utf8.count..<text.count
            }
            for state in DueState.allCases.sorted(by: { Self.index(of: $0) < Self.index(of: $1) }) {
                let paint = describer.paintCodes(state)
                states.append((piece(paint.open), piece(describer.mark(state)), piece(paint.close)))
            }
            priorities = Priority.allCases.sorted { $0.rank < $1.rank }.map { piece($0.rawValue) }
            bytes = .allocate(capacity: text.count)
            _ = bytes.initialize(from: text)
        }

        deinit {
            bytes.deallocate()
        }

        func state(_ state: DueState) -> (open: UnsafeBufferPointer<UInt8>, mark: UnsafeBufferPointer<UInt8>, close: UnsafeBufferPointer<UInt8>) {
            let ranges = states[Self.index(of: state)]
            return (slice(ranges.open), slice(ranges.mark), slice(ranges.close))
        }

        func priority(_ priority: Priority) -> UnsafeBufferPointer<UInt8> {
            slice(priorities[priority.rank])
        }

        private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[range])
        }

        /// The state's place in `states`: a switch, where looking it up in
        /// a table would hash its raw value.
        private static func index(of state: DueState) -> Int {
            switch state {
            case .completed: 0
            case .noDueDate: 1
            case .overdue: 2
            case .dueSoon: 3
            case .upcoming: 4
            }
        }
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
        summary.words(dueSoonWindow: describer.timeRules.policy.dueSoonWindow)
    }
}
