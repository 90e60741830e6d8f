import Testing
import TodoRecurrence

@Suite("Reading --repeat")
struct RepeatRuleParsingTests {
    struct Form: Sendable, CustomTestStringConvertible {
        let typed: String
        let rrule: String
        var testDescription: String { "“\(typed)”" }
    }

    @Test("natural forms become canonical RRULE text", arguments: [
        Form(typed: "daily", rrule: "FREQ=DAILY"),
        Form(typed: "every day", rrule: "FREQ=DAILY"),
        Form(typed: "weekdays", rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        Form(typed: "weekly", rrule: "FREQ=WEEKLY"),
        Form(typed: "monthly", rrule: "FREQ=MONTHLY"),
        Form(typed: "yearly", rrule: "FREQ=YEARLY"),
        Form(typed: "every 3 days", rrule: "FREQ=DAILY;INTERVAL=3"),
        Form(typed: "every 2 weeks", rrule: "FREQ=WEEKLY;INTERVAL=2"),
        Form(typed: "every 1 week", rrule: "FREQ=WEEKLY"),
        Form(typed: "every 6 weeks", rrule: "FREQ=WEEKLY;INTERVAL=6"),
        Form(typed: "every 6 months", rrule: "FREQ=MONTHLY;INTERVAL=6"),
        Form(typed: "every 2 years", rrule: "FREQ=YEARLY;INTERVAL=2"),
        Form(typed: "every mon,wed,fri", rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        Form(typed: "every fri, mon", rrule: "FREQ=WEEKLY;BYDAY=MO,FR"),
        Form(typed: "every Tuesday and Thursday", rrule: "FREQ=WEEKLY;BYDAY=TU,TH"),
        Form(typed: "every 2 weeks on mon,thu", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
        Form(typed: "every month on the 15th", rrule: "FREQ=MONTHLY;BYMONTHDAY=15"),
        Form(typed: "every month on the 1st", rrule: "FREQ=MONTHLY;BYMONTHDAY=1"),
        Form(typed: "every month on the last day", rrule: "FREQ=MONTHLY;BYMONTHDAY=-1"),
        Form(typed: "every month on the 2nd tuesday", rrule: "FREQ=MONTHLY;BYDAY=2TU"),
        Form(typed: "Every Month On The Last Friday", rrule: "FREQ=MONTHLY;BYDAY=-1FR"),
        Form(typed: "every month on the last weekday", rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        Form(typed: "every month on the first weekday", rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1"),
        Form(typed: "every 3 months on the 15th", rrule: "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15"),
        Form(typed: "  weekly  ", rrule: "FREQ=WEEKLY"),
    ])
    func naturalForm(_ form: Form) throws {
        #expect(try RepeatRule(parsing: form.typed).rrule == form.rrule)
    }

    @Test("an RRULE is kept byte for byte, with or without the RRULE: name", arguments: [
        Form(typed: "FREQ=YEARLY;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
             rrule: "FREQ=YEARLY;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8"),
        Form(typed: "RRULE:FREQ=WEEKLY;BYDAY=MO", rrule: "FREQ=WEEKLY;BYDAY=MO"),
        Form(typed: "rrule:freq=weekly;byday=mo", rrule: "freq=weekly;byday=mo"),
        Form(typed: "FREQ=WEEKLY;WKST=SU;BYDAY=TU,TH;INTERVAL=2", rrule: "FREQ=WEEKLY;WKST=SU;BYDAY=TU,TH;INTERVAL=2"),
        Form(typed: "FREQ=DAILY;COUNT=5", rrule: "FREQ=DAILY;COUNT=5"),
        Form(typed: "FREQ=DAILY;UNTIL=20270301", rrule: "FREQ=DAILY;UNTIL=20270301"),
        Form(typed: "FREQ=DAILY;UNTIL=20270301T170000Z", rrule: "FREQ=DAILY;UNTIL=20270301T170000Z"),
        Form(typed: "FREQ=DAILY;UNTIL=20270301T170000", rrule: "FREQ=DAILY;UNTIL=20270301T170000"),
    ])
    func rruleKept(_ form: Form) throws {
        #expect(try RepeatRule(parsing: form.typed).rrule == form.rrule)
    }

    @Test("a rule read from elsewhere keeps its exact text, order and case included")
    func verbatim() throws {
        let text = "INTERVAL=2;freq=Weekly;BYDAY=tu"
        let rule = try RepeatRule(rrule: text)
        #expect(rule.rrule == text)
        #expect(rule.description == text)
        #expect(rule != (try RepeatRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")))
    }
}
