import Foundation
import TestSupport
import Testing
import TodoCore
import TodoListing
import TodoStore

/// TASK as a person types it: an id, part of one title, or one whole title
/// among several that contain it.
@Suite("Finding the task a person means")
struct TaskResolverTests {
    let folder: TemporaryFolder
    let store: TaskStore
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    init() throws {
        folder = try TemporaryFolder()
        store = try TaskStore(path: folder.file("tasks.sqlite"))
        for title in ["Pay rent", "Pay", "Buy milk", "Café crème"] {
            _ = try store.add(TaskDraft(title: title), now: Self.now)
        }
    }

    @Test("An id, #id, part of a title in any case or accent, or one whole title among several that contain it",
          arguments: [("3", "Buy milk"), ("#1", "Pay rent"), ("MILK", "Buy milk"), ("cafe", "Café crème"), ("pay", "Pay")])
    func finds(_ reference: String, _ title: String) throws {
        #expect(try TaskResolver(store: store).resolve(reference, scope: .all).title == title)
    }

    @Test("No task, an unknown id, an empty reference and a part of several titles are each one sentence")
    func refuses() throws {
        let resolver = TaskResolver(store: store)
        for reference in ["bread", "99", " ", "a"] {
            #expect(throws: ResolveError.self) { try resolver.resolve(reference, scope: .all) }
        }
        let unknown = #expect(throws: ResolveError.self) { try resolver.resolve("99", scope: .all) }
        #expect(unknown?.errorDescription?.contains("99") == true, "\(String(describing: unknown))")
    }
}
