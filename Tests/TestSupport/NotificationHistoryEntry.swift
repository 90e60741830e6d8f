import Foundation

/// One notification of `dunstctl history`.
public struct NotificationHistoryEntry: Equatable, Sendable, CustomStringConvertible {
    public var id: Int
    public var summary: String
    public var body: String
    public var appName: String
    public var category: String
    /// The bubble's text as the test dunstrc's `format` makes it: "urgency=…\nsummary\nbody".
    public var message: String
    public var iconPath: String

    public var description: String {
        "#\(id) \(summary.debugDescription) from \(appName.debugDescription): \(message.debugDescription)"
    }

    /// The entries of `dunstctl history`'s JSON, newest first.
    static func parse(dunstctlHistory json: String) throws -> [NotificationHistoryEntry] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let root = try TestSupportFailure.unwrap(object as? [String: Any], "dunstctl history is not an object: \(json)")
        let groups = try TestSupportFailure.unwrap(root["data"] as? [[[String: Any]]], "dunstctl history has no data: \(json)")
        return groups.flatMap { $0 }.map { fields in
            func value<T>(_ key: String, _ fallback: T) -> T {
                ((fields[key] as? [String: Any])?["data"] as? T) ?? fallback
            }
            return NotificationHistoryEntry(
                id: value("id", -1),
                summary: value("summary", ""),
                body: value("body", ""),
                appName: value("appname", ""),
                category: value("category", ""),
                message: value("message", ""),
                iconPath: value("icon_path", "")
            )
        }
    }
}
