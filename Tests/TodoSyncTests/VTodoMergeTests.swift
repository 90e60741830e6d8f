import Foundation
import Testing
import TodoCalendar
import TodoSync
import TodoCore

@Suite("Three-way field merge: no edit made on either side is lost")
struct VTodoMergeTests {
    static let base = VTodoProperties(
        title: "Pay rent", notes: nil, categories: ["Home"], priorityValue: 5,
        due: .day(LocalDay(year: 2026, month: 12, day: 1) ?? .earliest), status: .needsAction
    )
    static let early = Date(timeIntervalSince1970: 1_800_000_000)
    static let late = early.addingTimeInterval(60)

    /// One side's edit of the base.
    struct Edit: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let apply: @Sendable (inout VTodoProperties) -> Void
    }

    static let title = Edit(testDescription: "title") { $0.title = "Pay the rent" }
    static let otherTitle = Edit(testDescription: "other title") { $0.title = "Rent!" }
    static let due = Edit(testDescription: "due") { $0.due = .time(Date(timeIntervalSince1970: 1_796_000_000)) }
    static let done = Edit(testDescription: "done") { $0.complete(at: Date(timeIntervalSince1970: 1_795_000_000)) }
    static let priority = Edit(testDescription: "priority") { $0.priority = .high }
    static let nothing = Edit(testDescription: "nothing") { _ in }

    static func edited(_ edit: Edit) -> VTodoProperties {
        var fields = base
        edit.apply(&fields)
        return fields
    }

    @Test("edits of different fields on each side both survive, with no conflict", arguments: [
        (title, due), (due, title), (done, title), (priority, done), (nothing, due), (title, nothing),
    ])
    func differentFields(ours: Edit, theirs: Edit) {
        let result = VTodoMerge.merge(
            base: Self.base, ours: Self.edited(ours), oursModified: Self.early,
            theirs: Self.edited(theirs), theirsModified: Self.late
        )
        var expected = Self.base
        ours.apply(&expected)
        theirs.apply(&expected)
        #expect(result.merged == expected)
        #expect(result.conflicts.isEmpty)
    }

    @Test("the same field changed on both sides is a conflict the newer LAST-MODIFIED wins", arguments: [
        (early, late, "Rent!"), (late, early, "Pay the rent"), (early, early, "Pay the rent"),
    ])
    func conflict(oursModified: Date, theirsModified: Date, winner: String) {
        let result = VTodoMerge.merge(
            base: Self.base, ours: Self.edited(Self.title), oursModified: oursModified,
            theirs: Self.edited(Self.otherTitle), theirsModified: theirsModified
        )
        #expect(result.merged.title == winner)
        #expect(result.conflicts == [.title])
    }

    @Test("reminders handled on both sides since: the later acknowledgement covers both, with no conflict")
    func acknowledgements() {
        var ours = Self.base
        ours.acknowledgedAt = Self.late
        var theirs = Self.base
        theirs.acknowledgedAt = Self.early
        for (first, second) in [(ours, theirs), (theirs, ours)] {
            let result = VTodoMerge.merge(base: Self.base, ours: first, oursModified: Self.late, theirs: second, theirsModified: Self.early)
            #expect(result.merged.acknowledgedAt == Self.late)
            #expect(result.conflicts.isEmpty)
        }
    }

    @Test("the same change made on both sides is no conflict")
    func sameChange() {
        let both = Self.edited(Self.title)
        let result = VTodoMerge.merge(base: Self.base, ours: both, oursModified: Self.early, theirs: both, theirsModified: Self.late)
        #expect(result.merged == both)
        #expect(result.conflicts.isEmpty)
    }

    @Test("only the conflicting field goes to the newer side; the others merge")
    func mixed() {
        var ours = Self.edited(Self.title)
        ours.priority = .low
        var theirs = Self.edited(Self.otherTitle)
        theirs.due = nil
        let result = VTodoMerge.merge(base: Self.base, ours: ours, oursModified: Self.late, theirs: theirs, theirsModified: Self.early)
        #expect(result.merged.title == "Pay the rent")
        #expect(result.merged.priority == .low)
        #expect(result.merged.due == nil)
        #expect(result.conflicts == [.title])
    }
}

