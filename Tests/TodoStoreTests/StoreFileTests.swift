import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore
#if canImport(Glibc)
import Glibc
#endif

/// The store file on disk: where it is, who may read it, and which files are
/// refused and left untouched.
@Suite("The store file")
struct StoreFileTests {
    let folder: TemporaryFolder
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
    }

    private func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    // MARK: - Creation

    @Test("A new store's folders are 0700 and its files 0600")
    func permissionsOfNewStore() throws {
        let path = folder.file("data/todo-remind/tasks.sqlite")

        let store = try TaskStore(path: path)
        _ = try store.add(TaskDraft(title: "Private"), now: now)

        #expect(try permissions(folder.file("data")) == 0o700)
        #expect(try permissions(folder.file("data/todo-remind")) == 0o700)
        #expect(try permissions(path) == 0o600)
        // SQLite gives the WAL files the mode of the database file.
        #expect(try permissions(path + "-wal") == 0o600)
        #expect(try permissions(path + "-shm") == 0o600)
    }

    @Test("An existing folder keeps its permissions")
    func existingFolderUntouched() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)

        _ = try TaskStore(path: folder.file("tasks.sqlite"))

        #expect(try permissions(folder.path) == 0o755)
    }

    @Test("The store is marked as ours and its migrations are recorded")
    func fileIsMarked() throws {
        let path = folder.file("tasks.sqlite")
        do { _ = try TaskStore(path: path) }

        let output = try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(db.execute("PRAGMA application_id").fetchone()[0])
            print(db.execute("PRAGMA journal_mode").fetchone()[0])
            print(",".join(r[0] for r in db.execute("SELECT identifier FROM grdb_migrations ORDER BY identifier")))
            """, path)

        #expect(output == "\(0x5444_5244)\nwal\nv1,v10-folder-scan,v11-unfollowed-rule,v12-task-file-versions,v13-unfollowed-stored-rules,v14-repeat-start-wall,v15-events,v16-journal,v17-tags-subtasks-start,v18-task-origin,v19-journal-origin,v2-delivery-ledger,v20-journal-added-span,v21-event-by-uid,v22-one-ledger,v3-snooze,v4-covering-reminder-queue,v5-repeat,v6-reminder-identity,v7-daemon-state,v8-reminder-queue-by-priority,v9-calendar\n")
    }

    @Test("A 0-byte file is not a store: refused, left as it was, nothing beside it")
    func emptyFileRefused() throws {
        let path = folder.file("tasks.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))

        #expect(throws: StoreError.emptyFile(path: path)) { try TaskStore(path: path) }
        #expect(throws: StoreError.emptyFile(path: path)) { try TaskStore(path: path, access: .readOnly) }

        #expect(folder.contents("tasks.sqlite") == Data())
        #expect(!folder.exists("tasks.sqlite-wal"))
        #expect(!folder.exists("tasks.sqlite-shm"))
    }

    @Test("An SQLite database with no tables is another program's: refused, byte for byte as it was, nothing beside it")
    func emptyDatabaseRefused() throws {
        let path = folder.file("tasks.sqlite")
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA user_version = 3")
            db.close()
            """, path)
        let original = try #require(folder.contents("tasks.sqlite"))
        #expect(original.count > 0)

        #expect(throws: StoreError.foreignDatabase(path: path)) { try TaskStore(path: path) }
        #expect(throws: StoreError.foreignDatabase(path: path)) { try TaskStore(path: path, access: .readOnly) }

        #expect(folder.contents("tasks.sqlite") == original)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test("A store opened read-only where none exists is an error, and nothing is created")
    func missingReadOnly() throws {
        let path = folder.file("sub/tasks.sqlite")

        #expect(throws: StoreError.missing(path: path)) { try TaskStore(path: path, access: .readOnly) }

        #expect(!FileManager.default.fileExists(atPath: folder.file("sub")))
    }

    @Test("A new store is made whole in one step: no file is left beside it")
    func createdWhole() throws {
        let path = folder.file("tasks.sqlite")

        _ = try TaskStore(path: path)

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.filter { $0 != "tasks.sqlite" && !$0.hasPrefix("tasks.sqlite-") } == [])
    }

    // MARK: - Refusals

    @Test("A file of other bytes is refused and left untouched")
    func garbageRefused() throws {
        let path = folder.file("notes.txt")
        let garbage = Data(String(repeating: "Not a database, just notes.\n", count: 20).utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: garbage))

        #expect(throws: StoreError.notSQLite(path: path)) { try TaskStore(path: path) }

        #expect(folder.contents("notes.txt") == garbage)
        #expect(!folder.exists("notes.txt-wal"))
    }

    @Test("A file shorter than an SQLite header is refused")
    func shortFileRefused() throws {
        let path = folder.file("short")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("SQLite".utf8)))

        #expect(throws: StoreError.notSQLite(path: path)) { try TaskStore(path: path) }
    }

    @Test(
        "Another program's SQLite database is refused and left byte for byte as it was",
        arguments: [0, 1_234]
    )
    func foreignDatabaseRefused(applicationID: Int) throws {
        let path = folder.file("other.db")
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA application_id = " + sys.argv[2])
            db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
            db.executemany("INSERT INTO note (text) VALUES (?)", [("one",), ("two",)])
            db.commit()
            db.close()
            """, path, String(applicationID))
        let before = try #require(folder.contents("other.db"))

        #expect(throws: StoreError.foreignDatabase(path: path)) { try TaskStore(path: path) }

        #expect(folder.contents("other.db") == before)
        #expect(!folder.exists("other.db-wal"))
        #expect(!folder.exists("other.db-shm"))
        #expect(!folder.exists("other.db-journal"))
    }

    @Test("Another program's database whose latest pages are in its WAL is refused untouched")
    func foreignWALDatabaseRefused() throws {
        let path = folder.file("other.db")
        // os._exit skips closing, which leaves the committed pages in the -wal file.
        try Python.run("""
            import os, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
            db.execute("INSERT INTO note (text) VALUES ('one')")
            db.commit()
            os._exit(0)
            """, path)
        let before = try #require(folder.contents("other.db"))
        let walBefore = try #require(folder.contents("other.db-wal"))
        #expect(!walBefore.isEmpty)

        #expect(throws: StoreError.foreignDatabase(path: path)) { try TaskStore(path: path) }

        #expect(folder.contents("other.db") == before)
        #expect(folder.contents("other.db-wal") == walBefore)
    }

    @Test("A store written by a newer todo-remind (more migrations, a higher user_version) is refused by a write and a read, and left untouched")
    func newerSchemaRefused() throws {
        let path = folder.file("tasks.sqlite")
        do {
            let store = try TaskStore(path: path)
            _ = try store.add(TaskDraft(title: "Written by this version"), now: now)
        }
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')")
            db.execute("PRAGMA user_version = 999")
            db.commit()
            db.close()
            """, path)
        let before = try #require(folder.contents("tasks.sqlite"))

        #expect(throws: StoreError.newerSchema(path: path)) { try TaskStore(path: path) }
        #expect(throws: StoreError.newerSchema(path: path)) { try TaskStore(path: path, access: .readOnly) }

        #expect(folder.contents("tasks.sqlite") == before)
    }

    @Test("A store made before the current mark is read without a write, and marked by the first command that writes")
    func currentMark() throws {
        let path = folder.file("tasks.sqlite")
        do {
            let store = try TaskStore(path: path)
            _ = try store.add(TaskDraft(title: "Kept"), now: now)
        }
        func userVersion() throws -> String {
            try Python.run("""
                import sqlite3, sys
                print(sqlite3.connect(sys.argv[1]).execute("PRAGMA user_version").fetchone()[0])
                """, path).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let current = try userVersion()
        #expect(current != "0")
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA user_version = 0")
            db.commit()
            db.close()
            """, path)
        let before = try #require(folder.contents("tasks.sqlite"))

        let reader = try TaskStore(path: path, access: .readOnly)
        #expect(try reader.task(id: 1)?.title == "Kept")
        try reader.close()
        #expect(folder.contents("tasks.sqlite") == before)
        #expect(try userVersion() == "0")

        let writer = try TaskStore(path: path)
        try writer.close()
        #expect(try userVersion() == current)
    }

    @Test("A folder at the store's path is refused")
    func folderRefused() throws {
        #expect(throws: StoreError.isFolder(path: folder.path)) { try TaskStore(path: folder.path) }
    }

    @Test("A named pipe at the store's path is refused without waiting for a writer")
    func namedPipeRefused() throws {
        let path = folder.file("pipe")
        #expect(mkfifo(path, 0o600) == 0)

        #expect(throws: StoreError.fileNotAccessible(path: path, reason: "it is not a regular file")) {
            try TaskStore(path: path)
        }
    }

    @Test("A file where a folder of the path should be is named")
    func fileInsteadOfFolder() throws {
        let blocker = folder.file("data")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))

        #expect(throws: StoreError.folderNotWritable(folder: blocker, reason: "it is a file, not a folder")) {
            try TaskStore(path: folder.file("data/todo-remind/tasks.sqlite"))
        }
    }

    #if os(Linux)
    @Test("A folder that cannot be created is named, whoever runs the test")
    func folderCannotBeCreated() throws {
        // Not even root may create folders in /sys.
        let blocked = "/sys/todo-remind-test-\(UUID().uuidString)"

        let error = try #require(throws: StoreError.self) {
            try TaskStore(path: blocked + "/tasks.sqlite")
        }

        guard case .folderNotWritable(let named, let reason) = error else {
            Issue.record("Expected folderNotWritable, got \(error)")
            return
        }
        #expect(named == blocked)
        #expect(reason.hasPrefix("cannot create it: "))
        #expect(error.localizedDescription.contains("“\(blocked)”"))
    }
    #endif
}
