import Testing
@testable import TodoCore

/// POSIX `TZ` rules, as `TZ` and the footers of zoneinfo files write them.
/// The offsets of real zones, rules included, are checked against Python's
/// zoneinfo in ZoneReferenceTests; these are the forms that check may not reach.
@Suite("POSIX TZ rules")
struct PosixZoneRuleTests {
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, _ second: Int = 0) -> Int {
        (LocalDay(year: year, month: month, day: day)?.daysSinceEpoch ?? 0) * 86_400 + hour * 3600 + minute * 60 + second
    }

    @Test("text that is no rule is refused", arguments: [
        "", "Europe/Berlin", "UTC", "CET", "CET-", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
        "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J0,J365", "CET-1CEST,M3.5.0,M10.5.0/200", "CET-25", "<+01-1",
    ])
    func refused(text: String) {
        #expect(PosixZoneRule(text) == nil)
    }

    @Test("Central Europe changes at 01:00 UTC on the last Sundays of March and October")
    func centralEurope() throws {
        let rule = try #require(PosixZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(rule.offset(atUTC: Self.utc(2026, 3, 29, 0, 59, 59)) == 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 3, 29, 1)) == 7200)
        #expect(rule.offset(atUTC: Self.utc(2026, 10, 25, 0, 59, 59)) == 7200)
        #expect(rule.offset(atUTC: Self.utc(2026, 10, 25, 1)) == 3600)
    }

    @Test("the southern hemisphere's saving spans the new year")
    func southern() throws {
        let rule = try #require(PosixZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(rule.offset(atUTC: Self.utc(2026, 1, 1, 0)) == 11 * 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 7, 1, 0)) == 10 * 3600)
        // 2026-04-05 03:00 AEDT is 04-04 16:00 UTC; 2026-10-04 02:00 AEST is 10-03 16:00 UTC.
        #expect(rule.offset(atUTC: Self.utc(2026, 4, 4, 15, 59, 59)) == 11 * 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 4, 4, 16)) == 10 * 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 10, 3, 15, 59, 59)) == 10 * 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 10, 3, 16)) == 11 * 3600)
    }

    @Test("half-hour saving, quoted names, minutes in offsets")
    func lordHowe() throws {
        let rule = try #require(PosixZoneRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(rule.offset(atUTC: Self.utc(2026, 1, 1, 0)) == 11 * 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 7, 1, 0)) == 10 * 3600 + 1800)
    }

    @Test("negative and late times, and saving all year")
    func extendedTimes() throws {
        // Greenland since 2023: from 01:00 UTC (-1 h local standard) on the last Sunday of March.
        let nuuk = try #require(PosixZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.offset(atUTC: Self.utc(2026, 3, 29, 0, 59, 59)) == -7200)
        #expect(nuuk.offset(atUTC: Self.utc(2026, 3, 29, 1)) == -3600)
        #expect(nuuk.offset(atUTC: Self.utc(2026, 10, 25, 0, 59, 59)) == -3600)
        #expect(nuuk.offset(atUTC: Self.utc(2026, 10, 25, 1)) == -7200)
        let always = try #require(PosixZoneRule("EST5EDT,0/0,J365/25"))
        for month in 1...12 {
            #expect(always.offset(atUTC: Self.utc(2026, month, 28, 12)) == -4 * 3600)
        }
        #expect(always.offset(atUTC: Self.utc(2026, 12, 31, 23, 59)) == -4 * 3600)
        #expect(always.offset(atUTC: Self.utc(2027, 1, 1, 4, 30)) == -4 * 3600)
    }

    @Test("Julian days skip February 29; zero-based days count it")
    func julianDays() throws {
        // J60 is March 1 in every year; 59 is February 29 in a leap year.
        #expect(PosixZoneRule.DayRule.julian(60).day(in: 2028) == LocalDay(year: 2028, month: 3, day: 1))
        #expect(PosixZoneRule.DayRule.julian(60).day(in: 2027) == LocalDay(year: 2027, month: 3, day: 1))
        #expect(PosixZoneRule.DayRule.zeroBased(59).day(in: 2028) == LocalDay(year: 2028, month: 2, day: 29))
        #expect(PosixZoneRule.DayRule.zeroBased(59).day(in: 2027) == LocalDay(year: 2027, month: 3, day: 1))
        // The fifth Sunday is the last: May 2026 has five, February 2026 four.
        #expect(PosixZoneRule.DayRule.monthWeek(month: 5, week: 5, weekday: 0).day(in: 2026) == LocalDay(year: 2026, month: 5, day: 31))
        #expect(PosixZoneRule.DayRule.monthWeek(month: 2, week: 5, weekday: 0).day(in: 2026) == LocalDay(year: 2026, month: 2, day: 22))
    }

    @Test("without a rule, daylight saving follows the United States' dates, an hour ahead")
    func defaultRule() throws {
        let rule = try #require(PosixZoneRule("EST5EDT"))
        #expect(rule.offset(atUTC: Self.utc(2026, 3, 8, 6, 59, 59)) == -5 * 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 3, 8, 7)) == -4 * 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 11, 1, 5, 59, 59)) == -4 * 3600)
        #expect(rule.offset(atUTC: Self.utc(2026, 11, 1, 6)) == -5 * 3600)
    }
}
