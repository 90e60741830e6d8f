import FoundationEssentials
import Glibc
import TodoCalendar
import TodoCore

/// A task's file whose change waits: a write-out could not write, move or
/// remove it (its folder is read-only, full, gone or no longer a folder, or
/// the file there can no longer be read as a task), or `sync --check` found
/// it pending. The change stays in the store, marked pending, for the next
/// write-out.
public struct UnwrittenFile: Hashable, Sendable {
    public var taskID: Int64
    /// The task as the store holds it; nil for a deleted task whose file
    /// could not be removed.
    public var task: TodoTask?
    /// The folder the file was to be written in or removed from.
    public var folder: String
    /// Why, as the system puts it ("No space left on device"), or why the
    /// file there cannot be read; nil when no write was tried (`sync
    /// --check` tries none).
    public var cause: String?
    /// Whether the file to be rewritten, not its folder, is in the way: it
    /// can no longer be read as a task (past a bound of `ReadingLimits`,
    /// say, after an upgrade), and is rewritten only once it can.
    public var fileUnreadable = false

    public init(taskID: Int64, task: TodoTask?, folder: String, cause: String?) {
        self.taskID = taskID
        self.task = task
        self.folder = folder
        self.cause = cause.map(Self.clause)
    }

    /// The failure `error` of the file of `task` in `folder`: the cause is
    /// the system's word for the errno, since the call and the temporary
    /// file's name that `error` holds mean nothing to a user.
    init(taskID: Int64, task: TodoTask?, folder: String, error: VdirFolderError) {
        let cause = switch error {
        case .systemCall(_, _, let code): String(cString: strerror(code))
        default: error.readableDescription
        }
        self.init(taskID: taskID, task: task, folder: folder, cause: cause)
    }

    /// The file of `task` in `folder`, which `error` says cannot be read
    /// as a task: rewriting it from the store would lose what it holds, so
    /// the change waits until the file is one todo-remind can read.
    init(taskID: Int64, task: TodoTask?, folder: String, error: CalendarFileError) {
        self.init(taskID: taskID, task: task, folder: folder, cause: error.readableDescription)
        fileUnreadable = true
    }

    /// A sentence of its own, made a clause: its full stop would end the
    /// sentences it is put in too soon.
    private static func clause(_ sentence: String) -> String {
        var clause = sentence
        while clause.hasSuffix(".") { clause.removeLast() }
        return clause
    }

    /// The task, as a list of unwritten files names it: "not written: task
    /// 3 “Title”", or "not removed: the file of deleted task 3", with the
    /// cause when known.
    public var summary: String {
        let what = task.map { "not written: task \(taskID) “\($0.title)”" } ?? "not removed: the file of deleted task \(taskID)"
        return cause.map { "\(what): \($0)" } ?? what
    }

    /// The failure in a sentence that names the task and the folder, and
    /// what will become of the change.
    public var message: String {
        let what = task.map { "Task \(taskID) “\($0.title)” is saved, but its file in \(folder) could not be written" }
            ?? "Task \(taskID) is deleted, but its file in \(folder) could not be removed"
        let why = cause.map { ": \($0)" } ?? ""
        let when = fileUnreadable
            ? "The next command or the daemon writes it once that file can be read as a task again (replaced or fixed by the client that wrote it)."
            : "The next command or the daemon \(task == nil ? "removes" : "writes") it once the folder can be written."
        return "\(what)\(why). \(when)"
    }
}
