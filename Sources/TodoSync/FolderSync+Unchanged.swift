import FoundationEssentials
import TodoStore

extension FolderSync {
    /// Whether `run(skippingUnchangedAt:)` has anything to do: a folder
    /// changed since its last scan (`FolderScan`), a task changed here
    /// whose file is not written yet, or one whose file was never read for
    /// the fields this version added (`fillIn`). Only reads the store, so a command
    /// that only reads need not open it for writing when nothing changed.
    public func hasChanges(at realNow: Date) throws -> Bool {
        for list in lists.lists where try !FolderScan(of: list, at: realNow).isUnchanged(in: store) {
            return true
        }
        return try store.hasPendingFiles() || store.hasTasksToFillIn(inFolders: lists.lists.map(\.path))
    }
}
