import CLinux
import Glibc

/// A change in a watched folder, as `DirectoryWatcher.readChanges()` reports it.
public struct FileChange: Hashable, Sendable, CustomStringConvertible {
    /// The watched folder, as it was given to `watch(_:mask:)`; empty for an
    /// overflow, which concerns no folder in particular.
    public let folder: String
    /// The name of the entry within `folder` (`tasks.sqlite-wal`,
    /// `localtime`); empty when the event is about the folder itself.
    public let name: String
    /// What happened to it; usually one kind.
    public let kinds: WatchMask
    /// Whether the entry is a folder (`IN_ISDIR`).
    public let isDirectory: Bool

    public init(folder: String, name: String, kinds: WatchMask, isDirectory: Bool = false) {
        self.folder = folder
        self.name = name
        self.kinds = kinds
        self.isDirectory = isDirectory
    }

    public var description: String {
        "\(folder)/\(name) \(kinds.rawValue.hexDescription)"
    }
}

extension FileChange {
    /// The byte size of `struct inotify_event` before its name.
    static let headerSize = MemoryLayout<inotify_event>.size

    /// Decodes the `struct inotify_event` records of one `read` of an
    /// inotify descriptor: each a fixed header (`wd`, `mask`, `cookie`,
    /// `len`) and `len` bytes of NUL-padded name, so records vary in length.
    ///
    /// `folders` names the folder of each watch descriptor; a record of an
    /// unknown watch descriptor (one unwatched while events were queued) is
    /// dropped, except an overflow, which has none. A watch's end
    /// (`IN_IGNORED`) removes its descriptor from `folders`.
    static func decode(_ bytes: UnsafeRawBufferPointer, folders: inout [Int32: String]) -> [FileChange] {
        var events: [FileChange] = []
        var offset = 0
        while offset + headerSize <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            let nameEnd = nameStart + nameLength
            // The kernel returns whole records only; never read past one cut short.
            guard nameEnd <= bytes.count else { break }
            offset = nameEnd

            let nameBytes = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let kinds = WatchMask(rawValue: mask).intersection(.reportable)
            let isDirectory = mask & UInt32(IN_ISDIR) != 0

            if kinds.contains(.overflow) {
                events.append(FileChange(folder: "", name: "", kinds: kinds, isDirectory: false))
            } else if let folder = folders[watch], !kinds.isEmpty {
                events.append(FileChange(folder: folder, name: name, kinds: kinds, isDirectory: isDirectory))
                if kinds.contains(.unwatched) {
                    folders[watch] = nil
                }
            }
        }
        return events
    }
}

private extension UInt32 {
    var hexDescription: String {
        "0x" + String(self, radix: 16)
    }
}
