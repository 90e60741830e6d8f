import FoundationEssentials
import Glibc

/// When to write ANSI colours.
public enum ColorMode: String, CaseIterable, Sendable {
    case auto
    case always
    case never
}

/// ANSI styling, on only when the output is a terminal that wants it.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public init(mode: ColorMode, environment: [String: String]) {
        switch mode {
        case .always:
            enabled = true
        case .never:
            enabled = false
        case .auto:
            // https://no-color.org: any non-empty NO_COLOR turns colour off.
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            enabled = !noColor && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
        }
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }

    /// The escapes to write before and after text in red, orange or dim, for
    /// output assembled piece by piece; empty when styling is off.
    public func red() -> (open: String, close: String) { codes("31") }
    public func orange() -> (open: String, close: String) { codes("38;5;208") }
    public func dim() -> (open: String, close: String) { codes("2") }

    /// A list's name in the colour of its folder's `color` file (`#RRGGBB`,
    /// as vdirsyncer and khal keep it); plain without one.
    public func listName(_ name: String, color: String?) -> String {
        guard let color else { return name }
        let hex = color.dropFirst()
        guard let value = UInt32(hex.prefix(6), radix: 16) else { return name }
        return wrap(name, "38;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)")
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func codes(_ code: String) -> (open: String, close: String) {
        enabled ? ("\u{1B}[\(code)m", "\u{1B}[0m") : ("", "")
    }
}
