import ArgumentParser
import Foundation
import TodoCore
import TodoStore

extension TodoRemind {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List tasks, grouped Overdue, Today, Upcoming, Someday.",
            discussion: "By default the open tasks. Marks: ! overdue, ~ due within the due-soon window, · upcoming, ✓ done."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Include completed tasks.")
        var all = false

        @Flag(help: "Only completed tasks.")
        var completed = false

        @Option(help: "Only tasks in this category.")
        var category: String?

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
            let instant = context.now
            let scheduler = context.scheduler
            // Completed tasks not shown are only counted, for the footer:
            // decoding them would cost a long list a sixth more.
            let showsCompleted = all || completed
            var query = TaskQuery(includeOpen: true, includeCompleted: true, category: category, priority: priority, search: search,
                                  list: try context.listPath(named: list))
            query.includeCompleted = showsCompleted
            let matching = try context.store.tasks(query)
            var summary = ListSummary()
            if !showsCompleted {
                query.includeOpen = false
                query.includeCompleted = true
                summary.countCompleted(try context.store.count(query))
            }
            // Plain values for the loops: reading a parsed option through its
            // property wrapper costs a generic metadata lookup every time.
            let filter = ListFilter(all: all, completed: completed, overdue: overdue, dueSoon: dueSoon)
            var rows: [ListRow] = []
            rows.reserveCapacity(matching.count)
            for (index, task) in matching.enumerated() {
                let standing = scheduler.standing(of: task, at: instant)
                summary.count(standing.state)
                guard filter.shows(task, standing.state) else { continue }
                rows.append(ListRow(index: index, standing: standing))
            }
            let order = sort.order(of: rows, tasks: matching)

            let output = OutputBuffer()
            if json {
                var json = context.taskJSON()
                json.completions = try context.store.recentCompletions(limit: TaskStore.recentCompletionCount)
                output.line(json.array(order.map { matching[rows[$0].index] }))
            } else {
                let filtered = category != nil || priority != nil || search != nil || list != nil
                ListTable(describer: context.describer(), filtered: filtered)
                    .write(rows, of: matching, order: order, summary: summary, into: output)
            }
            output.flush()
            // Nothing is left to do but close the store: freeing every task,
            // row and cell one by one would cost a twentieth of a long list's
            // time for nothing.
            StoreOpener.closeAll()
            Foundation.exit(EXIT_SUCCESS)
        }
    }
}
