import Foundation

/// One task of `todoman --porcelain list`, todoman 4.1's JSON.
///
/// That JSON has neither the UID nor the categories: read those from the
/// item's file (`CalDAVDevice.items()`). Nor does it tell a day from a time:
/// a due day (`DUE;VALUE=DATE`) comes as the start of that day in todoman's
/// TZ.
public struct TodomanTask: Decodable, Equatable, Sendable {
    /// todoman's own number for the task (a row of its cache), what its
    /// commands take: `todoman done 3`. Not the UID.
    public let id: Int
    /// The list: the collection folder's name (or its `displayname` file).
    public let list: String
    public let summary: String
    public let description: String
    public let location: String
    /// DUE as an instant; a due day is the start of the day in todoman's TZ.
    public let due: Date?
    /// PRIORITY as written, 0 when there is none. todoman writes high 4,
    /// medium 5 and low 9.
    public let priority: Int
    /// PERCENT-COMPLETE, 0 when there is none.
    public let percent: Int
    /// Whether it has COMPLETED or STATUS COMPLETED or CANCELLED.
    public let completed: Bool
    public let completedAt: Date?

    /// The tasks of `todoman --porcelain list`'s output.
    public static func decodeList(_ json: String) throws -> [TodomanTask] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode([TodomanTask].self, from: Data(json.utf8))
        } catch {
            throw TestSupportFailure("todoman's --porcelain output is not a list of tasks (\(error)): \(json)")
        }
    }
}
