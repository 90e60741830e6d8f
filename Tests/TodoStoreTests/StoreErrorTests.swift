import Testing
import TodoStore

/// What the CLI prints when the store fails: one sentence naming the culprit.
@Suite("Store errors")
struct StoreErrorTests {
    @Test(
        "Each message is a sentence that names the path, folder or id at fault",
        arguments: [
            (StoreError.folderNotWritable(folder: "/srv/todo", reason: "cannot create it: permission denied"), "/srv/todo"),
            (.isFolder(path: "/home/ann/tasks"), "/home/ann/tasks"),
            (.fileNotAccessible(path: "/home/ann/t.sqlite", reason: "permission denied"), "/home/ann/t.sqlite"),
            (.emptyFile(path: "/home/ann/tasks.sqlite"), "/home/ann/tasks.sqlite"),
            (.notSQLite(path: "/home/ann/notes.txt"), "/home/ann/notes.txt"),
            (.foreignDatabase(path: "/home/ann/places.sqlite"), "/home/ann/places.sqlite"),
            (.newerSchema(path: "/home/ann/t.sqlite"), "/home/ann/t.sqlite"),
            (.damaged(path: "/home/ann/t.sqlite", reason: "database disk image is malformed"), "/home/ann/t.sqlite"),
            (.busy(path: "/home/ann/t.sqlite"), "/home/ann/t.sqlite"),
            (.replaced(path: "/home/ann/t.sqlite"), "/home/ann/t.sqlite"),
            (.diskFull(path: "/home/ann/t.sqlite"), "/home/ann/t.sqlite"),
            (.failed(path: "/home/ann/t.sqlite", reason: "disk I/O error"), "/home/ann/t.sqlite"),
            (.noSuchTask(id: 42), "42"),
            (.invalidTask(which: "Draft 3 of 10", problem: .emptyTitle), "Draft 3 of 10"),
            (.invalidTask(which: "Task 7", problem: .emptyCategory), "Task 7"),
        ]
    )
    func messages(error: StoreError, culprit: String) throws {
        let message = try #require(error.errorDescription)

        #expect(message.contains(culprit))
        #expect(message.hasSuffix("."))
        #expect(message.first?.isUppercase == true || message.first == "“")
    }
}
