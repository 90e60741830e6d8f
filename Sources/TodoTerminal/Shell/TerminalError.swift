import FoundationEssentials
import TodoViewModel

/// Why the interactive view cannot run on this terminal.
public enum TerminalError: LocalizedError, Hashable, Sendable {
    /// stdin or stdout is not a terminal, or TERM says it cannot do a
    /// full-screen view (`dumb`, or none).
    case noTerminal(reason: String)
    /// ncurses could not start on the terminal TERM names.
    case cannotStart(term: String)

    public var errorDescription: String? {
        switch self {
        case .noTerminal(let reason):
            "The interactive view needs a terminal, and \(reason): `todo-remind list` prints the tasks instead."
        case .cannotStart(let term):
            "The terminal “\(term)” (TERM) is not one ncurses knows, so the interactive view cannot run on it: `todo-remind list` prints the tasks instead."
        }
    }

    /// Why the view cannot run here, or nil when it can: stdin and stdout
    /// must be a terminal, and TERM one that can draw a screen.
    public static func check(environment: [String: String], isTerminal: (Int32) -> Bool) -> TerminalError? {
        if !isTerminal(0) { return .noTerminal(reason: "its input is not one") }
        if !isTerminal(1) { return .noTerminal(reason: "its output is not one") }
        let term = environment["TERM"] ?? ""
        if term.isEmpty { return .noTerminal(reason: "TERM is not set") }
        if term == "dumb" { return .noTerminal(reason: "TERM says this one is dumb") }
        return nil
    }
}
