import Foundation
import Testing
import TodoCore

@Suite("On time or missed")
struct OnTimeTests {
    static let fireTime = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("A reminder is on time up to two seconds after its fire time, missed after",
          arguments: [(-5, true), (0, true), (0.004, true), (2, true), (2.001, false), (30, false), (3_600, false)]
              as [(TimeInterval, Bool)])
    func onTime(late: TimeInterval, onTime: Bool) {
        #expect(ReminderPolicy.isOnTime(shownAt: Self.fireTime.addingTimeInterval(late), fireTime: Self.fireTime) == onTime)
    }
}
