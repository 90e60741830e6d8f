import TodoCore

/// A day of the week, numbered as `LocalDay.weekday` numbers them (0 is Sunday).
enum Weekday: Int, CaseIterable, Hashable, Sendable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday

    /// The two-letter RFC 5545 code ("MO").
    var code: String { Self.codes[rawValue] }

    /// The English name, capitalised ("Monday").
    var name: String { Self.names[rawValue] }

    /// The weekday of an RFC 5545 code, upper case.
    init?(code: some StringProtocol) {
        guard let index = Self.codes.firstIndex(of: String(code)) else { return nil }
        self.init(rawValue: index)
    }

    /// The weekday of a local day.
    static func of(_ day: LocalDay) -> Weekday {
        Weekday(rawValue: day.weekday) ?? .sunday
    }

    /// Monday to Friday, in RFC 5545's usual order.
    static let workdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// Position in a week that starts on Monday, for writing days in the order people read them.
    var mondayFirstIndex: Int { (rawValue + 6) % 7 }

    private static let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    private static let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
