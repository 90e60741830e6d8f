import ArgumentParser
import Foundation
import TodoCore

/// How `list` orders the tasks within each group.
enum ListOrder: String, ExpressibleByArgument, CaseIterable {
    case due
    case priority
    case title
    case created

    /// The positions of `rows` in this order: groups first, then this order's
    /// keys, then the id.
    ///
    /// The keys are copied out of the rows first: sorting positions over an
    /// array of plain numbers moves and compares no task, so no string is
    /// retained or released per comparison.
    func order(of rows: [ListRow], tasks: [TodoTask]) -> [Int] {
        let keys = rows.map { SortKey($0, tasks[$0.index]) }
        var order = Array(rows.indices)
        switch self {
        case .title:
            order.sort { a, b in
                if keys[a].group != keys[b].group { return keys[a].group < keys[b].group }
                let comparison = tasks[rows[a].index].title.localizedCaseInsensitiveCompare(tasks[rows[b].index].title)
                if comparison != .orderedSame { return comparison == .orderedAscending }
                return keys[a].id < keys[b].id
            }
        case .due, .priority, .created:
            order.sort { a, b in areInIncreasingOrder(keys[a], keys[b]) }
        }
        return order
    }

    private func areInIncreasingOrder(_ a: SortKey, _ b: SortKey) -> Bool {
        if a.group != b.group { return a.group < b.group }
        switch self {
        case .due:
            if a.due != b.due { return a.due < b.due }
            if a.priority != b.priority { return a.priority > b.priority }
        case .priority:
            if a.priority != b.priority { return a.priority > b.priority }
            if a.due != b.due { return a.due < b.due }
        case .created:
            if a.created != b.created { return a.created < b.created }
        case .title:
            break
        }
        return a.id < b.id
    }

    /// What a row is sorted by. Sooner dues first and no due date last (an
    /// infinite key); higher priority first.
    private struct SortKey {
        let group: TaskGroup
        let due: Double
        let priority: Priority
        let created: Date
        let id: Int64

        init(_ row: ListRow, _ task: TodoTask) {
            group = row.group
            due = row.dueKey
            priority = task.priority
            created = task.createdAt
            id = task.id
        }
    }
}
