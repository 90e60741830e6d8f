import Foundation
import TestSupport
import TodoConfig
import TodoCore
import TodoStore
import TodoSync
@testable import TodoTerminal
import TodoZones
import TodoViewModel

/// A view over a real store in a temporary folder, at a fixed moment in
/// Berlin, with no list folders.
final class ViewFixture {
    let folder: TemporaryFolder
    let store: TaskStore
    let data: ViewStore
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    /// Friday 27 November 2026, 15:00 in Berlin.
    static let now = Date(timeIntervalSince1970: 1_795_788_000)
    var now = ViewFixture.now

    init(settings: Settings = .defaults) throws {
        folder = try TemporaryFolder()
        store = try TaskStore(path: folder.file("tasks.sqlite"), author: .view(session: "test"))
        data = ViewStore(store: store, settings: settings, lists: ConfiguredLists([], home: folder.path), zone: Self.zone)
    }

    var timeRules: TimeRules { data.timeRules }

    /// Adds a task as `add` would, its due read as WHEN.
    @discardableResult
    func add(_ title: String, due: String? = nil, priority: Priority = .medium, category: String? = nil, at moment: Date? = nil) throws -> TodoTask {
        let parser = WhenParser(now: moment ?? now, clock: timeRules.clock)
        let draft = try TaskDraft(title: title, category: category, priority: priority, due: try due.map { try parser.due(from: $0) })
        // As a command adds it: the view's `u` has no business with it.
        return try TaskStore(path: store.path).add(draft, now: moment ?? now)
    }

    func view(list: String? = nil, colors: Bool = true) throws -> TaskView {
        try TaskView(data: data, list: list, colors: colors, now: now)
    }
}

extension TaskView {
    /// Presses the keys in turn, as of `now`; false once one asks to quit.
    @discardableResult
    func press(_ keys: Key..., now: Date = ViewFixture.now) -> Bool {
        for key in keys where !handle(key, now: now) { return false }
        return true
    }

    /// Types the text, a character a key.
    func type(_ text: String, now: Date = ViewFixture.now) {
        for character in text { _ = handle(.character(character), now: now) }
    }

    /// The screen as text, at 80×24 by default.
    func text(width: Int = 80, height: Int = 24, now: Date = ViewFixture.now) -> String {
        screen(width: width, height: height, now: now).text
    }
}
