import TodoCore

/// The footer's numbers: "3 of 10 done · 2 overdue · 1 due within 24 h".
public struct ListSummary: Sendable {
    public var total = 0
    public var done = 0
    public var overdue = 0
    public var dueSoon = 0
    /// Open tasks waiting to start (`TimeRules.isWaiting`).
    public var waiting = 0

    public init() {}

    /// Counts completed tasks that were not read, only counted.
    public mutating func countCompleted(_ number: Int) {
        total += number
        done += number
    }

    public mutating func count(_ state: DueState) {
        total += 1
        switch state {
        case .completed: done += 1
        case .overdue: overdue += 1
        case .dueSoon: dueSoon += 1
        case .upcoming, .noDueDate: break
        }
    }

    /// "3 of 10 done · 2 overdue · 1 due within 24 h": `list`'s footer,
    /// with "· 2 waiting" after it when tasks wait to start, which `list`
    /// leaves out unless asked: so that they are not forgotten.
    public func words(dueSoonWindow: Double) -> String {
        let words = "\(done) of \(total) done · \(overdue) overdue · \(dueSoon) due within \(Int(dueSoonWindow / 3600)) h"
        return waiting == 0 ? words : words + " · \(waiting) waiting"
    }
}
