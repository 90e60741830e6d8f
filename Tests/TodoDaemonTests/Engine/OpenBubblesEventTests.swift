import Foundation
import Testing
import TodoCore
@testable import TodoDaemon

/// Which events' bubbles the daemon closes, and why: by the index of
/// alarms that still fire, as it fires them.
@Suite("Open bubbles of events")
struct OpenBubblesEventTests {
    static let now = Date(timeIntervalSince1970: 1_796_115_000)

    static func alarm(_ eventID: Int64, alarmID: String = "a") -> ReminderOf<EventInstance> {
        let occurrence = EventOccurrence(id: .at(now.addingTimeInterval(600)), recurrenceMicroseconds: nil, start: now.addingTimeInterval(600),
                                         end: now.addingTimeInterval(4200), days: nil, details: EventDetails(summary: "Event \(eventID)"))
        let instant = EventAlarmInstant(kind: .alarm, identity: .alarm(seconds: -600, of: occurrence.id), at: now, alarmID: alarmID,
                                        occurrence: occurrence)
        return instant.reminder(ofEvent: eventID, folder: "/cal", changedAt: nil)
    }

    static func series(acknowledgedAt: Date? = nil) -> EventSeries {
        EventSeries(uid: "u", start: .utc(now.addingTimeInterval(600)), length: .exact(seconds: 3600), details: EventDetails(summary: "E"),
                    acknowledgedAt: acknowledgedAt)
    }

    @Test("A bubble whose alarm still fires stays; one acknowledged, no longer firing, or of a deleted event closes once, with why")
    func handledEvents() {
        var bubbles = OpenBubbles()
        for id: Int64 in 1...4 {
            let alarm = Self.alarm(id)
            bubbles.shown(alarm.reminder, event: alarm.subject)
        }
        let firing: Set<Reminder.Owner> = [.event(1)]
        let events: [Int64: EventSeries] = [1: Self.series(), 2: Self.series(acknowledgedAt: Self.now), 3: Self.series()]
        let handled = bubbles.handled(task: { _ in nil }, event: { events[$0] }, stillFires: { firing.contains($0.owner) })
        #expect(handled.map(\.owner) == [.event(2), .event(3), .event(4)])
        #expect(handled.map(\.reason) == [.acknowledged, .cancelled, .deleted])
        #expect(bubbles.shownEvent(1) != nil && bubbles.shownEvent(2) == nil)
        #expect(bubbles.handled(task: { _ in nil }, event: { events[$0] }, stillFires: { _ in false }).map(\.owner) == [.event(1)],
                "closed once")
    }
}
