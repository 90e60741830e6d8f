/// A VTODO's `STATUS` (RFC 5545 §3.8.1.11).
public enum VTodoStatus: Hashable, Sendable, Codable {
    case needsAction
    case inProcess
    case completed
    case cancelled
    /// A value RFC 5545 does not define for VTODO, kept as written.
    case other(String)

    /// Reads a STATUS value (case-insensitive).
    public init(value: String) {
        switch value.trimmingWhitespaceAndCase() {
        case "NEEDS-ACTION": self = .needsAction
        case "IN-PROCESS": self = .inProcess
        case "COMPLETED": self = .completed
        case "CANCELLED": self = .cancelled
        default: self = .other(value)
        }
    }

    /// The STATUS value to write.
    public var value: String {
        switch self {
        case .needsAction: "NEEDS-ACTION"
        case .inProcess: "IN-PROCESS"
        case .completed: "COMPLETED"
        case .cancelled: "CANCELLED"
        case .other(let value): value
        }
    }
}

extension String {
    fileprivate func trimmingWhitespaceAndCase() -> String {
        uppercased().filter { !$0.isWhitespace }
    }
}
