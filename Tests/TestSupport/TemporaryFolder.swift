import Foundation

/// A fresh folder for one test, removed with everything in it when the test
/// lets go of it.
public final class TemporaryFolder: Sendable {
    public let path: String

    public init(prefix: String = "todo-remind-tests") throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of an entry of this folder (which need not exist).
    public func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// The bytes of a file of this folder, or nil when there is no such file.
    public func contents(_ name: String) -> Data? {
        FileManager.default.contents(atPath: file(name))
    }

    /// Whether an entry of this folder exists.
    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name))
    }

    /// Writes `text` into the file `name` and returns its path.
    @discardableResult
    public func write(_ name: String, text: String) throws -> String {
        let path = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
