import FoundationEssentials
import TodoCore
import TodoStore

/// Turns the TASK arguments a person typed into tasks: an id, or text that
/// matches the title of exactly one task among those the command applies to,
/// or the whole title (any case) of exactly one of several it matches: the
/// commands' TASK, and the interactive view's Parent field.
public struct TaskResolver {
    public let store: TaskStore

    public init(store: TaskStore) {
        self.store = store
    }

    /// Resolves every reference before anything changes, so one bad reference
    /// stops the whole command. Duplicates collapse to one task.
    public func resolve(_ references: [String], scope: TaskScope) throws -> [TodoTask] {
        var seen = Set<Int64>()
        var tasks: [TodoTask] = []
        for reference in references {
            let task = try resolve(reference, scope: scope)
            if seen.insert(task.id).inserted { tasks.append(task) }
        }
        return tasks
    }

    public func resolve(_ reference: String, scope: TaskScope) throws -> TodoTask {
        let trimmed = reference.trimmingSpaces()
        if let id = Int64(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed) {
            guard let task = try store.task(id: id) else { throw ResolveError.noSuchID(id) }
            return task
        }
        guard !trimmed.isEmpty else { throw ResolveError.empty }
        let matches = try store.tasks(titleContaining: trimmed, scope: scope)
        switch matches.count {
        case 0: throw ResolveError.noMatch(trimmed, scope)
        case 1: return matches[0]
        default:
            // A text that is one task's whole title names that task, even
            // when other titles contain it ("Pay" beside "Pay rent").
            let key = UnicodeFolding.foldCase(trimmed)
            let exact = matches.filter { UnicodeFolding.foldCase($0.title.trimmingSpaces()) == key }
            if exact.count == 1 { return exact[0] }
            throw ResolveError.ambiguous(trimmed, matches)
        }
    }
}

/// A TASK argument that names no task, or more than one.
public enum ResolveError: LocalizedError {
    case empty
    case noSuchID(Int64)
    case noMatch(String, TaskScope)
    case ambiguous(String, [TodoTask])

    public var errorDescription: String? {
        switch self {
        case .empty:
            return "A task reference is empty: give a task's id or part of its title."
        case .noSuchID(let id):
            return "There is no task \(id): `todo-remind list --all` shows every task's id."
        case .noMatch(let text, let scope):
            let which = switch scope {
            case .open: "open task"
            case .completed: "completed task"
            case .all: "task"
            }
            return "No \(which) has “\(text.safeForTerminal)” in its title: give an id, or other words from the title."
        case .ambiguous(let text, let tasks):
            let shown = tasks.prefix(8).map { "\($0.id) “\($0.title.safeForTerminal)”" }.joined(separator: ", ")
            let more = tasks.count > 8 ? " and \(tasks.count - 8) more" : ""
            return "“\(text.safeForTerminal)” matches \(tasks.count) tasks (\(shown)\(more)): give the id of the one you mean."
        }
    }
}
