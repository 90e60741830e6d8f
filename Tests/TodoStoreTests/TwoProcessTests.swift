import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// The CLI and the daemon are two processes writing one store: neither may
/// fail with "database is locked" while the other writes.
@Suite("Two processes")
struct TwoProcessTests {
    @Test("Another process writing in a loop does not make the store's writes fail")
    func concurrentWriters() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let store = try TaskStore(path: path)
        let now = Date(timeIntervalSince1970: 1_780_000_000)

        // Each of Python's transactions holds the write lock a while, so the
        // store's writes must wait for it rather than fail.
        let (python, output, errors) = try Python.start("""
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
            for i in range(500):
                db.execute("BEGIN IMMEDIATE")
                db.execute(
                    "INSERT INTO task (title, category, priority, created_at, updated_at, reminder,"
                    " title_key, category_key) VALUES (?, 'General', 1, 0, 0, 1, ?, 'general')",
                    ("python %d" % i, "python %d" % i))
                time.sleep(0.002)
                db.execute("COMMIT")
                if i == 0:
                    print("started", flush=True)
                time.sleep(0.001)
            db.close()
            """, [path])
        // Wait for Python's first commit: it then has 499 transactions of at
        // least 3 ms each to go, so the two processes write at the same time.
        let started = output.fileHandleForReading.availableData
        #expect(String(decoding: started, as: UTF8.self).hasPrefix("started"))
        #expect(python.isRunning)

        for number in 0..<500 {
            let task = try store.add(TaskDraft(title: "swift \(number)"), now: now)
            // A modification reads before it writes: the kind of transaction
            // that fails at once when it is not begun IMMEDIATE.
            if number.isMultiple(of: 5) {
                _ = try store.modify(ids: [task.id], now: now) { $0.priority = .high }
            }
        }
        _ = try Python.finish(python, output: output, errors: errors)

        let tasks = try store.tasks(TaskQuery())
        #expect(tasks.count == 1_000)
        #expect(Set(tasks.map(\.title)) == Set((0..<500).flatMap { ["python \($0)", "swift \($0)"] }))
        #expect(tasks.filter { $0.priority == .high }.count == 100)
    }
}

extension TwoProcessTests {
    @Test("Many connections creating the same new store at once all open it")
    func concurrentCreation() throws {
        for _ in 0..<20 {
            let folder = try TemporaryFolder()
            let path = folder.file("new/tasks.sqlite")
            let failures = Shared<[String]>([])

            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do {
                    _ = try TaskStore(path: path).taskCounts()
                } catch {
                    let description = String(describing: error)
                    failures.withLock { $0.append(description) }
                }
            }

            #expect(failures.get().isEmpty)
        }
    }
}
