import Foundation
import Testing
import TestSupport
import TodoCalendar

@Suite("A vdir collection folder (docs/ARCHITECTURE.md §7.1)")
struct VdirFolderTests {
    @Test("items are the .ics files; .tmp files and metadata files are not")
    func listing() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("a.ics", text: "A")
        try temporary.write("b.ICS", text: "B")
        try temporary.write(".a.ics.1234.tmp", text: "half")
        try temporary.write("displayname", text: "Work\n")
        try temporary.write("notes.txt", text: "x")
        let folder = VdirFolder(path: temporary.path)
        #expect(try folder.items().map(\.name) == ["a.ics", "b.ICS"])
    }

    @Test("displayname and color come from their metadata files; a bad color is none")
    func metadata() throws {
        let temporary = try TemporaryFolder()
        let folder = VdirFolder(path: temporary.path)
        #expect(folder.displayName == nil)
        #expect(folder.color == nil)
        try temporary.write("displayname", text: "  Work things \n")
        try temporary.write("color", text: "#1A2b3C\n")
        #expect(folder.displayName == "Work things")
        #expect(folder.color == "#1A2b3C")
        try temporary.write("color", text: "blue")
        #expect(folder.color == nil)
    }

    @Test("a write keeps the file name, leaves no temporary file and gives a new etag")
    func write() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("item.ics", text: "old")
        let folder = VdirFolder(path: temporary.path)
        let before = try folder.stamp(of: "item.ics")
        let after = try folder.write(Array("new".utf8), to: "item.ics", ifUnchangedSince: before)
        #expect(temporary.contents("item.ics") == Data("new".utf8))
        #expect(after.inode != before.inode)
        #expect(after.etag != before.etag)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == ["item.ics"])
        let read = try folder.read("item.ics")
        #expect(read.bytes == Array("new".utf8))
        #expect(read.stamp == after)
    }

    @Test("a write is refused when the file changed since it was read")
    func staleWrite() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("item.ics", text: "old")
        let folder = VdirFolder(path: temporary.path)
        let seen = try folder.stamp(of: "item.ics")
        try folder.write(Array("theirs".utf8), to: "item.ics")
        #expect(throws: VdirFolderError.changedSinceRead("item.ics")) {
            try folder.write(Array("ours".utf8), to: "item.ics", ifUnchangedSince: seen)
        }
        #expect(temporary.contents("item.ics") == Data("theirs".utf8))
        #expect(throws: VdirFolderError.changedSinceRead("item.ics")) {
            try folder.delete("item.ics", ifUnchangedSince: seen)
        }
    }

    @Test("a new item is named after its UID when that is safe, else a UUID", arguments: [
        ("abc-123@example.com", "abc-123@example.com.ics"),
        ("a/b", nil), (".hidden", nil), ("with space", nil), ("", nil),
    ] as [(String, String?)])
    func names(uid: String, name: String?) {
        #expect(VdirFolder.itemName(forUID: uid) == name)
    }

    @Test("creating never replaces an existing item; deleting removes one")
    func createAndDelete() throws {
        let temporary = try TemporaryFolder()
        let folder = VdirFolder(path: temporary.path)
        let stamp = try folder.create(Array("one".utf8), uid: "task-1")
        #expect(stamp.name == "task-1.ics")
        #expect(throws: VdirFolderError.exists("task-1.ics")) {
            try folder.create(Array("two".utf8), uid: "task-1")
        }
        #expect(temporary.contents("task-1.ics") == Data("one".utf8))
        let unsafe = try folder.create(Array("three".utf8), uid: "a/b")
        #expect(unsafe.name.hasSuffix(".ics") && UUID(uuidString: String(unsafe.name.dropLast(4))) != nil)
        try folder.delete("task-1.ics", ifUnchangedSince: stamp)
        #expect(try folder.items().map(\.name) == [unsafe.name])
    }

    @Test("a missing folder is an error that names it")
    func missing() {
        let folder = VdirFolder(path: "/nonexistent/todo-remind-folder")
        #expect(throws: VdirFolderError.systemCall("opendir", path: "/nonexistent/todo-remind-folder", errno: ENOENT)) {
            try folder.items()
        }
    }
}
