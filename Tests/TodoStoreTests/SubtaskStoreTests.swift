import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore
import TodoZones

/// Tags, starts and parents in the store.
@Suite("Tags, subtasks and starts in the store")
struct SubtaskStoreTests {
    let folder: TemporaryFolder
    let store: TaskStore
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
        store = try TaskStore(path: folder.file("tasks.sqlite"))
    }

    func add(_ title: String, tags: [String] = [], parent: Int64? = nil, start: Due? = nil, done: Bool = false) throws -> TodoTask {
        var draft = try TaskDraft(title: title, tags: tags, completedAt: done ? now : nil)
        draft.parentID = parent
        draft.start = start
        return try store.add(draft, now: now)
    }

    @Test("Tags, the start (a day or a time) and the parent come back as saved, and change as edited")
    func roundTrip() throws {
        let paint = try add("Paint the kitchen", tags: ["Home", "weekend"], start: .day(LocalDay(iso: "2027-01-05") ?? LocalDay(daysSinceEpoch: 0)))
        let buy = try add("Buy paint", parent: paint.id, start: .time(Date(timeIntervalSince1970: 1_790_000_000.5)))
        #expect(try store.task(id: paint.id) == paint)
        #expect(try store.task(id: buy.id) == buy)
        #expect(paint.category == "Home" && buy.category == TodoTask.defaultCategory)
        let changed = try store.modify(ids: [paint.id], now: now) { task in
            task.tags = ["Garden", "weekend", "Home"]
            task.start = nil
        }
        #expect(try store.task(id: paint.id) == changed.first)
        #expect(changed.first?.category == "Garden")
    }

    @Test("list --tag finds a task by any of its tags, in any case; several tags, by all of them")
    func byTag() throws {
        let paint = try add("Paint", tags: ["Home", "weekend"])
        let mow = try add("Mow", tags: ["home", "garden"])
        _ = try add("Report", tags: ["Work"])
        #expect(try store.tasks(TaskQuery(tags: ["HOME"])).map(\.id) == [paint.id, mow.id])
        #expect(try store.tasks(TaskQuery(tags: ["home", "weekend"])).map(\.id) == [paint.id])
        #expect(try store.tasks(TaskQuery(tags: ["nothing"])).isEmpty)
        // The index follows an edit, and a deletion.
        _ = try store.modify(ids: [paint.id], now: now) { try $0.untag(["weekend"]) }
        #expect(try store.tasks(TaskQuery(tags: ["weekend"])).isEmpty)
        _ = try store.delete(ids: [mow.id], now: now)
        #expect(try store.tasks(TaskQuery(tags: ["home"])).map(\.id) == [paint.id])
    }

    @Test("tags counts each tag once, spelled as first used, with its open tasks")
    func tagCounts() throws {
        _ = try add("Paint", tags: ["Home", "weekend"])
        _ = try add("Mow", tags: ["home"], done: true)
        #expect(try store.tagCounts() == [
            TaskStore.TagCount(tag: "Home", open: 1, total: 2), TaskStore.TagCount(tag: "weekend", open: 1, total: 1),
        ])
    }

    @Test("A task's subtasks at any depth, in its list; its ancestors, a cycle followed once round")
    func subtasks() throws {
        let trip = try add("Plan the trip")
        let flights = try add("Book flights", parent: trip.id)
        let seats = try add("Pick seats", parent: flights.id, done: true)
        var draft = try TaskDraft(title: "Elsewhere")
        draft.parentID = trip.id
        draft.list = "/lists/work"
        _ = try store.add(draft, now: now)
        #expect(try store.subtasks(of: trip.id).map(\.id) == [flights.id, seats.id])
        #expect(try store.subtasks(of: trip.id, includingCompleted: false).map(\.id) == [flights.id])
        #expect(try store.ancestors(of: seats.id) == [flights.id, trip.id])
        _ = try store.modify(ids: [trip.id], now: now) { $0.parentID = seats.id }
        #expect(Set(try store.ancestors(of: trip.id)) == [seats.id, flights.id, trip.id])
        #expect(Set(try store.subtasks(of: trip.id).map(\.id)) == [flights.id, seats.id])
    }

    @Test("A task moved to another list takes its subtasks in its list with it, in one change undone at once")
    func moveWithSubtasks() throws {
        let trip = try add("Plan the trip")
        let flights = try add("Book flights", parent: trip.id)
        let seats = try add("Pick seats", parent: flights.id, done: true)
        let other = try add("Something else")
        let (moved, along) = try store.modifyMovingSubtasks(id: trip.id, now: now) { $0.list = "/lists/work"; $0.title = "Plan the holiday" }
        #expect(moved.title == "Plan the holiday" && moved.list == "/lists/work")
        #expect(along == [flights.id, seats.id])
        #expect(try store.tasks(ids: [flights.id, seats.id]).values.map(\.list) == ["/lists/work", "/lists/work"])
        #expect(try store.task(id: other.id)?.list == nil)
        // Another change, not of the list, moves nothing else.
        let (renamed, none) = try store.modifyMovingSubtasks(id: trip.id, now: now) { $0.title = "Plan the trip" }
        #expect(renamed.list == "/lists/work" && none.isEmpty)
        _ = try store.undoLast(by: store.author, now: now)
        _ = try store.undoLast(by: store.author, now: now)
        #expect(try store.tasks(ids: [trip.id, flights.id, seats.id]).values.allSatisfy { $0.list == nil })
    }

    @Test("An import's subtasks get their parents' new ids")
    func importedParents() throws {
        _ = try add("Already here")
        let drafts = try ["Trip", "Flights", "Seats"].map { try TaskDraft(title: $0) }
        #expect(try store.importTasks(drafts, parents: [nil, 0, 1], now: now) == 3)
        let tasks = try store.tasks(TaskQuery())
        #expect(tasks.map(\.parentID) == [nil, nil, 2, 3])
    }

    @Test("The reminders of a task waiting to start are left out of next, from the queue's index alone")
    func nextLeavesOutWaiting() throws {
        let clock = WallClock(timeZone: Zone(identifier: "Europe/Berlin") ?? .utc)
        let timeRules = TimeRules(clock: clock)
        let due = Due.time(Date(timeIntervalSince1970: 1_780_050_000))
        var early = try TaskDraft(title: "Starts late", due: due)
        early.start = .time(Date(timeIntervalSince1970: 1_780_049_000))
        let waiting = try store.add(early, now: now)
        let plain = try store.add(try TaskDraft(title: "No start", due: due), now: now)
        let reminders = try store.nextReminders(timeRules: timeRules, after: now, limit: 10)
        #expect(reminders.filter { $0.taskID == waiting.id }.map(\.kind) == [.atDueTime])
        #expect(reminders.filter { $0.taskID == plain.id }.map(\.kind) == [.morning, .atDueTime])
    }
}
