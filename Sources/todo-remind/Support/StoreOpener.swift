import FoundationEssentials
import Synchronization
import TodoCore
import TodoListing
import TodoStore
import TodoSync

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
    /// How the store is kept in step with the lists' folders; nil without
    /// `[[calendar]]` folders.
    let folders: CommandSync?
    private var opened: TaskStore?

    init(path: String, access: Context.Access, isDefault: Bool, folders: CommandSync? = nil) {
        self.path = path
        self.access = access
        self.isDefault = isDefault
        self.folders = folders
    }

    /// The store, opened on the first call; a reading command creates nothing.
    ///
    /// Before the first `add` the default store does not exist: a reading
    /// command then shows an empty list. A path the user named that holds no
    /// store is an error (a typo must not look like an empty list).
    ///
    /// With folders configured, the store first reads in what changed in
    /// them (`CommandSync`), which needs writing even for a reading command:
    /// a store the user may only read is then read as it is.
    func store() throws -> TaskStore {
        if let opened { return opened }
        let store: TaskStore
        if let synced = try openSynced() {
            store = synced
        } else if access == .write {
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

    /// The store opened for writing and synced with the folders, when
    /// folders are configured and the store can be written.
    private func openSynced() throws -> TaskStore? {
        guard let folders else { return nil }
        // A missing or unreadable store goes the writing way, which makes
        // it or says why not.
        if access == .read, let reader = try? TaskStore(path: path, access: .readOnly) {
            if try !folders.needsWriting(reader) { return reader }
            try? reader.close()
        }
        let store: TaskStore
        do {
            store = try TaskStore(path: path)
        } catch StoreError.readOnly where access == .read {
            return nil
        }
        let writeOut = try folders.start(store)
        Self.everySynced.withLock { $0.append(writeOut) }
        return store
    }

    /// Every store this process opened, for `closeAll()`.
    private static let everyOpened = Mutex<[TaskStore]>([])

    /// The write-outs of the stores opened, which `closeAll()` runs.
    private static let everySynced = Mutex<[CommandSync.WriteOut]>([])

    /// Writes the tasks the command changed into their folders' files.
    ///
    /// A file that cannot be written (a folder made read-only, a full
    /// disk) costs nothing but a warning: the change is in the store, marked
    /// pending, and the next command or the daemon writes it. The warning is
    /// about the command's own changes only (`CommandSync.WriteOut.run`).
    static func writeOutAll() {
        let writeOuts: [CommandSync.WriteOut] = everySynced.withLock { writeOuts in
            defer { writeOuts = [] }
            return writeOuts
        }
        for writeOut in writeOuts {
            do {
                let own = try writeOut.run()
                let shown = TodoRemind.Sync.unwrittenShown
                for file in own.prefix(shown) {
                    Warning.write(file.message)
                }
                if own.count > shown {
                    Warning.write("the files of \(own.count - shown) more tasks could not be written either; sync --check reports them.")
                }
            } catch {
                Warning.write("the change is saved, but its calendar file could not be written (\(error.readableDescription)); the next command or the daemon will write it.")
            }
        }
    }

    /// Closes every store this process opened.
    ///
    /// Called where the process ends, however a command ended (`TodoRemind.main`
    /// and the early exits), so that the last process to use a store leaves
    /// no `-wal` or `-shm` file beside it (see `TaskStore.close()`).
    static func closeAll() {
        writeOutAll()
        for store in everyOpened.withLock({ stores in defer { stores = [] }; return stores }) {
            // A store that cannot be closed keeps its -wal, which SQLite
            // reads back as this store's next time: no reason to fail a
            // command that has done its work.
            try? store.close()
        }
    }
}
