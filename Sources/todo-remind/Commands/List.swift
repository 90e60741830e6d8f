import ArgumentParser
import FoundationEssentials
import Glibc
import TodoCore
import TodoListing
import TodoStore

extension TodoRemind {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List tasks, grouped Overdue, Today, Upcoming, Someday.",
            discussion: """
                By default the open tasks that can start. Marks: ! overdue, ~ due within the due-soon window, · upcoming, ✓ done. \
                Subtasks are indented under their parent, whose title says how many of them are done ([2/5]).
                """
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Include completed tasks.")
        var all = false

        @Flag(help: "Only completed tasks.")
        var completed = false

        @Option(help: "Only tasks in this category.")
        var category: String?

        @Option(help: ArgumentHelp("Only tasks with this tag; several --tag: with all of them.", valueName: "tag"))
        var tag: [String] = []

        @Flag(help: "Only tasks waiting to start (left out otherwise, but for --all).")
        var waiting = false

        @Option(help: "Only tasks of this priority: low, medium or high.")
        var priority: Priority?

        @Option(help: "Only tasks whose title or notes contain this text (any case, any accents).")
        var search: String?

        @Option(help: ArgumentHelp("Only tasks in this list (see `lists`).", valueName: "name"))
        var list: String?

        @Flag(help: "Only overdue tasks.")
        var overdue = false

        @Flag(help: "Only tasks due within the due-soon window.")
        var dueSoon = false

        @Option(help: "Order within each group: due, priority, title or created.")
        var sort: ListOrder = .due

        @Flag(help: "Print the tasks as a JSON array.")
        var json = false

        @Option(help: ArgumentHelp("Evaluate states and reminders as of this instant (WHEN).", valueName: "when"))
        var now: String?

        func run() throws {
            let context = try Context(global, access: .read, now: now)
            let store = try context.store
            let instant = context.now
            let timeRules = context.timeRules
            // Completed tasks not shown are only counted, for the footer:
            // decoding them would cost a long list a sixth more.
            let showsCompleted = all || completed
            var query = TaskQuery(includeOpen: true, includeCompleted: true, category: category, priority: priority, search: search,
                                  list: try context.listPath(named: list), tags: try TaskTags.normalized(tag))
            query.includeCompleted = showsCompleted
            var summary = ListSummary()
            if !showsCompleted {
                var completedQuery = query
                completedQuery.includeOpen = false
                completedQuery.includeCompleted = true
                summary.countCompleted(try store.count(completedQuery))
            }
            // Plain values for the loops: reading a parsed option through its
            // property wrapper costs a generic metadata lookup every time.
            let filter = ListFilter(all: all, completed: completed, waiting: waiting, overdue: overdue, dueSoon: dueSoon)
            // Which tasks are whose subtasks, read from the parent index
            // alone: the parents shown are among the tasks read below.
            let links = try store.subtaskLinks()
            let order = sort
            let json = json
            // Each task is read, put in its row and let go: only what the
            // order and the table need is kept (`ListRow`, `ListTable`).
            var rows: [ListRow] = []
            var titles: [String] = []
            // Room for every task at once: grown a doubling at a time, the
            // rows were copied whole again and again. Room no row takes up
            // costs no memory.
            let expected = try store.count(TaskQuery(includeOpen: true, includeCompleted: true))
            rows.reserveCapacity(expected)
            // The rows of subtasks, and of parents with a subtask shown under
            // them (by id, into `parents`).
            var subtasks: [(row: Int, node: SubtaskLinks.Node)] = []
            var parents: [(row: Int, node: SubtaskLinks.Node)] = []
            var parentIndex = IDTable()
            var table = ListTable(describer: context.describer(),
                                  filtered: category != nil || priority != nil || search != nil || list != nil || !tag.isEmpty)
            if !json { table.reserveCapacity(expected) }
            try store.forEachTask(query) { task in
                let standing = timeRules.standing(of: task, at: instant)
                summary.count(standing.state)
                // Only a task with a start can wait: the others skip the question.
                let isWaiting = task.start != nil && timeRules.isWaiting(task, at: instant)
                if isWaiting { summary.waiting += 1 }
                guard filter.shows(task, standing.state, isWaiting: isWaiting) else { return }
                let node = SubtaskLinks.Node(task)
                let progress = links.progress(of: node)
                if progress != nil {
                    parentIndex[task.id] = Int32(parents.count)
                    parents.append((rows.count, node))
                }
                if task.parentID != nil { subtasks.append((rows.count, node)) }
                rows.append(ListRow(task, standing: standing))
                if order == .title { titles.append(task.title) }
                if !json { table.add(task, progress: progress, isWaiting: isWaiting) }
            }
            // A subtask goes under its parent when the parent is shown too.
            var parentRows = [Int32](repeating: -1, count: rows.count)
            for subtask in subtasks {
                guard let parentID = subtask.node.parentID, let index = parentIndex[parentID].map(Int.init) else { continue }
                if links.problem(of: subtask.node.id, parent: parents[index].node) == nil { parentRows[subtask.row] = Int32(parents[index].row) }
            }
            let (positions, depths) = order.order(of: rows, titles: titles, parents: parentRows)

            let output = OutputBuffer()
            if json {
                var writer = context.taskJSON()
                writer.completions = try store.recentCompletions(limit: TaskStore.recentCompletionCount)
                try writer.writeArray(into: output) { write in
                    try Self.forEachTask(ofRows: rows, in: positions, store: store, write)
                }
            } else {
                let width = ColumnFit.terminalColumns(of: STDOUT_FILENO, environment: ProcessEnvironment.values)
                table.write(rows, order: positions, depths: depths, summary: summary, width: width, into: output)
            }
            output.flush()
            // Nothing is left to do but close the store: freeing every row
            // and cell one by one would cost time for nothing.
            StoreOpener.closeAll()
            Glibc.exit(EXIT_SUCCESS)
        }

        /// The rows' tasks in the order of `positions`, read again a batch
        /// at a time: holding every task until the order is known took 45
        /// MB at 100,000 tasks, a batch takes a tenth of that. Each batch is
        /// its own read, so a task another process changed meanwhile is
        /// written as it is then, and one it deleted is left out.
        private static func forEachTask(
            ofRows rows: [ListRow], in positions: [Int], store: TaskStore, _ body: (TodoTask) throws -> Void
        ) throws {
            for start in stride(from: 0, to: positions.count, by: jsonBatch) {
                let ids = positions[start..<min(start + jsonBatch, positions.count)].map { rows[$0].id }
                let tasks = try store.tasks(ids: ids)
                for id in ids {
                    if let task = tasks[id] { try body(task) }
                }
            }
        }

        /// How many tasks `list --json` reads at once.
        private static let jsonBatch = 10_000
    }
}
