import FoundationEssentials
import TodoCore

/// RFC 5545 DURATION values (§3.3.6): `-PT15M`, `PT0S`, `-P1D`, `-P1W`,
/// `-P1DT2H30M`.
public enum ICalendarDuration {
    /// The seconds a duration stands for, negative for a `-` duration; nil
    /// when `value` is not a duration.
    ///
    /// A day counts as 86 400 seconds and a week as seven days: alarms are
    /// read as elapsed time, as libical (Evolution) and tasks.org read them
    /// and as todo-remind writes its own (docs/ARCHITECTURE.md §7.4). RFC 5545 makes a
    /// day nominal, so across a DST change `-P1D` fires an hour off the wall
    /// time Thunderbird would keep; a duration is never wrong by more.
    ///
    /// Designators must come in RFC 5545's order (W, D, then T with H, M,
    /// S), each at most once. A week may be followed by days (ISO 8601
    /// allows it, RFC 5545 does not; it is unambiguous). Lower case and
    /// surrounding spaces are accepted.
    public static func seconds(_ value: some StringProtocol) -> Int? {
        parts(value).map { $0.days * 86_400 + $0.seconds }
    }

    /// A duration's days (weeks counted as seven) and its seconds apart,
    /// both negative for a `-` duration; nil when `value` is not a
    /// duration. RFC 5545 §3.3.6 makes a day nominal (a calendar day, 23
    /// or 25 hours across a DST change) and the rest exact: an event's alarm
    /// keeps them apart (`EventAlarm.Trigger`).
    public static func parts(_ value: some StringProtocol) -> (days: Int, seconds: Int)? {
        let text = Array(value.uppercased().trimmingSpaces().utf8)
        var index = 0
        var sign = 1
        if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
            sign = text[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
        }
        guard index < text.count, text[index] == UInt8(ascii: "P") else { return nil }
        index += 1
        // Each designator with its length in seconds, in the order they may come.
        let dateUnits: [(UInt8, Int)] = [(UInt8(ascii: "W"), 604_800), (UInt8(ascii: "D"), 86_400)]
        let timeUnits: [(UInt8, Int)] = [(UInt8(ascii: "H"), 3600), (UInt8(ascii: "M"), 60), (UInt8(ascii: "S"), 1)]
        var total = 0
        var days = 0
        var components = 0

        /// Reads `digits designator` pairs for `units`, in order.
        func read(_ units: [(UInt8, Int)]) -> Bool {
            var next = 0
            while index < text.count, (0x30...0x39).contains(text[index]) {
                var number = 0
                var digits = 0
                while index < text.count, (0x30...0x39).contains(text[index]) {
                    number = number * 10 + Int(text[index] - 0x30)
                    digits += 1
                    index += 1
                    // Nine digits is over thirty years of seconds; more is no alarm.
                    guard digits <= 9 else { return false }
                }
                guard index < text.count,
                      let unit = units[next...].firstIndex(where: { $0.0 == text[index] })
                else { return false }
                if units[unit].1 >= 86_400 { days += number * units[unit].1 / 86_400 } else { total += number * units[unit].1 }
                components += 1
                next = unit + 1
                index += 1
            }
            return true
        }

        guard read(dateUnits) else { return nil }
        if index < text.count, text[index] == UInt8(ascii: "T") {
            index += 1
            let before = components
            guard read(timeUnits), components > before else { return nil }
        }
        guard index == text.count, components > 0 else { return nil }
        return (sign * days, sign * total)
    }

    /// A duration of whole minutes in RFC 5545's form, as `seconds(_:)`
    /// reads it back: `-PT8H`, `PT9H30M`, `-P1D`, `PT0S`; seconds below a
    /// minute are dropped (alarms are set in minutes).
    public static func text(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        var rest = abs(seconds) / 60
        if rest == 0 { return "PT0S" }
        let days = rest / 1440
        rest %= 1440
        var text = sign + "P"
        if days > 0 { text += "\(days)D" }
        if rest > 0 {
            text += "T"
            if rest / 60 > 0 { text += "\(rest / 60)H" }
            if rest % 60 > 0 { text += "\(rest % 60)M" }
        }
        return text
    }
}
