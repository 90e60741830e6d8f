import Foundation

/// ANSI styling, on only when the output is a terminal that wants it.
struct Style {
    let enabled: Bool

    init(mode: ColorMode, environment: [String: String]) {
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

    func red(_ text: String) -> String { wrap(text, "31") }
    func orange(_ text: String) -> String { wrap(text, "38;5;208") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func bold(_ text: String) -> String { wrap(text, "1") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
