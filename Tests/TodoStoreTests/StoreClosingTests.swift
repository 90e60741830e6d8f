import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// What a process leaves beside the store when it is done with it, and what
/// it does when the file at the path is no longer the one it opened.
@Suite("Closing the store, and a store deleted or replaced under it")
struct StoreClosingTests {
    let folder: TemporaryFolder
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Another program's SQLite database, in rollback-journal or WAL mode,
    /// with a table of its own; closed cleanly, so nothing is beside it.
    private func foreignDatabase(_ name: String, wal: Bool) throws -> String {
        let path = folder.file(name)
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            if sys.argv[2] == "wal":
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
            db.executemany("INSERT INTO note (text) VALUES (?)", [("one",), ("two",)])
            db.commit()
            db.close()
            """, path, wal ? "wal" : "delete")
        return path
    }

    /// The `-wal` and `-shm` files of a store as a process killed while it
    /// had the store open would leave them: its writes of many tasks (enough
    /// to grow the file, so page 1, with the store's mark, is in the WAL).
    private func leftoversOfAKilledProcess() throws -> (wal: Data, shm: Data) {
        let path = folder.file("killed.sqlite")
        let store = try TaskStore(path: path)
        _ = try store.importTasks(try (1...200).map { try TaskDraft(title: "Old task \($0)", notes: String(repeating: "x", count: 200)) }, now: now)
        let wal = try #require(folder.contents("killed.sqlite-wal"))
        let shm = try #require(folder.contents("killed.sqlite-shm"))
        try store.close()
        return (wal, shm)
    }

    @Test("Closing the store removes its -wal and -shm files", arguments: [TaskStore.Access.readWrite, .readOnly])
    func closeRemovesWAL(access: TaskStore.Access) throws {
        let path = folder.file("tasks.sqlite")
        try TaskStore(path: path).close()
        let store = try TaskStore(path: path, access: access)
        _ = try store.tasks(TaskQuery())
        #expect(folder.exists("tasks.sqlite-wal"))

        try store.close()

        #expect(!folder.exists("tasks.sqlite-wal"))
        #expect(!folder.exists("tasks.sqlite-shm"))
    }

    @Test("Another program's database moved to the path with a store's stale -wal beside it is refused, and neither file is touched", arguments: [false, true])
    func foreignDatabaseWithStaleWAL(foreignInWALMode: Bool) throws {
        let stale = try leftoversOfAKilledProcess()
        let path = try foreignDatabase("tasks.sqlite", wal: foreignInWALMode)
        try stale.wal.write(to: URL(fileURLWithPath: path + "-wal"))
        let before = try #require(folder.contents("tasks.sqlite"))

        #expect(throws: StoreError.foreignDatabase(path: path)) { try TaskStore(path: path) }
        #expect(throws: StoreError.foreignDatabase(path: path)) { try TaskStore(path: path, access: .readOnly) }

        #expect(folder.contents("tasks.sqlite") == before)
        #expect(folder.contents("tasks.sqlite-wal") == stale.wal)
        #expect(!folder.exists("tasks.sqlite-shm"))
    }

    @Test("A new store is not made from a deleted store's -wal and -shm left beside its path")
    func newStoreIgnoresLeftovers() throws {
        let stale = try leftoversOfAKilledProcess()
        let path = folder.file("tasks.sqlite")
        try stale.wal.write(to: URL(fileURLWithPath: path + "-wal"))
        try stale.shm.write(to: URL(fileURLWithPath: path + "-shm"))

        let store = try TaskStore(path: path)

        #expect(try store.tasks(TaskQuery()).isEmpty)
        #expect(try store.add(TaskDraft(title: "New"), now: now).id == 1)
    }

    @Test("A store whose file was deleted knows it, and writes nothing more")
    func deletedStore() throws {
        let path = folder.file("tasks.sqlite")
        let store = try TaskStore(path: path)
        _ = try store.add(TaskDraft(title: "Before"), now: now)
        #expect(store.isInPlace)

        try FileManager.default.removeItem(atPath: path)

        #expect(!store.isInPlace)
        #expect(throws: StoreError.replaced(path: path)) { try store.add(TaskDraft(title: "After"), now: now) }
    }

    @Test("A store whose file was replaced by another program's database writes nothing to the -wal beside it")
    func replacedStore() throws {
        let path = folder.file("tasks.sqlite")
        let store = try TaskStore(path: path)
        _ = try store.add(TaskDraft(title: "Before"), now: now)
        let foreign = try foreignDatabase("other.db", wal: false)
        let foreignBytes = try #require(folder.contents("other.db"))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: foreign, toPath: path)
        let walBefore = folder.contents("tasks.sqlite-wal")

        #expect(!store.isInPlace)
        #expect(throws: StoreError.replaced(path: path)) { try store.add(TaskDraft(title: "After"), now: now) }

        #expect(folder.contents("tasks.sqlite-wal") == walBefore)
        #expect(folder.contents("tasks.sqlite") == foreignBytes)

        // SQLite leaves the WAL of a file that has moved; the store removes
        // it, or the next to open the foreign file would replay it there.
        try store.close()

        #expect(!folder.exists("tasks.sqlite-wal"))
        #expect(!folder.exists("tasks.sqlite-shm"))
        #expect(folder.contents("tasks.sqlite") == foreignBytes)
    }

    @Test("A store opened only if it exists is not created, and a 0-byte file is refused")
    func existingOnly() throws {
        let path = folder.file("tasks.sqlite")
        #expect(throws: StoreError.missing(path: path)) { try TaskStore(path: path, access: .readWriteExisting) }
        #expect(!folder.exists("tasks.sqlite"))
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: StoreError.emptyFile(path: path)) { try TaskStore(path: path, access: .readWriteExisting) }
        #expect(folder.contents("tasks.sqlite") == Data())

        try FileManager.default.removeItem(atPath: path)
        try TaskStore(path: path).close()

        #expect(try TaskStore(path: path, access: .readWriteExisting).isInPlace)
    }
}
