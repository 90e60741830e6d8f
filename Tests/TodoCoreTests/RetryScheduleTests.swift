import Foundation
import Testing
import TodoCore

/// The back-off between attempts to show a reminder.
@Suite("Retry schedule")
struct RetryScheduleTests {
    @Test("The wait doubles from 2 s after each failed attempt, and is never more than a minute",
          arguments: [(1, 2.0), (2, 4), (3, 8), (4, 16), (5, 32), (6, 60), (7, 60), (12, 60), (1_000, 60), (Int.max, 60)] as [(Int, TimeInterval)])
    func delay(afterAttempts attempts: Int, seconds: TimeInterval) {
        #expect(RetrySchedule.notifications.delay(afterAttempts: attempts) == seconds)
    }

    @Test("A count below one is read as one failed attempt", arguments: [0, -1])
    func delayForNoAttempts(attempts: Int) {
        #expect(RetrySchedule.notifications.delay(afterAttempts: attempts) == RetrySchedule.notifications.first)
    }

    @Test("A list folder's write is tried again after 1 s, 2 s, 4 s, then every 8 s",
          arguments: [(1, 1.0), (2, 2), (3, 4), (4, 8), (5, 8), (1_000, 8)] as [(Int, TimeInterval)])
    func folderWriteDelay(afterAttempts attempts: Int, seconds: TimeInterval) {
        #expect(RetrySchedule.folderWrites.delay(afterAttempts: attempts) == seconds)
    }
}
