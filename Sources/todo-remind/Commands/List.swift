import ArgumentParser
import Foundation
import TodoCore
import TodoStore

extension TodoRemind {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
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
            let context = try Context(global)
            let instant = try context.evaluationInstant(now)
            let scheduler = context.scheduler
            let matching = try context.store.tasks(TaskQuery(
                includeOpen: true,
                includeCompleted: true,
                category: category,
                priority: priority,
                search: search
            ))
            var summary = ListSummary()
            var rows: [ListRow] = []
            rows.reserveCapacity(matching.count)
            for task in matching {
                let state = scheduler.state(of: task, at: instant)
                summary.count(state)
                guard show(task, state) else { continue }
                let dueInstant = task.due.map(scheduler.dueInstant(of:))
                rows.append(ListRow(task: task, state: state, group: scheduler.group(of: task, at: instant), dueInstant: dueInstant))
            }
            rows.sort(by: sort.areInIncreasingOrder)

            var output = OutputBuffer()
            if json {
                output.line(TaskJSON(scheduler: scheduler, now: instant).array(rows.map(\.task)))
            } else {
                let filtered = category != nil || priority != nil || search != nil
                ListTable(describer: context.describer(at: instant), filtered: filtered).write(rows, summary: summary, into: &output)
            }
            output.flush()
        }

        private func show(_ task: TodoTask, _ state: DueState) -> Bool {
            if completed && !task.isCompleted { return false }
            if !completed && !all && task.isCompleted { return false }
            if overdue && dueSoon { return state == .overdue || state == .dueSoon }
            if overdue { return state == .overdue }
            if dueSoon { return state == .dueSoon }
            return true
        }
    }
}

/// How `list` orders the tasks within each group.
enum ListOrder: String, ExpressibleByArgument, CaseIterable {
    case due
    case priority
    case title
    case created

    func areInIncreasingOrder(_ a: ListRow, _ b: ListRow) -> Bool {
        if a.group != b.group { return a.group < b.group }
        switch self {
        case .due:
            if let order = Self.byDue(a, b) { return order }
            if let order = Self.byPriority(a, b) { return order }
        case .priority:
            if let order = Self.byPriority(a, b) { return order }
            if let order = Self.byDue(a, b) { return order }
        case .title:
            let order = a.task.title.localizedCaseInsensitiveCompare(b.task.title)
            if order != .orderedSame { return order == .orderedAscending }
        case .created:
            if a.task.createdAt != b.task.createdAt { return a.task.createdAt < b.task.createdAt }
        }
        return a.task.id < b.task.id
    }

    /// Sooner first, tasks without a due date last; nil when equal.
    private static func byDue(_ a: ListRow, _ b: ListRow) -> Bool? {
        switch (a.dueInstant, b.dueInstant) {
        case let (x?, y?) where x != y: x < y
        case (.some, nil): true
        case (nil, .some): false
        default: nil
        }
    }

    /// Higher priority first; nil when equal.
    private static func byPriority(_ a: ListRow, _ b: ListRow) -> Bool? {
        a.task.priority == b.task.priority ? nil : a.task.priority > b.task.priority
    }
}

/// One task as `list` shows it, with what was worked out about it.
struct ListRow {
    let task: TodoTask
    let state: DueState
    let group: TaskGroup
    let dueInstant: Date?
}

/// The footer's numbers: "3 of 10 done · 2 overdue · 1 due within 24 h".
struct ListSummary {
    var total = 0
    var done = 0
    var overdue = 0
    var dueSoon = 0

    mutating func count(_ state: DueState) {
        total += 1
        switch state {
        case .completed: done += 1
        case .overdue: overdue += 1
        case .dueSoon: dueSoon += 1
        case .upcoming, .noDueDate: break
        }
    }
}
