import Synchronization
import TodoStore

/// Opens the store when a command first needs it, once.
///
/// A command reads and checks everything it was given first (a WHEN, a
/// rule, a title), so that a mistake changes nothing: not even a first store
/// is created for a command that fails.
final class StoreOpener {
    let path: String
    let access: Context.Access
    /// Whether the path is the default one, not named by --store or TODO_REMIND_STORE.
    let isDefault: Bool
    private var opened: TaskStore?

    init(path: String, access: Context.Access, isDefault: Bool) {
        self.path = path
        self.access = access
        self.isDefault = isDefault
    }

    /// The store, opened on the first call; a reading command creates nothing.
    ///
    /// Before the first `add` the default store does not exist: a reading
    /// command then shows an empty list. A path the user named that holds no
    /// store is an error (a typo must not look like an empty list).
    func store() throws -> TaskStore {
        if let opened { return opened }
        let store: TaskStore
        if access == .write {
            store = try TaskStore(path: path)
        } else {
            do {
                store = try TaskStore(path: path, access: .readOnly)
            } catch StoreError.missing(let path) where isDefault {
                store = try TaskStore.empty(path: path)
            }
        }
        opened = store
        Self.everyOpened.withLock { $0.append(store) }
        return store
    }

    /// Every store this process opened, for `closeAll()`.
    private static let everyOpened = Mutex<[TaskStore]>([])

    /// Closes every store this process opened.
    ///
    /// Called where the process ends, however a command ended (`TodoRemind.main`
    /// and the early exits), so that the last process to use a store leaves
    /// no `-wal` or `-shm` file beside it (see `TaskStore.close()`).
    static func closeAll() {
        for store in everyOpened.withLock({ stores in defer { stores = [] }; return stores }) {
            // A store that cannot be closed keeps its -wal, which SQLite
            // reads back as this store's next time: no reason to fail a
            // command that has done its work.
            try? store.close()
        }
    }
}
