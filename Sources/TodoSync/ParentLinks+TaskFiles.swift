import TodoCalendar
import TodoStore

extension ParentLinks {
    /// The links of the store's files. A lookup that fails (the store
    /// cannot be read) names nothing, as a missing task would; the
    /// transaction's next write reports the store's error.
    init(_ files: TaskFiles) {
        self.init(id: { uid in (try? files.file(uid: uid))?.taskID }, uid: { taskID in try? files.uid(ofTask: taskID) })
    }
}
