import Foundation
import Glibc
import TodoCalendar
import TodoCore

/// A task's file that a write-out could not write, move or remove: its
/// folder is read-only, full, gone or no longer a folder. The change stays
/// in the store, marked pending, for the next write-out.
public struct UnwrittenFile: Hashable, Sendable {
    public var taskID: Int64
    /// The task as the store holds it; nil for a deleted task whose file
    /// could not be removed.
    public var task: TodoTask?
    /// The folder the file was to be written in or removed from.
    public var folder: String
    /// Why, as the system puts it ("No space left on device").
    public var cause: String

    public init(taskID: Int64, task: TodoTask?, folder: String, cause: String) {
        self.taskID = taskID
        self.task = task
        self.folder = folder
        self.cause = cause
    }

    /// The failure `error` of the file of `task` in `folder`: the cause is
    /// the system's word for the errno, since the call and the temporary
    /// file's name that `error` holds mean nothing to a user.
    init(taskID: Int64, task: TodoTask?, folder: String, error: CalendarFolderError) {
        var cause = switch error {
        case .systemCall(_, _, let code): String(cString: strerror(code))
        default: error.localizedDescription
        }
        // A sentence of its own: its full stop would end `message` too soon.
        while cause.hasSuffix(".") { cause.removeLast() }
        self.init(taskID: taskID, task: task, folder: folder, cause: cause)
    }

    /// The failure in a sentence that names the task and the folder, and
    /// what will become of the change.
    public var message: String {
        let what = task.map { "Task \(taskID) “\($0.title)” is saved, but its file in \(folder) could not be written" }
            ?? "Task \(taskID) is deleted, but its file in \(folder) could not be removed"
        return "\(what): \(cause). The next command or the daemon \(task == nil ? "removes" : "writes") it once the folder can be written."
    }
}
