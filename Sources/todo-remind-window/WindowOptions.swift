import FoundationEssentials

/// The window's command line: the options `todo-remind window` passes on,
/// read by hand (the window links no argument parser).
struct WindowOptions {
    var store: String?
    var config: String?
    /// The list to show first, by name.
    var list: String?
    /// The task to select first (a bubble's default action opens it).
    var task: Int64?
    var showsHelp = false
    var showsVersion = false

    static let help = """
        Usage: todo-remind-window [--store <path>] [--config <path>] [--list <name>] [--task <id>] [--version]

        The desktop window over the store: todo-remind window starts it.

        """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" {
                showsHelp = true
                continue
            }
            if argument == "--version" {
                showsVersion = true
                continue
            }
            let (name, attached) = argument.split(separator: "=", maxSplits: 1).map(String.init).splitFirst()
            guard ["--store", "--config", "--list", "--task"].contains(name) else {
                throw WindowOptionError(sentence: "The window takes --store, --config, --list and --task, not \(argument).")
            }
            guard let value = attached ?? rest.popFirst() else {
                throw WindowOptionError(sentence: "\(name) needs a value.")
            }
            switch name {
            case "--store": store = value
            case "--config": config = value
            case "--list": list = value
            default:
                guard let id = Int64(value), id > 0 else {
                    throw WindowOptionError(sentence: "--task takes a task's id (a whole number), not \(value).")
                }
                task = id
            }
        }
    }
}

/// A mistake on the window's command line, said as one sentence.
struct WindowOptionError: LocalizedError {
    var sentence: String
    var errorDescription: String? { sentence }
}

extension Array where Element == String {
    /// The first element and the second, if there is one.
    fileprivate func splitFirst() -> (String, String?) {
        (first ?? "", count > 1 ? self[1] : nil)
    }
}
