import Foundation
import Testing
import TestSupport
import TodoCalendar

/// What a list folder may hold besides files: only a
/// regular file, or a symlink to one, is read; the rest is listed, so that
/// it is reported, and never opened.
@Suite("A list folder's entries that are not files")
struct FolderEntryTests {
    static let task = HostileFile.lines(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:a", "SUMMARY:A", "END:VTODO", "END:VCALENDAR"])

    /// Reads `name`, which must be refused as not a regular file of `kind`.
    static func expectRefused(_ folder: VdirFolder, _ name: String, kind: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: VdirFolderError.notRegularFile(path: folder.file(name), kind: kind), sourceLocation: sourceLocation) {
            _ = try folder.read(name)
        }
    }

    @Test("A FIFO, a folder, a socket and a symlink to /dev/zero named .ics are listed, and reading each is refused at once")
    func specialEntries() throws {
        let temporary = try TemporaryFolder()
        let folder = VdirFolder(path: temporary.path)
        #expect(mkfifo(temporary.file("x.ics"), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: temporary.file("d.ics"), withIntermediateDirectories: false)
        #expect(symlink("/dev/zero", temporary.file("z.ics")) == 0)
        let socket = try UnixSocket(path: temporary.file("s.ics"))
        defer { socket.close() }
        try temporary.write("a.ics", text: Self.task)

        #expect(try folder.items().map(\.name) == ["a.ics", "d.ics", "s.ics", "x.ics", "z.ics"])
        Self.expectRefused(folder, "x.ics", kind: "a named pipe (FIFO)")
        Self.expectRefused(folder, "d.ics", kind: "a folder")
        Self.expectRefused(folder, "s.ics", kind: "a socket")
        Self.expectRefused(folder, "z.ics", kind: "a character device")
        let error = VdirFolderError.notRegularFile(path: folder.file("x.ics"), kind: "a named pipe (FIFO)")
        #expect(error.localizedDescription == "“\(folder.file("x.ics"))” is a named pipe (FIFO), not a regular file, so it was not read: a list folder holds one file per task.")
        #expect(!error.isGone)
    }

    @Test("A FIFO named displayname and a symlink to /dev/zero named color are ignored at once, as an oversized color is: the folder is named by itself, without a colour")
    func specialMetadata() throws {
        let temporary = try TemporaryFolder()
        let folder = VdirFolder(path: temporary.path)
        #expect(mkfifo(temporary.file("displayname"), 0o644) == 0)
        #expect(symlink("/dev/zero", temporary.file("color")) == 0)
        #expect(folder.displayName == nil)
        #expect(folder.color == nil)

        try FileManager.default.removeItem(atPath: temporary.file("color"))
        try temporary.write("color", text: "#336699" + String(repeating: " ", count: ReadingLimits.maximumMetadataSize))
        #expect(folder.color == nil)
        try temporary.write("color", text: "#336699\n")
        #expect(folder.color == "#336699")
    }

    @Test("A symlink to a regular file is read through; a write replaces the link with a file and leaves its target alone")
    func symlinkToAFile() throws {
        let temporary = try TemporaryFolder()
        let elsewhere = try TemporaryFolder()
        try elsewhere.write("target.ics", text: Self.task)
        #expect(symlink(elsewhere.file("target.ics"), temporary.file("a.ics")) == 0)
        let folder = VdirFolder(path: temporary.path)
        #expect(try folder.read("a.ics").bytes == Array(Self.task.utf8))

        try folder.write(Array("changed".utf8), to: "a.ics")
        var info = stat()
        #expect(lstat(temporary.file("a.ics"), &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(elsewhere.contents("target.ics") == Data(Self.task.utf8))
    }

    @Test("At most one byte more than the size bound is read from a file, however large it is")
    func readingStopsPastTheBound() throws {
        let temporary = try TemporaryFolder()
        let handle = try #require(FileHandle(forWritingAtPath: try temporary.write("big.ics", text: "")))
        try handle.truncate(atOffset: UInt64(ReadingLimits.maximumFileSize) * 4)
        try handle.close()
        #expect(try VdirFolder(path: temporary.path).read("big.ics").bytes.count == ReadingLimits.maximumFileSize + 1)
    }

    @Test("A temporary file of ours left by a killed writer goes once the folder changed ten minutes after it; nothing else does")
    func staleTemporaries() throws {
        let temporary = try TemporaryFolder()
        let folder = VdirFolder(path: temporary.path)
        let stale = ".a.ics.\(UUID().uuidString).tmp"
        let fresh = ".b.ics.\(UUID().uuidString).tmp"
        let others = [".c.ics.1234.tmp", ".notes.\(UUID().uuidString).tmp", "a.ics"]
        for name in [stale, fresh] + others { try temporary.write(name, text: "half") }
        for name in [others[0], others[1]] + [stale] {
            #expect(utimensat(AT_FDCWD, temporary.file(name), try FileClock.times(3600, before: temporary.file(name)), 0) == 0)
        }

        #expect(folder.removeStaleTemporaries() == 1)
        #expect(!temporary.exists(stale))
        #expect(([fresh] + others).allSatisfy(temporary.exists))
    }
}
