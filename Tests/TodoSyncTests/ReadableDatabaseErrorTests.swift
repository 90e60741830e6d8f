import Foundation
import GRDB
import Testing
import TodoCore

/// GRDB's errors read as Foundation's `localizedDescription` read them, now
/// that `Error.readableDescription` says them.
@Suite("Database errors, readable")
struct ReadableDatabaseErrorTests {
    @Test("A database error and a record error say what localizedDescription said")
    func databaseErrors() throws {
        let queue = try DatabaseQueue()
        var errors: [any Error] = []
        do { try queue.write { try $0.execute(sql: "SELECT * FROM nowhere") } } catch { errors.append(error) }
        do { try queue.write { try $0.execute(sql: "CREATE TABLE t(a UNIQUE); INSERT INTO t VALUES (1); INSERT INTO t VALUES (1)") } } catch { errors.append(error) }
        errors.append(RecordError.recordNotFound(databaseTableName: "tasks", key: ["id": 1.databaseValue]))
        #expect(errors.count == 3)
        for error in errors {
            #expect(error.readableDescription == error.localizedDescription, "\(error)")
        }
    }
}
