import Foundation
import Testing
import TodoCore

/// `Error.readableDescription` says what Foundation's `localizedDescription`
/// said on Linux.
@Suite("Readable description")
struct ReadableDescriptionTests {
    private struct Described: LocalizedError {
        var errorDescription: String? { "The list “Work” does not exist." }
    }

    private struct Undescribed: LocalizedError {}
    private struct Plain: Error {}
    private enum Cases: Error { case first, second }

    private struct Item: Decodable { let name: String }

    @Test("Each kind of error reads as it did")
    func kinds() throws {
        var errors: [any Error] = [Described(), Undescribed(), Plain(), Cases.first, Cases.second]
        for attempt in [
            { _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/file")) },
            { _ = try FileManager.default.contentsOfDirectory(atPath: "/nonexistent") },
            { _ = try Data(contentsOf: URL(fileURLWithPath: "/")) },
            { try Data("x".utf8).write(to: URL(fileURLWithPath: "/nonexistent/x")) },
            { _ = try JSONDecoder().decode([Int].self, from: Data("{".utf8)) },
            { _ = try JSONDecoder().decode([Int].self, from: Data("[\"a\"]".utf8)) },
            { _ = try JSONDecoder().decode(Item.self, from: Data("{}".utf8)) },
            { _ = try JSONDecoder().decode(Item.self, from: Data("{\"name\":null}".utf8)) },
        ] as [() throws -> Void] {
            do { try attempt() } catch { errors.append(error) }
        }
        #expect(errors.count == 13)
        for code in [4, 256, 257, 260, 513, 516, 640, 3840, 4864, 9999] {
            errors.append(CocoaError(CocoaError.Code(rawValue: code)))
        }
        for error in errors {
            #expect(error.readableDescription == error.localizedDescription, "\(error)")
        }
    }
}
