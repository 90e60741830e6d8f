import Testing
import TodoRecurrence

@Suite("A rule in words for list")
struct RepeatRuleWordsTests {
    struct Words: Sendable, CustomTestStringConvertible {
        let rrule: String
        let words: String
        var testDescription: String { rrule }
    }

    @Test("rules that can be said are said plainly", arguments: [
        Words(rrule: "FREQ=DAILY", words: "every day"),
        Words(rrule: "FREQ=DAILY;INTERVAL=3", words: "every 3 days"),
        Words(rrule: "FREQ=WEEKLY", words: "every week"),
        Words(rrule: "FREQ=WEEKLY;INTERVAL=2", words: "every 2 weeks"),
        Words(rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", words: "every weekday"),
        Words(rrule: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", words: "every weekday"),
        Words(rrule: "FREQ=WEEKLY;BYDAY=FR,MO,WE", words: "every Monday, Wednesday and Friday"),
        Words(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", words: "every 2 weeks on Tuesday"),
        Words(rrule: "FREQ=MONTHLY", words: "every month"),
        Words(rrule: "FREQ=MONTHLY;BYMONTHDAY=15", words: "every month on the 15th"),
        Words(rrule: "FREQ=MONTHLY;BYMONTHDAY=1,15", words: "every month on the 1st and 15th"),
        Words(rrule: "FREQ=MONTHLY;BYMONTHDAY=-1", words: "every month on the last day"),
        Words(rrule: "FREQ=MONTHLY;BYDAY=2TU", words: "every month on the 2nd Tuesday"),
        Words(rrule: "FREQ=MONTHLY;BYDAY=-1FR", words: "every month on the last Friday"),
        Words(rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", words: "every month on the last weekday"),
        Words(rrule: "FREQ=MONTHLY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", words: "every 3 months on the 1st weekday"),
        Words(rrule: "FREQ=YEARLY", words: "every year"),
        Words(rrule: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", words: "every year on the 4th Thursday of November"),
        Words(rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", words: "every year on the last day of February"),
        Words(rrule: "FREQ=DAILY;COUNT=10", words: "every day, 10 times"),
        Words(rrule: "FREQ=WEEKLY;UNTIL=20271231", words: "every week, until 2027-12-31"),
        Words(rrule: "FREQ=WEEKLY;UNTIL=20271231T170000", words: "every week, until 2027-12-31 17:00"),
        Words(rrule: "FREQ=WEEKLY;UNTIL=20271231T160000Z", words: "every week, until 2027-12-31 16:00 UTC"),
        Words(rrule: "freq=monthly;byday=-1fr", words: "every month on the last Friday"),
    ])
    func said(_ case: Words) throws {
        #expect(try RepeatRule(rrule: `case`.rrule).inWords == `case`.words)
    }

    @Test("rules that cannot all be said show their RRULE, never a simpler rule", arguments: [
        "FREQ=YEARLY;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
        "FREQ=DAILY;BYHOUR=9,17",
        "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
        "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
    ])
    func custom(_ rrule: String) throws {
        #expect(try RepeatRule(rrule: rrule).inWords == "custom rule: " + rrule)
    }
}
