import FoundationEssentials
import TodoCore

/// Why the task store could not be opened, read or written.
///
/// Every message names the path, value or id at fault and says what would be
/// right, so the CLI can print `errorDescription` as it is.
public enum StoreError: LocalizedError, Equatable, Sendable {
    /// The folder that should hold the store cannot be created or written.
    case folderNotWritable(folder: String, reason: String)
    /// A folder sits where the store file should be.
    case isFolder(path: String)
    /// The file exists but this user cannot read and write it, or it is not a regular file.
    case fileNotAccessible(path: String, reason: String)
    /// No store exists at the path, and the command only reads.
    case missing(path: String)
    /// The store may be read but not written, and the command writes.
    case readOnly(path: String)
    /// The file is empty (0 bytes): not a store, and never made into one.
    case emptyFile(path: String)
    /// The file holds bytes that are not an SQLite database.
    case notSQLite(path: String)
    /// The file is an SQLite database that another program made.
    case foreignDatabase(path: String)
    /// The file is a todo-remind store with migrations this version does not know.
    case newerSchema(path: String)
    /// The file is a todo-remind store whose contents cannot be read back.
    case damaged(path: String, reason: String)
    /// Another process kept the store locked for longer than the busy timeout.
    case busy(path: String)
    /// The file at the path is no longer the store that was opened: it was
    /// deleted, moved away or replaced by another file.
    case replaced(path: String)
    /// The disk holding the store is full.
    case diskFull(path: String)
    /// Any other failure reported by SQLite, with SQLite's own words.
    case failed(path: String, reason: String)
    /// No task has this id.
    case noSuchTask(id: Int64)
    /// A task breaks the rules of `TaskFields`; `which` names it ("Task 12",
    /// "Draft 3 of 10").
    case invalidTask(which: String, problem: TaskFieldError)

    public var errorDescription: String? {
        switch self {
        case .folderNotWritable(let folder, let reason):
            "The folder “\(folder)” cannot hold the task store (\(reason)): choose a store path in a folder you can write, with --store or TODO_REMIND_STORE."
        case .isFolder(let path):
            "“\(path)” is a folder, not a task store file: give the path of a file instead, such as “\(path)/tasks.sqlite”."
        case .fileNotAccessible(let path, let reason):
            "The task store “\(path)” cannot be opened (\(reason)): it must be a regular file you can read and write."
        case .missing(let path):
            "There is no task store at “\(path)”, and nothing was created: check the path, or add a task to start a store there."
        case .readOnly(let path):
            "The task store “\(path)” can be read but not written, so nothing was changed: `list`, `show`, `next`, `export` and `status` still work on it."
        case .emptyFile(let path):
            "“\(path)” is an empty file, so it is not a todo-remind store and was left untouched: remove it to start a store there, or give another path with --store or TODO_REMIND_STORE."
        case .notSQLite(let path):
            "“\(path)” is not an SQLite database, so it is not a todo-remind store and was left untouched: give the path of a store, or of a file that does not exist yet."
        case .foreignDatabase(let path):
            "“\(path)” is an SQLite database of another program, not a todo-remind store, and was left untouched: choose another path for the store."
        case .newerSchema(let path):
            "“\(path)” was written by a newer todo-remind that this version cannot read, and was left untouched: update todo-remind to use this store."
        case .damaged(let path, let reason):
            "The task store “\(path)” is damaged (\(reason)): restore it from a backup, or move it aside to start a new store."
        case .busy(let path):
            "The task store “\(path)” stayed locked by another process for more than \(Int(TaskStore.busyTimeout)) seconds, so nothing was done: try again once the other todo-remind command has finished."
        case .replaced(let path):
            "The task store “\(path)” was deleted, moved or replaced by another file since it was opened, so nothing was written: run the command again to use what is at that path now."
        case .diskFull(let path):
            "The task store “\(path)” cannot grow because its disk is full, so nothing was saved: free some space and try again."
        case .failed(let path, let reason):
            "SQLite could not use the task store “\(path)” (\(reason)), so nothing was saved: check the file and its folder, then try again."
        case .noSuchTask(let id):
            "There is no task with id \(id), so nothing was changed: list the tasks to see the ids in use."
        case .invalidTask(let which, .emptyTitle):
            "\(which) cannot be saved because its title is empty or only whitespace, so nothing was saved: give it a title."
        case .invalidTask(let which, .emptyCategory):
            "\(which) cannot be saved because its category is empty, so nothing was saved: give it a category such as \(TodoTask.defaultCategory)."
        case .invalidTask(let which, .emptyTag):
            "\(which) cannot be saved because one of its tags is empty, so nothing was saved: give each tag a word."
        case .invalidTask(let which, .nulCharacter(let field)):
            "\(which) cannot be saved because its \(field) holds a NUL character (U+0000), so nothing was saved: take it out."
        }
    }
}
