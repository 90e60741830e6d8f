import Foundation
import TestSupport
import Testing

/// Several `todo-remind` processes on one store at once.
@Suite("several processes", .ownThread)
struct ConcurrencyTests {
    @Test("two writers adding 20 tasks each at the same time all succeed")
    func twoWriters() throws {
        let cli = try CLI()
        defer { cli.remove() }
        // The store exists before the race, as it would on a machine in use.
        try cli.ok("list")
        let results = Shared<[String: CLI.Result]>([:])

        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for number in 1...20 {
                let title = "Writer \(writer) task \(number)"
                do {
                    let result = try cli.run(["add", title, "--due", "2099-12-01"])
                    results.withLock { $0[title] = result }
                } catch {
                    results.withLock { $0[title] = CLI.Result(status: -1, stdout: "", stderr: "\(error)") }
                }
            }
        }

        let all = results.get()
        #expect(all.count == 40)
        for (title, result) in all {
            #expect(result.status == 0, "\(title): \(result)")
            #expect(!result.stderr.localizedCaseInsensitiveContains("locked"), "\(title): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Added "), "\(title): \(result)")
        }
        let tasks = try cli.objects("export")
        #expect(tasks.count == 40)
        #expect(Set(tasks.compactMap { $0["id"] as? Int }) == Set(1...40))
        #expect(Set(tasks.compactMap { $0["title"] as? String }) == Set(all.keys))
    }

    @Test("four writers adding 25 tasks each into a list's folder: every task keeps the id add printed")
    func writersIntoAFolderKeepTheirIds() throws {
        // A writer once listed the folder before taking the store's
        // lock; a file written meanwhile looked removed, and its task was
        // deleted and read in again under a new id (103 became 105).
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli, defaultList: "work")
        try cli.ok("list")
        let printed = Shared<[String: Int]>([:])
        let failures = Shared<[String]>([])

        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for number in 1...25 {
                let title = "Writer \(writer) task \(number)"
                do {
                    let result = try cli.run(["add", title])
                    let id = result.stdout.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                    if result.status == 0, let id {
                        printed.withLock { $0[title] = id }
                    } else {
                        failures.withLock { $0.append("\(title): \(result)") }
                    }
                } catch {
                    failures.withLock { $0.append("\(title): \(error)") }
                }
            }
        }

        #expect(failures.get().isEmpty, "\(failures.get())")
        let tasks = try cli.objects("export")
        let now = Dictionary(tasks.compactMap { task in (task["title"] as? String).map { ($0, task["id"] as? Int) } }) { first, _ in first }
        #expect(tasks.count == 100)
        #expect(try lists.files("work").count == 100)
        let moved = printed.get().filter { now[$0.key] != $0.value }
        #expect(moved.isEmpty, "ids changed: \(moved.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value) → \(now[$0.key].map { "\($0 ?? -1)" } ?? "gone")" })")
    }

    @Test("two writers racing to create a new store both succeed")
    func twoCreators() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let results = Shared<[String: CLI.Result]>([:])

        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for number in 1...5 {
                let title = "Writer \(writer) task \(number)"
                do {
                    let result = try cli.run(["add", title])
                    results.withLock { $0[title] = result }
                } catch {
                    results.withLock { $0[title] = CLI.Result(status: -1, stdout: "", stderr: "\(error)") }
                }
            }
        }

        for (title, result) in results.get() {
            #expect(result.status == 0, "\(title): \(result)")
        }
        #expect(try cli.objects("export").count == 10)
    }

    @Test("a reader listing while a writer adds always sees a whole store")
    func readerAndWriter() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("list")
        let results = Shared<[String: CLI.Result]>([:])

        DispatchQueue.concurrentPerform(iterations: 2) { role in
            for number in 1...15 {
                let key = role == 0 ? "add \(number)" : "list \(number)"
                let arguments = role == 0 ? ["add", "Task \(number)"] : ["list", "--json"]
                do {
                    let result = try cli.run(arguments)
                    results.withLock { $0[key] = result }
                } catch {
                    results.withLock { $0[key] = CLI.Result(status: -1, stdout: "", stderr: "\(error)") }
                }
            }
        }

        for (key, result) in results.get() {
            #expect(result.status == 0, "\(key): \(result)")
            if key.hasPrefix("list") {
                let parsed = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                #expect(parsed is [[String: Any]], "\(key): \(result.stdout)")
            }
        }
        #expect(try cli.objects("export").count == 15)
    }
}
