import Foundation
import Glibc
import TestSupport
import Testing
@testable import TodoLinux

extension LinuxLayerTests {
    /// The daemon learns of the CLI's writes, and of a new `/etc/localtime`,
    /// from a `DirectoryWatcher`.
    @Suite("Directory watcher")
    struct DirectoryWatcherTests {
        @Test("Writing a new file reports created, modified and closeWrite, in order, from one read")
        func newFile() throws {
            let folder = try TemporaryFolder()
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder.path, mask: .entryChanges)

            try folder.write("tasks.sqlite-wal", "page")

            #expect(watcher.readChanges(count: 3) == [
                FileChange(folder: folder.path, name: "tasks.sqlite-wal", kinds: .created),
                FileChange(folder: folder.path, name: "tasks.sqlite-wal", kinds: .modified),
                FileChange(folder: folder.path, name: "tasks.sqlite-wal", kinds: .closeWrite),
            ])
            #expect(watcher.readChanges() == [])
        }

        @Test("A file renamed into place is reported moved from its old name and to its new one")
        func renamedIntoPlace() throws {
            let folder = try TemporaryFolder()
            try folder.write("tasks.sqlite.tmp")
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder.path, mask: .entryChanges)

            #expect(rename(folder.file("tasks.sqlite.tmp"), folder.file("tasks.sqlite")) == 0)

            #expect(watcher.readChanges(count: 2) == [
                FileChange(folder: folder.path, name: "tasks.sqlite.tmp", kinds: .movedFrom),
                FileChange(folder: folder.path, name: "tasks.sqlite", kinds: .movedTo),
            ])
        }

        @Test("Replacing a symbolic link the ways /etc/localtime is replaced is seen")
        func localtimeReplaced() throws {
            let folder = try TemporaryFolder()
            let localtime = folder.file("localtime")
            #expect(symlink("/usr/share/zoneinfo/Etc/UTC", localtime) == 0)
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder.path, mask: [.created, .deleted, .movedTo])

            // timedatectl: a new link under another name, renamed over the old one.
            #expect(symlink("/usr/share/zoneinfo/Europe/Berlin", folder.file(".localtime.new")) == 0)
            #expect(rename(folder.file(".localtime.new"), localtime) == 0)
            // ln -sf: the old link deleted, a new one made.
            #expect(unlink(localtime) == 0)
            #expect(symlink("/usr/share/zoneinfo/Asia/Tokyo", localtime) == 0)

            #expect(watcher.readChanges(count: 4) == [
                FileChange(folder: folder.path, name: ".localtime.new", kinds: .created),
                FileChange(folder: folder.path, name: "localtime", kinds: .movedTo),
                FileChange(folder: folder.path, name: "localtime", kinds: .deleted),
                FileChange(folder: folder.path, name: "localtime", kinds: .created),
            ])
        }

        @Test("Only the kinds asked for are reported")
        func mask() throws {
            let folder = try TemporaryFolder()
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder.path, mask: [.closeWrite, .deleted])

            try folder.write("a")
            #expect(unlink(folder.file("a")) == 0)

            #expect(watcher.readChanges(count: 2).map(\.kinds) == [.closeWrite, .deleted])
        }

        @Test("Events of two folders each name their folder")
        func twoFolders() throws {
            let store = try TemporaryFolder()
            let etc = try TemporaryFolder()
            let watcher = try DirectoryWatcher()
            try watcher.watch(store.path, mask: .closeWrite)
            try watcher.watch(etc.path, mask: .closeWrite)

            try store.write("tasks.sqlite")
            try etc.write("localtime")

            #expect(Set(watcher.readChanges(count: 2)) == [
                FileChange(folder: store.path, name: "tasks.sqlite", kinds: .closeWrite),
                FileChange(folder: etc.path, name: "localtime", kinds: .closeWrite),
            ])
        }

        @Test("A sub-folder created is reported as a folder")
        func subfolder() throws {
            let folder = try TemporaryFolder()
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder.path, mask: .created)

            #expect(mkdir(folder.file("sub"), 0o700) == 0)

            #expect(watcher.readChanges(count: 1) == [FileChange(folder: folder.path, name: "sub", kinds: .created, isDirectory: true)])
        }

        @Test("Deleting the watched folder reports it, then the end of the watch")
        func folderDeleted() throws {
            let parent = try TemporaryFolder()
            let folder = parent.file("store")
            #expect(mkdir(folder, 0o700) == 0)
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder, mask: [.entryChanges, .folderDeleted])

            #expect(rmdir(folder) == 0)

            #expect(watcher.readChanges(count: 2) == [
                FileChange(folder: folder, name: "", kinds: .folderDeleted),
                FileChange(folder: folder, name: "", kinds: .unwatched),
            ])
            try watcher.unwatch(folder)
        }

        @Test("Unwatching a folder ends its events")
        func unwatch() throws {
            let folder = try TemporaryFolder()
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder.path, mask: .entryChanges)

            try watcher.unwatch(folder.path)
            try folder.write("a")

            #expect(watcher.readChanges(count: 1) == [FileChange(folder: folder.path, name: "", kinds: .unwatched)])
            try folder.write("b")
            #expect(watcher.readChanges() == [])
        }

        @Test("Hundreds of events queued at once are all read, in order, over several reads")
        func manyEvents() throws {
            let folder = try TemporaryFolder()
            // The longest names make the longest records: 272 bytes each.
            let names = ["a", "b"].map { String(repeating: $0, count: Int(NAME_MAX)) }
            let files = try names.map { name in
                let fd = open(folder.file(name), O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
                try #require(fd >= 0)
                return fd
            }
            defer { files.forEach { close($0) } }
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder.path, mask: .modified)

            // Alternating, so that the kernel cannot merge repeated events:
            // 400 records, about 106 KiB, several reads of the watcher's buffer.
            for round in 0..<400 {
                #expect(pwrite(files[round % 2], "x", 1, 0) == 1)
            }

            let events = watcher.readChanges()
            #expect(events.count == 400)
            #expect(events.map(\.name) == (0..<400).map { names[$0 % 2] })
            #expect(events.allSatisfy { $0.kinds == .modified && $0.folder == folder.path })
        }

        @Test("A change made by another thread wakes the event loop")
        func wakesTheLoop() throws {
            let folder = try TemporaryFolder()
            let path = folder.file("tasks.sqlite-wal")
            let loop = try EventLoop()
            let watcher = try DirectoryWatcher()
            try watcher.watch(folder.path, mask: .closeWrite)
            let seen = Shared<[FileChange]>([])
            try loop.register(watcher.fd) {
                seen.set(seen.get() + watcher.readChanges())
                loop.stop()
            }

            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.02)
                _ = FileManager.default.createFile(atPath: path, contents: Data("page".utf8))
            }
            #expect(try loop.runStopped())

            #expect(seen.get().contains(FileChange(folder: folder.path, name: "tasks.sqlite-wal", kinds: .closeWrite)))
        }

        @Test("Watching a missing folder fails with an error that names it")
        func missingFolder() throws {
            let folder = try TemporaryFolder()
            let missing = folder.file("missing")
            let watcher = try DirectoryWatcher()

            let error = try #require(throws: SystemError.self) {
                try watcher.watch(missing, mask: .entryChanges)
            }
            #expect(error.errno == .noSuchFile)
            #expect(error.localizedDescription == "inotify_add_watch failed for “\(missing)”: No such file or directory (ENOENT)")
        }

        @Test("Watching a file rather than a folder fails")
        func notAFolder() throws {
            let folder = try TemporaryFolder()
            try folder.write("tasks.sqlite")
            let watcher = try DirectoryWatcher()

            let error = try #require(throws: SystemError.self) {
                try watcher.watch(folder.file("tasks.sqlite"), mask: .entryChanges)
            }
            #expect(error.errno == Errno(rawValue: ENOTDIR))
        }
    }
}
