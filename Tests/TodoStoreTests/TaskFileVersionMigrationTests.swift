import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// A store from before versions were kept as properties (task_file.base and
/// task_file_written) reaching v12-task-file-versions.
@Suite struct TaskFileVersionMigrationTests {
    let folder: TemporaryFolder
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("A base and a version written here are carried over as files, with nothing of tasks deleted since, and task_file.base is emptied")
    func basesAreCarriedOver() throws {
        let path = folder.file("tasks.sqlite")
        let taskID = try TaskStore(path: path).withTaskFiles(now: now) { files in
            let task = TodoTask(id: 0, title: "Task 01", createdAt: now, list: "/lists/home")
            return try files.add(task, file: TaskFile(taskID: 0, folder: "/lists/home", name: "a.ics", uid: "a", etag: "1")).id
        }
        // The store as v11 left it: a base, one version written since, and
        // the file row of a task deleted here whose file is not yet removed.
        _ = try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("DELETE FROM grdb_migrations WHERE identifier = 'v12-task-file-versions'")
            db.execute("PRAGMA user_version = 0")
            db.execute("DROP TABLE task_file_version")
            db.execute("CREATE TABLE task_file_written (id INTEGER PRIMARY KEY, task_id INTEGER NOT NULL, bytes BLOB NOT NULL)")
            db.execute("UPDATE task_file SET base = ?", (b"read",))
            db.execute("INSERT INTO task_file_written (task_id, bytes) VALUES (?, ?)", (int(sys.argv[2]), b"written"))
            db.execute("INSERT INTO task_file (task_id, folder, base, dirty) VALUES (999, '/lists/home', x'00', 1)")
            db.execute("INSERT INTO task_file_written (task_id, bytes) VALUES (999, x'00')")
            db.commit()
            """, path, String(taskID))

        let store = try TaskStore(path: path)

        let versions = try store.readingTaskFiles { try $0.versions(taskID: taskID) }
        #expect(versions.map(\.content) == [Array("read".utf8), Array("written".utf8)])
        #expect(versions.map(\.isFile) == [true, true])
        #expect(versions.map(\.writtenHere) == [false, true])
        #expect(try store.readingTaskFiles { try $0.versions(taskID: 999) }.isEmpty)
        let bases = try Python.run("""
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM task_file WHERE base IS NOT NULL").fetchone()[0])
            """, path)
        #expect(bases == "0\n")
    }
}
