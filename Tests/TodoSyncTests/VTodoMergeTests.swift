import Foundation
import Testing
import TodoCalendar
import TodoSync
import TodoCore

@Suite("Three-way field merge (issue 12, No lost edits)")
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
