import FoundationEssentials
import TodoCore
import TodoListing

/// The command line as typed, put into the shape ArgumentParser reads.
///
/// ArgumentParser knows options only after the subcommand that declares them,
/// and reads any word that starts with a dash as options. People type
/// `todo-remind --store PATH list` (as `git -C` or `systemctl --user`),
/// mistype a command (`lst`), or give a title that starts with a dash
/// (`add "-5 pushups"`, which ArgumentParser would read as `-5 -p -u -s -h`
/// and answer with the help text). This puts the global options after the
/// command, and turns the other two into one sentence each.
struct CommandLineArguments {
    /// The only single-dash options any command has: help, `clear -y`, `daemon -v`.
    static let shortOptions: Set<String> = ["-h", "-y", "-v"]

    /// Words that may stand before a command and leave the line as it is.
    static let rootWords: Set<String> = ["-h", "--help", "--version", "help", "--generate-completion-script", "--experimental-dump-help"]

    let commands: [String]

    /// The options that may stand before the command and are moved after
    /// it: the global ones, and `--list` (of `add`, `list`, `edit` and `ui`;
    /// ArgumentParser refuses it after a command without it).
    static let hoistedNames = GlobalOptions.names.union(["--list"])

    /// The arguments ArgumentParser should read (without the program's name).
    ///
    /// - Parameter defaultCommand: the command a line without one runs (the
    ///   interactive view, on a terminal); nil to leave such a line as it is.
    /// - Throws: `CommandLineError` for an unknown command or a word that
    ///   looks like an option none of the commands has.
    func normalized(_ arguments: [String], defaultCommand: String? = nil) throws(CommandLineError) -> [String] {
        var hoisted: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if Self.rootWords.contains(word) { return arguments }
            // Every hoisted name is a long option; reading the names off
            // GlobalOptions costs more than the rest of this, so a line that
            // starts with its command (nearly every one) never asks for them.
            guard word.hasPrefix("--") else { break }
            if Self.hoistedNames.contains(word) {
                // A missing value is left for ArgumentParser to name.
                guard index + 1 < arguments.count else { return arguments }
                hoisted += [word, arguments[index + 1]]
                index += 2
            } else if let name = word.split(separator: "=", maxSplits: 1).first,
                      word.contains("="), Self.hoistedNames.contains(String(name)) {
                hoisted.append(word)
                index += 1
            } else {
                break
            }
        }
        guard index < arguments.count else {
            if let defaultCommand { return [defaultCommand] + hoisted }
            if hoisted.isEmpty { return arguments }
            throw .missingCommand(hoisted.joined(separator: " "))
        }
        let command = arguments[index]
        if command.hasPrefix("-") {
            // An option before the command that no command takes before it.
            return arguments
        }
        guard commands.contains(command) else {
            throw .unknownCommand(command, suggestion: nearest(to: command))
        }
        let rest = Self.joiningNegativeValues(Array(arguments[(index + 1)...]))
        try checkDashes(in: rest, command: command)
        return [command] + hoisted + rest
    }

    /// `--limit -1` as `--limit=-1`, `--remind -15m,-1d` as
    /// `--remind=-15m,-1d`: ArgumentParser takes a word that starts with a
    /// dash for an option, and would say the value is missing. No option of
    /// ours starts with a dash and a digit, so such a word is a value.
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for word in arguments {
            if let last = result.last, last.hasPrefix("--"), last != "--", !last.contains("="),
               word.count > 1, word.hasPrefix("-"), word.dropFirst().first?.isNumber == true {
                result[result.count - 1] = last + "=" + word
            } else {
                result.append(word)
            }
        }
        return result
    }

    /// Refuses a word that starts with one dash and is no option of ours,
    /// unless it is an option's value or comes after `--`.
    private func checkDashes(in arguments: [String], command: String) throws(CommandLineError) {
        for (index, word) in arguments.enumerated() {
            if word == "--" { return }
            guard word.hasPrefix("-"), !word.hasPrefix("--"), word != "-", !Self.shortOptions.contains(word) else { continue }
            // `--notes -5`: the value of an option; ArgumentParser reports it.
            if index > 0, arguments[index - 1].hasPrefix("--"), !arguments[index - 1].contains("=") { continue }
            throw .dashedValue(word, command: command)
        }
    }

    /// The known command closest to `word` in edit distance, if any is close
    /// enough to be what was meant (at most two edits, and fewer than the word's length).
    func nearest(to word: String) -> String? {
        let scored = commands.map { (command: $0, distance: Self.editDistance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }),
              best.distance <= min(2, max(1, word.count - 1)) else { return nil }
        return best.command
    }

    /// Levenshtein distance between two words.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// A command line that cannot be read as any command.
enum CommandLineError: LocalizedError {
    case unknownCommand(String, suggestion: String?)
    case dashedValue(String, command: String)
    case missingCommand(String)

    var errorDescription: String? {
        switch self {
        case .unknownCommand(let word, let suggestion):
            let hint = suggestion.map { "Did you mean \($0)?" } ?? "`todo-remind --help` lists the commands."
            return "“\(word.safeForTerminal)” is not a todo-remind command. \(hint)"
        case .missingCommand(let options):
            return "“\(options.safeForTerminal)” needs a command after it, as in todo-remind \(options.safeForTerminal) list."
        case .dashedValue(let word, let command):
            return "“\(word.safeForTerminal)” is not an option of \(command): if it is a value, put -- before it, as in todo-remind \(command) -- \"\(word.safeForTerminal)\"."
        }
    }
}
