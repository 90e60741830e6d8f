import Foundation
import Testing

/// Several `todo-remind` processes on one store at once.
@Suite("several processes")
struct ConcurrencyTests {
    /// Collects results from several threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String: CLI.Result] = [:]

        func record(_ key: String, _ result: CLI.Result) {
            lock.lock()
            items[key] = result
            lock.unlock()
        }

        var all: [String: CLI.Result] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }

    @Test("two writers adding 20 tasks each at the same time all succeed")
    func twoWriters() throws {
        let cli = try CLI()
        defer { cli.remove() }
        // The store exists before the race, as it would on a machine in use.
        try cli.ok("list")
        let results = Results()

        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for number in 1...20 {
                let title = "Writer \(writer) task \(number)"
                do {
                    results.record(title, try cli.run(["add", title, "--due", "2099-12-01"]))
                } catch {
                    results.record(title, CLI.Result(status: -1, stdout: "", stderr: "\(error)"))
                }
            }
        }

        let all = results.all
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

    @Test("two writers racing to create a new store both succeed")
    func twoCreators() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let results = Results()

        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for number in 1...5 {
                let title = "Writer \(writer) task \(number)"
                do {
                    results.record(title, try cli.run(["add", title]))
                } catch {
                    results.record(title, CLI.Result(status: -1, stdout: "", stderr: "\(error)"))
                }
            }
        }

        for (title, result) in results.all {
            #expect(result.status == 0, "\(title): \(result)")
        }
        #expect(try cli.objects("export").count == 10)
    }

    @Test("a reader listing while a writer adds always sees a whole store")
    func readerAndWriter() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("list")
        let results = Results()

        DispatchQueue.concurrentPerform(iterations: 2) { role in
            for number in 1...15 {
                let key = role == 0 ? "add \(number)" : "list \(number)"
                let arguments = role == 0 ? ["add", "Task \(number)"] : ["list", "--json"]
                do {
                    results.record(key, try cli.run(arguments))
                } catch {
                    results.record(key, CLI.Result(status: -1, stdout: "", stderr: "\(error)"))
                }
            }
        }

        for (key, result) in results.all {
            #expect(result.status == 0, "\(key): \(result)")
            if key.hasPrefix("list") {
                let parsed = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                #expect(parsed is [[String: Any]], "\(key): \(result.stdout)")
            }
        }
        #expect(try cli.objects("export").count == 15)
    }
}
