import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// Saving, changing and deleting tasks: what is written, and that each call is all or nothing.
@Suite("Writing tasks")
struct TaskStoreWritingTests {
    let folder: TemporaryFolder
    let store: TaskStore
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
        store = try TaskStore(path: folder.file("tasks.sqlite"))
    }

    @Test("Every field of a task comes back as it was saved")
    func roundTrip() throws {
        let created = Date(timeIntervalSince1970: 1_700_000_000.125)
        let day = try #require(LocalDay(year: 2026, month: 6, day: 1))
        let drafts = [
            try TaskDraft(
                title: "Pay rent", notes: "Transfer to “Landlord & Co”\nbefore noon", category: "Home",
                priority: .high, due: .day(day), reminderOn: true, createdAt: created
            ),
            try TaskDraft(
                title: "Call the dentist", category: "Health", priority: .low,
                due: .time(Date(timeIntervalSince1970: 1_780_100_000.5)), reminderOn: false
            ),
            try TaskDraft(title: "Read “Dune”", completedAt: Date(timeIntervalSince1970: 1_779_000_000.75)),
        ]

        let added = try drafts.map { try store.add($0, now: now) }

        #expect(added.map(\.id) == [1, 2, 3])
        #expect(added[0].due == .day(day))
        #expect(added[0].notes == "Transfer to “Landlord & Co”\nbefore noon")
        #expect(added[0].createdAt == created)
        #expect(added[0].updatedAt == now)
        #expect(added[1].due == .time(Date(timeIntervalSince1970: 1_780_100_000.5)))
        #expect(added[1].reminderOn == false)
        #expect(added[1].createdAt == now)
        #expect(added[2].notes == nil)
        #expect(added[2].category == TodoTask.defaultCategory)
        #expect(added[2].priority == .medium)
        #expect(added[2].completedAt == Date(timeIntervalSince1970: 1_779_000_000.75))
        for task in added {
            #expect(try store.task(id: task.id) == task)
        }
        #expect(try store.tasks(TaskQuery(includeOpen: true, includeCompleted: true)) == added)
    }

    @Test("A store opened again holds what was saved before")
    func reopen() throws {
        let added = try store.add(TaskDraft(title: "Water the plants"), now: now)

        let reopened = try TaskStore(path: folder.file("tasks.sqlite"))

        #expect(try reopened.task(id: added.id) == added)
        #expect(try reopened.add(TaskDraft(title: "Feed the cat"), now: now).id == 2)
    }

    @Test("The id of a deleted task is never given to another task")
    func idsAreNeverReused() throws {
        for title in ["One", "Two", "Three"] {
            _ = try store.add(TaskDraft(title: title), now: now)
        }

        #expect(try store.delete(ids: [2, 3], now: Date()) == 2)
        let next = try store.add(TaskDraft(title: "Four"), now: now)

        #expect(next.id == 4)
        #expect(try store.tasks(TaskQuery()).map(\.id) == [1, 4])
    }

    @Test("Deleting counts only the ids that had a task")
    func deleteSkipsMissingIds() throws {
        _ = try store.importTasks([TaskDraft(title: "A"), TaskDraft(title: "B")], now: now)

        #expect(try store.delete(ids: [1, 42], now: Date()) == 1)
        #expect(try store.delete(ids: [], now: Date()) == 0)
        #expect(try store.taskCounts() == (total: 1, completed: 0))
    }

    @Test("Deleting completed tasks leaves the open ones")
    func deleteCompleted() throws {
        let done = Date(timeIntervalSince1970: 1_779_999_000)
        _ = try store.importTasks([
            TaskDraft(title: "Open one"),
            TaskDraft(title: "Done one", completedAt: done),
            TaskDraft(title: "Open two"),
            TaskDraft(title: "Done two", completedAt: done),
        ], now: now)
        #expect(try store.taskCounts() == (total: 4, completed: 2))

        #expect(try store.deleteCompleted(now: Date()) == 2)

        #expect(try store.tasks(TaskQuery(includeCompleted: true)).map(\.title) == ["Open one", "Open two"])
        #expect(try store.taskCounts() == (total: 2, completed: 0))
        #expect(try store.deleteCompleted(now: Date()) == 0)
    }

    @Test("Modifying saves the changed tasks and returns them in the order of the ids given")
    func modify() throws {
        _ = try store.importTasks([TaskDraft(title: "A"), TaskDraft(title: "B"), TaskDraft(title: "C")], now: now)
        let later = now.addingTimeInterval(3600)

        let changed = try store.modify(ids: [3, 1, 3], now: later) { task in
            if task.id == 3 { task.completedAt = later }
        }

        #expect(changed.map(\.id) == [3, 1])
        #expect(changed[0].completedAt == later)
        #expect(changed[0].updatedAt == later)
        // Task 1 was left as it was, so it keeps its last update.
        #expect(changed[1].updatedAt == now)
        #expect(try store.task(id: 3) == changed[0])
        #expect(try store.task(id: 1) == changed[1])
    }

    @Test("Modifying cannot give a task another id")
    func modifyKeepsIds() throws {
        _ = try store.add(TaskDraft(title: "A"), now: now)

        let changed = try store.modify(ids: [1], now: now) { task in
            task.id = 99
            task.title = "A, renamed"
        }

        #expect(changed.map(\.id) == [1])
        #expect(try store.task(id: 1)?.title == "A, renamed")
        #expect(try store.task(id: 99) == nil)
    }

    @Test("Modifying writes nothing when one id has no task")
    func modifyIsAllOrNothingForMissingIds() throws {
        _ = try store.importTasks([TaskDraft(title: "A"), TaskDraft(title: "B")], now: now)
        var edited: [Int64] = []

        #expect(throws: StoreError.noSuchTask(id: 7)) {
            try store.modify(ids: [1, 7, 2], now: now) { task in
                edited.append(task.id)
                task.title = "Changed"
            }
        }

        #expect(edited.isEmpty)
        #expect(try store.tasks(TaskQuery()).map(\.title) == ["A", "B"])
    }

    @Test("Modifying writes nothing when the change fails for one task")
    func modifyIsAllOrNothingWhenChangeThrows() throws {
        struct Refused: Error, Equatable {}
        _ = try store.importTasks([TaskDraft(title: "A"), TaskDraft(title: "B")], now: now)

        #expect(throws: Refused()) {
            try store.modify(ids: [1, 2], now: now) { task in
                task.title = "Changed"
                if task.id == 2 { throw Refused() }
            }
        }

        #expect(try store.tasks(TaskQuery()).map(\.title) == ["A", "B"])
    }

    @Test("A change that empties a title is refused")
    func modifyRefusesEmptyTitle() throws {
        _ = try store.add(TaskDraft(title: "A"), now: now)

        #expect(throws: StoreError.invalidTask(which: "Task 1", problem: .emptyTitle)) {
            try store.modify(ids: [1], now: now) { $0.title = "   " }
        }
        #expect(try store.task(id: 1)?.title == "A")
    }

    @Test("A change that puts a NUL into notes or a tag is refused, the task unchanged")
    func modifyRefusesNUL() throws {
        _ = try store.add(TaskDraft(title: "A", notes: "n", tags: ["Work"]), now: now)

        #expect(throws: StoreError.invalidTask(which: "Task 1", problem: .nulCharacter(field: "notes"))) {
            try store.modify(ids: [1], now: now) { $0.notes = "cut\u{0}here" }
        }
        #expect(throws: StoreError.invalidTask(which: "Task 1", problem: .nulCharacter(field: "tag"))) {
            try store.modify(ids: [1], now: now) { $0.tags.append("a\u{0}b") }
        }
        #expect(try store.task(id: 1)?.notes == "n")
        #expect(try store.task(id: 1)?.tags == ["Work"])
    }

    @Test("Importing 10,000 drafts saves them all in one go")
    func importMany() throws {
        let drafts = try (1...10_000).map { number in
            try TaskDraft(
                title: "Task \(number)",
                priority: Priority.allCases[number % 3],
                due: number.isMultiple(of: 2) ? .day(LocalDay(daysSinceEpoch: 20_000 + number)) : nil
            )
        }

        #expect(try store.importTasks(drafts, now: now) == 10_000)

        let tasks = try store.tasks(TaskQuery())
        #expect(tasks.count == 10_000)
        #expect(tasks.map(\.id) == Array(1...10_000))
        #expect(tasks[4_999].title == "Task 5000")
        #expect(tasks[4_999].due == .day(LocalDay(daysSinceEpoch: 25_000)))
        #expect(tasks.allSatisfy { $0.createdAt == now && $0.updatedAt == now })
    }

    @Test("An import with one draft that cannot be saved saves none of them")
    func importRollsBack() throws {
        _ = try store.add(TaskDraft(title: "Already there"), now: now)
        var drafts = try (1...10_000).map { try TaskDraft(title: "Task \($0)") }
        // Drafts check their title when made; this one was emptied afterwards.
        drafts[5_000].title = ""

        #expect(throws: StoreError.invalidTask(which: "Draft 5001 of 10000", problem: .emptyTitle)) {
            try store.importTasks(drafts, now: now)
        }

        #expect(try store.taskCounts() == (total: 1, completed: 0))
        #expect(try store.add(TaskDraft(title: "Next"), now: now).id > 1)
    }

    @Test("An import's tasks, many statements' worth, get the ids AUTOINCREMENT gives, after a deleted one's; parents, tags, completions, snoozes and origins go with them, and undo takes them all away")
    func importBatches() throws {
        _ = try store.add(TaskDraft(title: "Kept"), now: now)
        _ = try store.add(TaskDraft(title: "Deleted"), now: now)
        _ = try store.delete(ids: [2], now: now)
        let count = 70
        var drafts = try (0..<count).map { try TaskDraft(title: "Task \($0)", category: $0.isMultiple(of: 2) ? "Home" : nil, tags: ["t\($0 % 3)"]) }
        let done = Date(timeIntervalSince1970: 1_779_000_000)
        drafts[40].due = .day(LocalDay(daysSinceEpoch: 20_600))
        drafts[40].repeating = try TaskRepeat.verbatim(rule: "FREQ=WEEKLY", from: .due, zone: nil, start: .day(LocalDay(daysSinceEpoch: 20_593)),
                                                       completedCount: 1)
        drafts[40].completions = [Completion(due: .day(LocalDay(daysSinceEpoch: 20_593)), at: done)]
        drafts[41].alarms = [.absolute(Date(timeIntervalSince1970: 1_790_000_000))]
        drafts[42].snoozedUntil = Date(timeIntervalSince1970: 1_790_000_000)
        // A subtask before its parent, in another statement's rows.
        var parents = [Int?](repeating: nil, count: count)
        parents[3] = 65
        let origins = (0..<count).map { TaskOrigin(uid: "uid-\($0)", item: Array("BEGIN:VCALENDAR\r\nUID:uid-\($0)\r\n".utf8)) }

        #expect(try store.importTasks(drafts, parents: parents, origins: origins, now: now) == count)

        let tasks = try store.tasks(TaskQuery(includeCompleted: true))
        #expect(tasks.map(\.id) == [1] + Array(3...Int64(count + 2)))
        let subtask = try #require(tasks.first(where: { $0.title == "Task 3" }))
        #expect(subtask.parentID == Int64(65 + 3))
        #expect(try store.count(TaskQuery(tags: ["T1"])) == (0..<count).filter { $0 % 3 == 1 }.count)
        #expect(try store.count(TaskQuery(tags: ["home"])) == count / 2)
        #expect(try store.recentCompletions(limit: 5)[40 + 3] == [Completion(due: .day(LocalDay(daysSinceEpoch: 20_593)), at: done)])
        #expect(try store.task(id: 41 + 3)?.alarms == drafts[41].alarms)
        #expect(try store.task(id: 42 + 3)?.snoozedUntil == drafts[42].snoozedUntil)
        #expect(try store.origin(ofTask: 69 + 3) == origins[69])
        #expect(try store.knownUIDs(among: ["uid-0", "uid-69", "other"]) == ["uid-0", "uid-69"])

        _ = try store.undoLast(by: nil, now: now.addingTimeInterval(60))

        #expect(try store.tasks(TaskQuery(includeCompleted: true)).map(\.title) == ["Kept"])
        #expect(try store.add(TaskDraft(title: "Next"), now: now).id == Int64(count + 3))
    }

    @Test("The UIDs imported before are found whichever side is smaller: the store's kept UIDs or those asked about")
    func knownUIDs() throws {
        let origins = (0..<5).map { TaskOrigin(uid: "uid-\($0)", item: []) }
        _ = try store.importTasks(try (0..<5).map { try TaskDraft(title: "Task \($0)") }, origins: origins, now: now)

        // Fewer asked about than kept: looked up.
        #expect(try store.knownUIDs(among: ["uid-1", "new"]) == ["uid-1"])
        // More asked about than kept: the kept ones read.
        #expect(try store.knownUIDs(among: (0..<9).map { "uid-\($0)" } + ["new"]) == Set((0..<5).map { "uid-\($0)" }))
        #expect(try store.knownUIDs(among: []) == [])
    }

    @Test("Importing nothing saves nothing")
    func importNothing() throws {
        #expect(try store.importTasks([], now: now) == 0)
        #expect(try store.taskCounts() == (total: 0, completed: 0))
    }
}
