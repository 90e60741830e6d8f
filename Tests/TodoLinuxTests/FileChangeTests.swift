import Glibc
import Testing
@testable import TodoLinux

/// `DirectoryWatcher` decodes what inotify hands over: variable-length
/// records, several per read.
@Suite("inotify records")
struct FileChangeTests {
    @Test("Records of different lengths, a folder, an overflow, an unknown watch and a watch that ends decode in order")
    func decode() {
        var bytes: [UInt8] = []
        bytes += record(watch: 1, mask: UInt32(IN_CREATE), name: "a", padTo: 16)
        bytes += record(watch: 1, mask: UInt32(IN_MODIFY), name: "tasks.sqlite-wal", padTo: 32)
        bytes += record(watch: 2, mask: UInt32(IN_CREATE) | UInt32(IN_ISDIR), name: "sub", padTo: 16)
        bytes += record(watch: 7, mask: UInt32(IN_DELETE), name: "unknown", padTo: 16)
        bytes += record(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: "", padTo: 0)
        bytes += record(watch: 1, mask: UInt32(IN_MOVED_TO), name: "localtime", padTo: 12)
        bytes += record(watch: 2, mask: UInt32(IN_IGNORED), name: "", padTo: 0)
        bytes += record(watch: 2, mask: UInt32(IN_CREATE), name: "late", padTo: 16)

        var folders: [Int32: String] = [1: "/store", 2: "/etc"]
        let events = bytes.withUnsafeBytes { FileChange.decode($0, folders: &folders) }

        #expect(events == [
            FileChange(folder: "/store", name: "a", kinds: .created),
            FileChange(folder: "/store", name: "tasks.sqlite-wal", kinds: .modified),
            FileChange(folder: "/etc", name: "sub", kinds: .created, isDirectory: true),
            FileChange(folder: "", name: "", kinds: .overflow),
            FileChange(folder: "/store", name: "localtime", kinds: .movedTo),
            FileChange(folder: "/etc", name: "", kinds: .unwatched),
        ])
        // The watch that ended is forgotten, and what was queued after it dropped.
        #expect(folders == [1: "/store"])
    }

    @Test("A record cut short at the end of the buffer is not read past")
    func truncated() {
        let bytes = record(watch: 1, mask: UInt32(IN_CREATE), name: "tasks.sqlite", padTo: 16)
        var folders: [Int32: String] = [1: "/store"]
        let events = bytes.withUnsafeBytes { FileChange.decode(UnsafeRawBufferPointer(rebasing: $0[..<20]), folders: &folders) }
        #expect(events == [])
    }

    /// A `struct inotify_event` as the kernel lays it out: the header, then
    /// the name NUL-padded to `padTo` bytes (`len`).
    private func record(watch: Int32, mask: UInt32, name: String, padTo length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: watch) { bytes += $0 }
        withUnsafeBytes(of: mask) { bytes += $0 }
        withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
        withUnsafeBytes(of: UInt32(length)) { bytes += $0 }
        let name = Array(name.utf8)
        bytes += name + Array(repeating: 0, count: length - name.count)
        return bytes
    }
}
