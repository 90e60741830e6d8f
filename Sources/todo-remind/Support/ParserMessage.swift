import FoundationEssentials

/// ArgumentParser's sentences for a malformed command line, said as the
/// project says every other mistake: what is wrong, in
/// the user's words, and what to type instead. A message it does not know
/// passes as it is.
enum ParserMessage {
    /// `message` in the project's voice, for `command` (the subcommand typed, if any).
    static func rephrased(_ message: String, command: String?) -> String {
        let help = "todo-remind " + (command.map { $0 + " " } ?? "") + "--help"
        let name = "todo-remind" + (command.map { " " + $0 } ?? "")
        if let match = message.wholeMatch(of: /The value '(.*)' is invalid for '(-[^ ']+)[^']*'\. Please provide one of (.*)\./) {
            let choices = match.3.replacing("'", with: "")
            return "“\(match.1)” is not a value \(match.2) takes: give \(choices)."
        }
        if let match = message.wholeMatch(of: /The value '(.*)' is invalid for '(-[^ ']+) <([^>]*)>'(: .*)?/) {
            // Options of numbers are named for what they count.
            let wanted = ["limit", "days"].contains(String(match.3)) ? "a whole number, such as 10" : "a \(match.3) as \(help) says"
            return "“\(match.1)” is not a value \(match.2) takes: give \(wanted)."
        }
        if let match = message.wholeMatch(of: /Missing expected argument '<([^>]*)>( \.\.\.)?'/) {
            return "\(name) needs \(what(String(match.1), several: match.2 != nil))."
        }
        if let match = message.wholeMatch(of: /Missing value for '(-[^ ']+)( <([^>]*)>)?'/) {
            let value = match.3.map { " (\(String($0).uppercased()))" } ?? ""
            return "\(match.1) needs a value after it\(value): \(help) shows each option's."
        }
        if let match = message.wholeMatch(of: /Unknown option '([^']*)'\. Did you mean '([^']*)'\?/) {
            return "\(name) has no option \(match.1): did you mean \(match.2)?"
        }
        if let match = message.wholeMatch(of: /Unknown option '([^']*)'/) {
            return "\(name) has no option \(match.1): \(help) lists them."
        }
        if let match = message.wholeMatch(of: /Unexpected arguments? '([^']*)'.*/) {
            return "“\(match.1)” is one word too many for \(name): put a title of several words in quotes, as in todo-remind add \"Buy milk\"."
        }
        return message
    }

    /// What a missing argument is, in words.
    private static func what(_ argument: String, several: Bool) -> String {
        switch argument {
        case "tasks": "one or more tasks (TASK…: ids or parts of titles), such as 3 or milk"
        case "task": "a task (TASK: an id or part of a title), such as 3 or milk"
        case "title": "a title, such as \"Buy milk\""
        case "file": "the file to read, such as tasks.json (- for standard input)"
        default: several ? "one or more \(argument.uppercased())" : "its \(argument.uppercased())"
        }
    }
}
