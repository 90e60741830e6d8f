import Foundation
import TestSupport
import Testing

/// The view under 10,000 random keys, on a list in a folder.
@Suite("the interactive view under random keys", .ownThread)
struct RandomKeyTests {
    /// The keys the run draws from: every key of the view but those that
    /// leave it (q, Ctrl-C, Ctrl-Z), and what a form, a search or a WHEN is
    /// typed with. tmux's names; a character stands for itself.
    static let keys: [String] = [
        "j", "k", "g", "G", "Down", "Up", "NPage", "PPage", "Home", "End", "Enter", "Escape", "Tab", "BTab",
        "Space", "BSpace", "DC", "Left", "Right", "C-u",
        "a", "e", "x", "d", "r", "s", "u", "/", "p", "c", "o", "h", "?", "y", "n",
        "1", "2", "3", "+", "m", "t", "w", "0", "9", "-", ":", "é", "漢",
    ]

    /// Keys picked with a seed, the same keys every run of a seed.
    struct Keys {
        var random: SeededGenerator

        init(state: UInt64) {
            random = SeededGenerator(seed: state)
        }

        mutating func next() -> String {
            RandomKeyTests.keys[Int(random.next() % UInt64(RandomKeyTests.keys.count))]
        }
    }

    @Test("10,000 seeded random keys never crash the view, leave the store in step with its folder (sync --check), and the terminal restored")
    func randomKeys() throws {
        let seed = ProcessInfo.processInfo.environment["TODO_REMIND_RANDOM_SEED"].flatMap { UInt64($0) } ?? 2_311
        var cli = try CLI()
        defer { cli.remove() }
        try FileManager.default.createDirectory(atPath: cli.path("cal/personal"), withIntermediateDirectories: true)
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write("config.toml", "[[calendar]]\npath = \"cal/*\"\n")
        for number in 1...25 {
            let due = ["yesterday", "today", "+2h", "tomorrow 9:00", "+3d", "fri", "+2w"][number % 7]
            var arguments = ["add", "Task \(number)", "--due", due, "--priority", ["low", "medium", "high"][number % 3]]
            if number % 5 == 0 { arguments += ["--repeat", "weekly"] }
            if number % 6 == 0 { arguments += ["--remind", "-15m"] }
            try cli.ok(arguments)
        }
        try cli.ok("add", "No due", "--category", "Home")
        try cli.ok("done", "Task 3", "Task 7")

        let before = try cli.contents()
        let view = try RunningView(cli, width: 100, height: 30)
        defer { view.end() }
        var keys = Keys(state: seed)
        let batches = 40
        for batch in 0..<batches {
            try view.tmux.press((0..<250).map { _ in keys.next() })
            #expect(!view.tmux.hasEnded, "seed \(seed): the view ended during batch \(batch): \(view.stderr)")
            if view.tmux.hasEnded { return }
            // Let the view catch up now and then, so that the terminal's buffer never fills.
            _ = view.tmux.waitForScreen(within: .seconds(30)) { $0.hasPrefix("todo-remind ·") || $0.contains("Add a task") || $0.contains("Edit task") }
        }
        try view.press("Escape", "Escape", "Escape")
        #expect(view.tmux.waitForScreen(within: .seconds(60)) { $0.contains("? help") && !$0.contains("Esc") }, "seed \(seed): \(view.screenOrError)")
        #expect(try view.quit() == 0, "seed \(seed)")
        try view.expectRestored()
        let check = try cli.run(["sync", "--check"])
        #expect(check.status == 0, "seed \(seed): \(check)")
        // The keys did something: tasks were added, changed or deleted.
        #expect(try cli.contents() != before, "seed \(seed): the store is as it was")
        let changes = try cli.python("""
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM journal WHERE author = 'view'").fetchone()[0])
            """, cli.storePath)
        #expect((Int(changes.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 100, "seed \(seed): \(changes) changes")
    }
}
