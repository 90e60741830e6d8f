import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoZones

/// A digest's words, the composer's as every bubble's are: its summary and a
/// line per task, plain text, on a morning in New York (Monday 2026-06-15 at
/// 09:00 EDT, the reminder time).
@Suite("Digest: words")
struct DigestWordsTests {
    static let zone = Zone(identifier: "America/New_York") ?? .utc
    static let timeRules = TimeRules(clock: WallClock(timeZone: zone))
    static let composer = ReminderComposer(timeRules: timeRules, iconPath: nil)
    static let morning = at("2026-06-15 09:00")

    /// "2026-06-15 17:00" in New York.
    static func at(_ text: String) -> Date {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let day = LocalDay(iso: String(parts[0])), let time = TimeOfDay(hhmm: parts[1]) else {
            preconditionFailure("not a day and a time: \(text)")
        }
        return timeRules.clock.instant(on: day, at: time)
    }

    static func task(_ id: Int64, _ priority: Priority, _ due: Due, title: String? = nil) -> TodoTask {
        TodoTask(id: id, title: title ?? "Task \(id)", priority: priority, due: due, createdAt: at("2026-06-01 12:00"))
    }

    /// Four tasks reminded this morning and two overdue, in no order.
    static func digest(first: TodoTask? = nil) throws -> Digest {
        let today = try #require(LocalDay(iso: "2026-06-15"))
        let tasks = [
            first ?? task(1, .medium, .day(today)),
            task(2, .high, .time(at("2026-06-15 17:00"))),
            // Due before the reminder time tomorrow: reminded this morning.
            task(3, .low, .time(at("2026-06-16 08:00"))),
            task(4, .high, .day(today)),
        ]
        let overdue = [task(5, .low, .day(try #require(LocalDay(iso: "2026-06-13")))), task(6, .high, .time(at("2026-06-14 17:00")))]
        let reminders = tasks.flatMap { task in timeRules.reminders(for: task).filter { $0.at == morning }.map { TaskReminder($0, of: task) } }
            + timeRules.dailyOverdueReminders(for: overdue, on: today)
        guard case .digest(let digest) = timeRules.batch(reminders.reversed(), firingAt: morning) else { throw NoDigest() }
        return digest
    }

    /// Six tasks firing together made no digest.
    struct NoDigest: Error {}

    @Test("The summary counts tasks today and overdue; the lines say when each is due, as plain text")
    func words() throws {
        let digest = try Self.digest()
        #expect(Self.composer.digestSummary(digest) == "4 tasks today · 2 overdue")
        #expect(Self.composer.digestLines(digest) == [
            "Task 6 · was due yesterday at 17:00",
            "Task 5 · was due Sat 13 Jun",
            "Task 2 · due today at 17:00",
            "Task 4 · due today",
            "Task 1 · due today",
            "Task 3 · due tomorrow at 08:00",
        ])
    }

    @Test("A title is left as typed in a line: escaping is the notification's")
    func plainTitle() throws {
        let today = try #require(LocalDay(iso: "2026-06-15"))
        let digest = try Self.digest(first: Self.task(1, .medium, .day(today), title: "Buy <milk> & eggs"))
        #expect(Self.composer.digestLines(digest).contains("Buy <milk> & eggs · due today"))
        #expect(Self.composer.digestNotification(digest).body.contains("Buy &lt;milk&gt; &amp; eggs · due today"))
    }

    @Test("Summary wording, singular and plural", arguments: [
        (5, 2, "5 tasks today · 2 overdue"),
        (1, 0, "1 task today"),
        (4, 0, "4 tasks today"),
        (1, 1, "1 task today · 1 overdue"),
        (0, 1, "1 overdue task"),
        (0, 4, "4 overdue tasks"),
    ])
    func summary(today: Int, overdue: Int, text: String) {
        #expect(ReminderComposer.digestSummary(today: today, overdue: overdue) == text)
    }

    @Test("Summary wording with tasks due as it fires", arguments: [
        (0, 0, 4, "4 tasks due now"),
        (0, 0, 1, "1 task due now"),
        (0, 1, 2, "2 tasks due now · 1 overdue"),
        (3, 1, 1, "1 task due now · 3 today · 1 overdue"),
    ])
    func summaryDueNow(today: Int, overdue: Int, dueNow: Int, text: String) {
        #expect(ReminderComposer.digestSummary(today: today, overdue: overdue, dueNow: dueNow) == text)
    }

    @Test("A long digest shows the first lines and counts the rest", arguments: [
        (6, ["Task 6 · was due yesterday at 17:00", "Task 5 · was due Sat 13 Jun", "Task 2 · due today at 17:00",
             "Task 4 · due today", "Task 1 · due today", "Task 3 · due tomorrow at 08:00"]),
        (12, ["Task 6 · was due yesterday at 17:00", "Task 5 · was due Sat 13 Jun", "Task 2 · due today at 17:00",
              "Task 4 · due today", "Task 1 · due today", "Task 3 · due tomorrow at 08:00"]),
        (5, ["Task 6 · was due yesterday at 17:00", "Task 5 · was due Sat 13 Jun", "Task 2 · due today at 17:00",
             "Task 4 · due today", "and 2 more"]),
        (1, ["and 6 more"]),
    ])
    func bodyLines(limit: Int, lines: [String]) throws {
        #expect(Self.composer.digestBodyLines(try Self.digest(), limit: limit) == lines)
    }
}
