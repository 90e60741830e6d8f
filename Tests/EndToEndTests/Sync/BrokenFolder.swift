import Foundation
import TestSupport
import Testing

/// A list folder that stops taking writes, as a user's can: its disk full,
/// its file system read-only, or the folder replaced by a file. Made with a
/// small tmpfs mounted on the folder (we run as root, whom `chmod` does not
/// stop), which `end()` unmounts.
final class BrokenFolder {
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case fullDisk = "a full disk"
        case readOnly = "a read-only file system"
        case replacedByFile = "the folder replaced by a file"

        var testDescription: String { rawValue }
    }

    let fault: Fault
    /// The list folder.
    let folder: String
    private let disk: TmpfsMount?
    /// Where the folder waits while a file is in its place: outside the
    /// lists' folder, where a `[[calendar]]` glob would find it a list.
    private var aside: String {
        let lists = URL(fileURLWithPath: folder).deletingLastPathComponent()
        return lists.deletingLastPathComponent().appendingPathComponent("aside-" + lists.lastPathComponent).path
    }

    /// Readies `folder` (empty) for the fault: a tmpfs on it for the faults
    /// of a file system.
    init(_ fault: Fault, folder: String) throws {
        self.fault = fault
        self.folder = folder
        disk = fault == .replacedByFile ? nil : try TmpfsMount(at: folder)
    }

    deinit {
        end()
    }

    /// The fault begins.
    func begin() throws {
        switch fault {
        case .fullDisk: try disk?.fill()
        case .readOnly: try disk?.remount(readOnly: true)
        case .replacedByFile:
            try FileManager.default.moveItem(atPath: folder, toPath: aside)
            try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: folder))
        }
    }

    /// The fault ends: space freed, writable again, the folder put back.
    func clear() throws {
        switch fault {
        case .fullDisk: try disk?.free()
        case .readOnly: try disk?.remount(readOnly: false)
        case .replacedByFile:
            try FileManager.default.removeItem(atPath: folder)
            try FileManager.default.moveItem(atPath: aside, toPath: folder)
        }
    }

    /// Temporary files left in the folder (or where it waits).
    func temporaryFiles() throws -> [String] {
        let path = fault == .replacedByFile && !FileManager.default.fileExists(atPath: folder + "/.") ? aside : folder
        return try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".tmp") }
    }

    /// Unmounts the tmpfs; the test's folder can then be removed.
    func end() {
        disk?.unmount()
    }
}
