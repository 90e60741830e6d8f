import Foundation

/// A fresh folder for one test, removed with everything in it when the test
/// lets go of it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("todo-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of an entry of this folder (which need not exist).
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// The bytes of a file of this folder, or nil when there is no such file.
    func contents(_ name: String) -> Data? {
        FileManager.default.contents(atPath: file(name))
    }

    /// Whether an entry of this folder exists.
    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