/// A value compared as what it means, never as how it is written: the
/// rewrites other clients make of a file they did not change.
@Suite("A field's meaning, not its spelling")
struct FieldMeaningTests {
    static let instant = Date(timeIntervalSince1970: 1_796_400_000)

    static func timed(zone: String?, rule: String? = nil) -> VTodoProperties {
        var properties = VTodoProperties(title: "Race check", due: .time(instant), dueZone: zone, rule: rule)
        properties.ownAlarms = [OwnAlarm(kind: "due", trigger: "PT0S"), OwnAlarm(kind: "alarm", trigger: "-PT30M")]
        return properties
    }

    @Test("a one-off due in Berlin and the same instant in UTC agree; a repeating one's zone is its rule's, so it counts")
    func dueZone() {
        #expect(Self.timed(zone: "Europe/Berlin").agrees(with: Self.timed(zone: nil), on: .due))
        #expect(!Self.timed(zone: "Europe/Berlin", rule: "FREQ=WEEKLY").agrees(with: Self.timed(zone: nil, rule: "FREQ=WEEKLY"), on: .due))
        #expect(Self.timed(zone: "Europe/Berlin", rule: "FREQ=WEEKLY")
            .agrees(with: Self.timed(zone: "/freeassociation.sourceforge.net/Europe/Berlin", rule: "FREQ=WEEKLY"), on: .due))
        var later = Self.timed(zone: nil)
        later.due = .time(Self.instant.addingTimeInterval(60))
        #expect(!Self.timed(zone: "Europe/Berlin").agrees(with: later, on: .due))
    }

    @Test("triggers written P0D or -P0DT0H30M0S are the alarms written PT0S and -PT30M; another offset is not")
    func triggers() {
        var rewritten = Self.timed(zone: nil)
        rewritten.ownAlarms = [OwnAlarm(kind: "due", trigger: "P0D"), OwnAlarm(kind: "alarm", trigger: "-P0DT0H30M0S")]
        #expect(Self.timed(zone: nil).agrees(with: rewritten, on: .reminders))
        rewritten.ownAlarms[1].trigger = "-PT31M"
        #expect(!Self.timed(zone: nil).agrees(with: rewritten, on: .reminders))
        let absolute = OwnAlarm(kind: "alarm", trigger: "20261204T153000Z", isAbsolute: true)
        #expect(absolute.means(the: OwnAlarm(kind: "alarm", trigger: "20261204T153000Z", isAbsolute: true)))
        #expect(!absolute.means(the: OwnAlarm(kind: "alarm", trigger: "20261204T153100Z", isAbsolute: true)))
    }

    @Test("a rule with its parts in another order or case is the same rule")
    func ruleOrder() {
        let written = Self.timed(zone: "Europe/Berlin", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")
        #expect(written.agrees(with: Self.timed(zone: "Europe/Berlin", rule: "byday=MO;FREQ=WEEKLY;INTERVAL=2"), on: .rule))
        #expect(!written.agrees(with: Self.timed(zone: "Europe/Berlin", rule: "FREQ=WEEKLY;BYDAY=MO"), on: .rule))
    }

    @Test("a merge of todoman's re-write of a due edited here reports no conflict and takes its completion")
    func mergeOfARewrite() {
        let first = Self.timed(zone: "Europe/Berlin")
        var edited = first
        edited.due = .time(Self.instant.addingTimeInterval(3600))
        var theirs = edited
        theirs.dueZone = nil
        theirs.ownAlarms[0].trigger = "P0D"
        theirs.complete(at: Self.instant)
        // The older version as the base, the due edited here since.
        let result = VTodoMerge.merge(base: first, ours: edited, oursModified: Self.instant,
                                      theirs: theirs, theirsModified: Self.instant.addingTimeInterval(60), changedHere: [.due])
        #expect(result.conflicts.isEmpty)
        #expect(result.merged.isDone && result.merged.due == edited.due)
    }
}
