import Foundation
import Testing
import TodoCalendar
import TodoCore
@testable import TodoSync

/// A file's repeating rule that todo-remind cannot follow: said in a
/// sentence naming the file and the rule, and never taken
/// for a one-off task silently.
@Suite struct UnfollowedRuleTests {
    static let mapping = TaskMappingTests.mapping

    static func properties(_ lines: [String]) throws -> VTodoProperties {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:u", "DTSTAMP:20261101T100000Z", "SUMMARY:S"]
            + lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        guard case .todo(let item) = try FolderItem.read(Array(text.utf8), file: "/l/x.ics", localZone: mapping.zone) else {
            throw CalendarFileError.noTodo(file: "/l/x.ics")
        }
        return item.properties
    }

    @Test("A rule todo-remind cannot follow gives no repeat, and a sentence naming the file, the rule and why", arguments: [
        (["DUE:20261201T100000Z", "RRULE:FREQ=MINUTELY"], "“FREQ=MINUTELY” repeats within a day"),
        (["DUE:20261201T100000Z", "RRULE:FREQ=SECONDLY;INTERVAL=5"], "“FREQ=SECONDLY” repeats within a day"),
        (["DUE:20261201T100000Z", "RRULE:FREQ=HOURLY"], "“FREQ=HOURLY” repeats within a day"),
        (["DUE;VALUE=DATE:20261201", "RRULE:FREQ=YEARLY;BYYEARDAY=100"], "libical 3 refuses it"),
        (["DTSTART;VALUE=DATE:00010101", "DUE;VALUE=DATE:00010101", "RRULE:FREQ=DAILY;COUNT=2000000000"], "“COUNT=2000000000” is out of range"),
        (["DTSTART;VALUE=DATE:00010101", "DUE;VALUE=DATE:00010101", "RRULE:FREQ=DAILY"], "“FREQ=DAILY” starts on 0001-01-01, outside the days"),
        (["DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"], "it has no DUE to repeat from."),
    ])
    func unfollowed(lines: [String], reason: String) throws {
        let properties = try Self.properties(lines)
        let rule = try #require(properties.rule)
        let message = try #require(Self.mapping.unfollowedRule(properties, file: "/l/x.ics"))
        #expect(message.hasPrefix("“/l/x.ics” repeats by RRULE:\(rule), which todo-remind cannot follow"))
        #expect(message.contains(reason))
        #expect(Self.mapping.task(from: properties, list: "/l").repeating == nil)
    }

    @Test("A rule todo-remind follows, or none, says nothing", arguments: [
        ["DUE;VALUE=DATE:20261201", "RRULE:FREQ=DAILY"],
        ["DUE;VALUE=DATE:20261201", "RRULE:FREQ=DAILY;COUNT=100000"],
        ["DUE;VALUE=DATE:20261201"],
    ])
    func followed(lines: [String]) throws {
        let properties = try Self.properties(lines)
        #expect(Self.mapping.unfollowedRule(properties, file: "/l/x.ics") == nil)
        #expect((Self.mapping.task(from: properties, list: "/l").repeating != nil) == (properties.rule != nil))
    }

    @Test("A repeat the task kept from an older version is dropped when its rule cannot be followed, exactly when the rule is reported; one that can keeps its history")
    func keptRepeat() throws {
        let start = Due.day(try #require(LocalDay(year: 2026, month: 12, day: 1)))
        for (rule, followed) in [("FREQ=DAILY;COUNT=200000", false), ("FREQ=DAILY;COUNT=100", true)] {
            let properties = try Self.properties(["DUE;VALUE=DATE:20261201", "RRULE:\(rule)"])
            var task = Self.mapping.task(from: properties, list: "/l")
            task.repeating = TaskRepeat(rule: rule, zone: nil, start: start, completedCount: 3)
            Self.mapping.apply(properties, to: &task)
            #expect((Self.mapping.unfollowedRule(properties, file: "/l/x.ics") == nil) == followed)
            #expect(task.repeating?.completedCount == (followed ? 3 : nil))
        }
    }
}
