/// The parts of a POSIX `TZ` rule string that matter here (POSIX.1, 8.3):
/// `std offset [dst [offset] [,rule]]`, such as `JST-9`, `EST5EDT` or
/// `CET-1CEST,M3.5.0,M10.5.0/3`.
struct PosixZoneRule: Equatable {
    /// Seconds east of UTC in standard time (POSIX writes them west: `CET-1` is +1 h).
    let standardOffset: Int
    /// Whether a daylight-saving name follows the standard offset.
    let hasDaylightSaving: Bool

    /// Reads a rule string; nil for text that is not one (a zone name like `Invalid/Zone`).
    init?(_ text: String) {
        var rest = Substring(text)
        guard Self.takeName(&rest), let offset = Self.takeOffset(&rest) else { return nil }
        standardOffset = -offset
        hasDaylightSaving = !rest.isEmpty
        if hasDaylightSaving, !Self.takeName(&rest) { return nil }
    }

    /// A zone abbreviation: three or more letters, or `<…>` quoted (`<+0330>`).
    private static func takeName(_ rest: inout Substring) -> Bool {
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return false }
            rest = rest[rest.index(after: close)...]
            return true
        }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return false }
        rest = rest.dropFirst(letters.count)
        return true
    }

    /// `[+|-]hh[:mm[:ss]]`, in seconds west of UTC.
    private static func takeOffset(_ rest: inout Substring) -> Int? {
        var sign = 1
        if rest.first == "+" || rest.first == "-" {
            if rest.first == "-" { sign = -1 }
            rest = rest.dropFirst()
        }
        var seconds = 0
        for (position, unit) in [3600, 60, 1].enumerated() {
            if position > 0 {
                guard rest.first == ":" else { break }
                rest = rest.dropFirst()
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...2).contains(digits.count), let value = Int(digits) else { return nil }
            seconds += value * unit
            rest = rest.dropFirst(digits.count)
        }
        guard seconds <= 24 * 3600 else { return nil }
        return sign * seconds
    }
}
