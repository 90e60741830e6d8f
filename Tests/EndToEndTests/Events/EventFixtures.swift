import Foundation

/// The clients' event files (`Tests/TodoCalendarTests/Fixtures/Events`),
/// read from the source tree, and moved in time where a test needs them now.
enum EventFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../TodoCalendarTests/Fixtures/Events").standardized

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}
