/// Why a fixture could not do what a test asked: thrown, so that the test
/// fails with this sentence. (Fixtures throw rather than record an issue so
/// that they can be used outside a test body too; TestSupport may import
/// Testing, for its traits, since `make release` builds only the products.)
public struct TestSupportFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// Throws `message` unless `condition` holds.
    static func unless(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw TestSupportFailure(message()) }
    }

    /// The value, or `message` thrown when there is none.
    static func unwrap<Value>(_ value: Value?, _ message: @autoclosure () -> String) throws -> Value {
        guard let value else { throw TestSupportFailure(message()) }
        return value
    }
}
