import Foundation
import Logging
import TodoCore
import TodoNotify
@testable import TodoDaemon

/// The wall clock of an engine test: it shows what the test last set, and
/// moves only when the test moves it. The engine reads it through `{ clock.now }`.
final class EngineTestClock {
    var now: Date

    init(_ now: Date) {
        self.now = now
    }
}

/// A `WakeTimer` that arms nothing and remembers every instant it was armed
/// for (nil for a disarm), so a test can say when the daemon would wake.
///
/// The test fires it by moving its clock and calling `timerFired()`.
final class RecordingWakeTimer: WakeTimer {
    /// Every arming, oldest first; nil is a disarm.
    private(set) var armings: [Date?] = []
    /// Run at the next arming, which then reports that the clock was set: a
    /// test moves its clock in here to say the clock was set while the engine
    /// was planning, which is when the kernel tells of it.
    var clockSetAtNextArming: (() -> Void)?

    /// The instant armed last; nil when disarmed or never armed.
    var armedAt: Date? { armings.last ?? nil }

    func arm(at instant: Date?) throws -> Bool {
        armings.append(instant)
        guard let setClock = clockSetAtNextArming else { return false }
        clockSetAtNextArming = nil
        setClock()
        return true
    }
}

/// A `Deliverer` that shows nothing: it keeps every job, and the test decides
/// how each ended and reports it to the engine (see `EngineDaemon`).
final class RecordingDeliverer: Deliverer {
    /// Every job handed over, in order.
    private(set) var jobs: [DeliveryJob] = []
    /// The jobs whose outcome has not been reported yet, in order.
    var unanswered: [DeliveryJob] = []
    /// Called with each job as it is handed over, before the engine goes on.
    var onDeliver: ((DeliveryJob) -> Void)?

    func deliver(_ job: DeliveryJob) {
        jobs.append(job)
        unanswered.append(job)
        onDeliver?(job)
    }

    /// The tasks whose bubbles the engine closed, in order.
    private(set) var closed: [Int64] = []
    /// The events whose bubbles the engine closed, in order.
    private(set) var closedEvents: [Int64] = []

    func close(_ owner: Reminder.Owner) {
        switch owner {
        case .task(let taskID): closed.append(taskID)
        case .event(let eventID): closedEvents.append(eventID)
        }
    }
}
