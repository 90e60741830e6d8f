import Foundation
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoStore
import TodoSync
@testable import TodoTerminal
import TodoViewModel

/// The view's tabs: khal's calendars, kept for their
/// events, are no task lists; the store's own list is one Tab reaches.
@Suite("The view's list tabs")
struct ListTabsTests {
    static let khalEvent = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TodoCalendarTests/Fixtures/Events/khal-timed.ics").standardized

    @Test("Tab goes through all lists, the folders holding tasks or nothing, and local; a folder of events only is left out unless tasks = true")
    func tabs() throws {
        let folder = try TemporaryFolder()
        for name in ["tasks", "calendar", "empty", "meetings"] {
            try FileManager.default.createDirectory(atPath: folder.file("lists/\(name)"), withIntermediateDirectories: true)
        }
        for name in ["calendar", "meetings"] {
            try FileManager.default.copyItem(atPath: Self.khalEvent.path, toPath: folder.file("lists/\(name)/event.ics"))
        }
        let lists = ConfiguredLists([
            CalendarTable(path: folder.file("lists/[cet]*")),
            CalendarTable(path: folder.file("lists/meetings"), tasks: true),
        ], home: folder.path)
        let store = try TaskStore(path: folder.file("tasks.sqlite"), author: .view(session: "test"))
        let data = ViewStore(store: store, settings: .defaults, lists: lists, zone: ViewFixture.zone)
        try data.startSync(now: ViewFixture.now, realNow: ViewFixture.now)
        _ = try store.add(try TaskDraft(title: "Kept in the store"), now: ViewFixture.now)
        var inFolder = try TaskDraft(title: "Kept in a folder")
        inFolder.list = try lists.list(named: "tasks").path
        _ = try store.add(inFolder, now: ViewFixture.now)

        let view = try TaskView(data: data, now: ViewFixture.now)
        #expect(view.tabs.map(\.name) == ["All lists", "empty", "tasks", "meetings", "local"])
        var shown: [String] = []
        for _ in view.tabs {
            view.press(.tab)
            shown.append(view.listTitle)
        }
        #expect(shown == ["empty", "tasks", "meetings", "local", "all lists"])
        view.press(.tab)
        view.press(.tab)
        view.press(.tab)
        view.press(.tab)
        #expect(view.listTitle == "local")
        let text = view.text(width: 100)
        #expect(text.contains("Kept in the store") && !text.contains("Kept in a folder"), "\(text)")
    }
}
