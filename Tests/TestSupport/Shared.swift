import Synchronization

/// A value the threads of a test hand each other: a `Mutex` in a class, so
/// that escaping closures (callbacks, other threads) can hold it.
public final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    public init(_ value: Value) {
        self.value = Mutex(value)
    }

    public func get() -> Value {
        value.withLock { $0 }
    }

    public func set(_ newValue: Value) {
        value.withLock { $0 = newValue }
    }

    /// Reads or changes the value under the lock, in one step.
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        value.withLock { body(&$0) }
    }
}
