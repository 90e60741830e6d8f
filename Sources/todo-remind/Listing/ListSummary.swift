import TodoCore

/// The footer's numbers: "3 of 10 done · 2 overdue · 1 due within 24 h".
struct ListSummary {
    var total = 0
    var done = 0
    var overdue = 0
    var dueSoon = 0

    /// Counts completed tasks that were not read, only counted.
    mutating func countCompleted(_ number: Int) {
        total += number
        done += number
    }

    mutating func count(_ state: DueState) {
        total += 1
        switch state {
        case .completed: done += 1
        case .overdue: overdue += 1
        case .dueSoon: dueSoon += 1
        case .upcoming, .noDueDate: break
        }
    }
}
