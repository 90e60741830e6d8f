import Foundation
import Testing
import TodoConfig
@testable import TodoSync

/// How the config's folders become lists: one folder is
/// one list however its path is spelled, and a name two lists answer to is
/// refused rather than taken for either.
@Suite struct ConfiguredListsTests {
    /// A fresh folder holding the list folders `names`, removed by the caller.
    static func folders(_ names: [String]) throws -> String {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("todo-remind-lists-\(UUID().uuidString)")
        for name in names {
            try FileManager.default.createDirectory(atPath: root + "/cal/" + name, withIntermediateDirectories: true)
        }
        return root
    }

    @Test("A folder named through “..”, a symlink or two globs is one list, under its real path")
    func oneFolderOneList() throws {
        let root = try Self.folders(["l"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/cal/l")
        let lists = ConfiguredLists([
            CalendarTable(path: root + "/cal/*"), CalendarTable(path: root + "/cal/../cal/l"), CalendarTable(path: root + "/link"),
        ], home: root)
        let real = URL(fileURLWithPath: root + "/cal/l").resolvingSymlinksInPath().path
        #expect(lists.lists.map(\.path) == [real])
        #expect(lists.unmatchedPaths.isEmpty)
        #expect(try lists.list(named: root + "/link").path == real)
    }

    @Test("A list reached through a symlink is named by the symlink, as the user named it, and kept under the real path")
    func symlinkKeepsItsName() throws {
        let root = try Self.folders(["3f2a-collection"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/work", withDestinationPath: root + "/cal/3f2a-collection")
        let lists = ConfiguredLists([CalendarTable(path: root + "/work")], home: root)
        #expect(lists.lists.map(\.name) == ["work"])
        #expect(lists.lists.map(\.path) == [URL(fileURLWithPath: root + "/cal/3f2a-collection").resolvingSymlinksInPath().path])
        #expect(try lists.list(named: "work").folderName == "work")
    }

    @Test("A name two lists answer to is refused, naming both folders, and listed as ambiguous")
    func ambiguousName() throws {
        let root = try Self.folders(["a", "b"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["a", "b"] { try "Tasks\n".write(toFile: root + "/cal/\(name)/displayname", atomically: true, encoding: .utf8) }
        let lists = ConfiguredLists([CalendarTable(path: root + "/cal/*", defaultList: "tasks")], home: root)
        let folders = lists.lists.map(\.path)
        #expect(folders.count == 2)
        #expect(throws: ConfiguredListsError.ambiguous(name: "Tasks", folders: folders)) { try lists.list(named: "Tasks") }
        #expect(throws: ConfiguredListsError.ambiguous(name: "tasks", folders: folders)) { try lists.listForNewTask(named: nil) }
        #expect(try lists.list(named: "b").path == folders[1])
        #expect(lists.ambiguousNames.map(\.name) == ["Tasks"])
        #expect(lists.ambiguousNames.first?.folders == folders)
        let message = ConfiguredListsError.ambiguous(name: "Tasks", folders: folders).localizedDescription
        #expect(message.contains(folders[0]) && message.contains(folders[1]))
    }

    @Test("A table naming its folders through “..” or a symlinked home still names them once they are gone or replaced by a file", arguments: [
        ("/cal/../cal/*", "/unused"), ("~/*", "/home"),
    ])
    func namesFoldersGone(path: String, home: String) throws {
        let root = try Self.folders(["l", "m"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/home", withDestinationPath: root + "/cal")
        let lists = ConfiguredLists([CalendarTable(path: path.hasPrefix("~") ? path : root + path)], home: root + home)
        let real = URL(fileURLWithPath: root + "/cal").resolvingSymlinksInPath().path
        #expect(lists.lists.map(\.path) == [real + "/l", real + "/m"])

        try FileManager.default.removeItem(atPath: real + "/l")
        try FileManager.default.removeItem(atPath: real + "/m")
        try "not a folder\n".write(toFile: real + "/m", atomically: true, encoding: .utf8)

        #expect(lists.names(real + "/l"))
        #expect(lists.names(real + "/m"))
        #expect(!lists.names(real + "/.hidden"))
        #expect(!lists.names(root + "/elsewhere/l"))
    }
}

