import Foundation
import TestSupport
import Testing

/// The fuzzing of hostile input, for the two inputs that are not files: values in
/// the store (a flipped bit, another program's write) and values in the
/// config. A seeded generator puts a hostile value into one place at a
/// time; every command that reads it must answer or refuse with one
/// sentence and its exit status, never trap or hang (a stored instant and
/// `digest-threshold` each once ended `next` by SIGILL).
@Suite("stored and configured values, fuzzed", .ownThread)
struct StoredValueFuzzTests {
    /// The commands that read the whole store, each as the first thing a
    /// user would run on it.
    static let readers: [[String]] = [
        ["list", "--now", "2026-12-05 10:00"], ["list", "--all", "--json"], ["show", "1"], ["next", "--now", "2026-12-05 10:00"],
        ["export"], ["agenda", "--now", "2026-12-05 10:00"],
    ]

    /// The exit statuses a refusal may have: a task not found (1, when the
    /// damage hides task 1), the store damaged (74), or fine (0).
    static let storeStatuses: Set<Int32> = [0, 1, 74]

    @Test("A hostile value in any column of any table of a store is answered or refused as damage, never a crash", arguments: [UInt64(36), 37])
    func storeValues(seed: UInt64) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let now = ["--now", "2026-12-01 12:00"]
        try cli.ok(["add", "Pay rent", "--due", "2026-12-10 17:00", "--start", "2026-12-09 10:00", "--priority", "high", "--tag", "home"] + now)
        try cli.ok(["add", "Water plants", "--due", "2026-12-06", "--repeat", "every 3 days", "--notes", "balcony"] + now)
        try cli.ok(["add", "Buy paint", "--parent", "1", "--due", "2026-12-08 09:30", "--remind", "-1h"] + now)
        try cli.ok(["add", "Call Sam"] + now)
        try cli.ok(["snooze", "1", "2h"] + now)
        try cli.ok(["done", "4"] + now)
        let base = cli.storePath + ".base"
        try FileManager.default.copyItem(atPath: cli.storePath, toPath: base)

        // One mutation a case: a table, a column, a row, a value, chosen by
        // the seed; printed so that a failure names what was put where.
        let cases = try cli.python("""
            import random, shutil, sqlite3, sys
            rng = random.Random(int(sys.argv[3]))
            values = ["NULL", "0", "-1", "9223372036854775807", "-9223372036854775808", "1e300", "-1e300", "1.7969184e+300",
                      "253402387201", "-2209161601", "3.5", "''", "'garbage'", "X'00FF'", "'\\x1b]0;owned\\x07'",
                      "'FREQ=SECONDLY'", "'P99999999D'", "'-PT1H'", "'2026-13-45'", "'" + "x" * 10000 + "'", "'day'", "'time'"]
            db = sqlite3.connect(sys.argv[2])
            tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name != 'grdb_migrations'")]
            places = []
            for table in tables:
                if db.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0] == 0: continue
                for column in [row[1] for row in db.execute(f'PRAGMA table_info("{table}")')]:
                    places.append((table, column))
            db.close()
            for index in range(int(sys.argv[4])):
                table, column = rng.choice(places)
                value = rng.choice(values)
                path = f"{sys.argv[1]}.{index}"
                shutil.copyfile(sys.argv[2], path)
                db = sqlite3.connect(path)
                try:
                    db.execute(f'UPDATE "{table}" SET "{column}" = {value} WHERE rowid = (SELECT rowid FROM "{table}" ORDER BY random() LIMIT 1)')
                    db.commit()
                except sqlite3.Error as error:
                    db.rollback()
                    value += f" (refused by SQLite: {error})"
                db.close()
                print(f"{path}\\t{table}.{column} = {value[:60]}")
            """, cli.storePath + ".case", base, "\(seed)", "30")
        let lines = cases.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 1).map(String.init) }
        try #require(lines.count == 30)
        for line in lines {
            let (path, mutation) = (line[0], line[1])
            for command in Self.readers {
                let result = try cli.run(["--store", path] + command)
                #expect(Self.storeStatuses.contains(result.status), "\(mutation): \(command) \(result)")
                if result.status != 0 {
                    let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                    #expect(message.hasPrefix("Error: ") && message.hasSuffix(".") && !message.contains("\n"), "\(mutation): \(command) \(result)")
                }
                #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(mutation): \(command) \(result)")
            }
        }
    }

    /// Values of every kind TOML has, and the edges of the numbers.
    static let configValues = [
        "9223372036854775807", "-9223372036854775808", "-1", "0", "1", "100001", "8761", "1e308", "-1e308", "nan", "inf", "2.5",
        "true", "\"\"", "\"\\u001b]0;owned\\u0007\"", "\"99:99\"", "\"25:00-07:00\"", "\"" + String(repeating: "9", count: 400) + "\"",
        "[]", "[1]", "[\"1h\", 2]", "[\"\\u001b[2J\"]", "{ a = 1 }", "1979-05-27T07:32:00Z",
    ]

    static let configKeys = [
        "reminder-time", "due-soon-hours", "remind-at-due-time", "default-reminder", "catch-up-hours", "snooze", "digest",
        "digest-threshold", "overdue-in-digest", "quiet-hours", "quiet-hours-allow-high", "my-addresses",
    ]

    @Test("Every config key with every kind of value is taken or refused with the key's sentence, never a crash")
    func configValuesFuzzed() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2026-12-10 17:00", "--now", "2026-12-01 12:00")
        let config = cli.path("fuzz.toml")
        var texts = Self.configKeys.flatMap { key in Self.configValues.map { "\(key) = \($0)\n" } }
        // The calendar tables' own keys.
        for key in ["path", "default-list", "defaults", "events", "event-default-alarm", "events-write"] {
            texts += Self.configValues.map { "[[calendar]]\npath = \"~/lists/*\"\n\(key == "path" ? "default-list" : key) = \($0)\n" }
        }
        for text in texts {
            try Data(text.utf8).write(to: URL(fileURLWithPath: config))
            let result = try cli.run(["--config", config, "next", "--now", "2026-12-05 10:00"])
            #expect([0, 78].contains(result.status), "\(text.debugDescription): \(result)")
            if result.status == 78 {
                let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(message.hasPrefix("Error: The config file") && message.hasSuffix(".") && !message.contains("\n"), "\(text.debugDescription): \(result)")
            }
            #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(text.debugDescription): \(result)")
        }
    }
}
