/// A value of a TOML document, as `TOMLParser` reads it.
enum TOMLValue: Equatable, Sendable {
    case string(String)
    /// A 64-bit integer: TOML's range, and `Int`'s on every platform this
    /// package builds for.
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// An offset or local date-time, a local date or a local time, checked
    /// and kept as written: no key of the config takes one, so none is read
    /// into a `Date`.
    case dateTime(String)
    case array([TOMLValue])
    /// An inline table, a `[table]` or an element of an `[[array]]`.
    case table([String: TOMLValue])

    var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    var integer: Int? {
        if case .integer(let number) = self { number } else { nil }
    }

    var bool: Bool? {
        if case .boolean(let flag) = self { flag } else { nil }
    }

    var array: [TOMLValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    var table: [String: TOMLValue]? {
        if case .table(let entries) = self { entries } else { nil }
    }
}
