import ArgumentParser
import FoundationEssentials
import TodoCore
import TodoListing
import TodoStore

extension TodoRemind {
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Undo the newest change not undone yet: a command's, the interactive view's or a bubble's.",
            discussion: """
                Again for the change before it. A task in a list's folder has its file written again; a task changed \
                since (here or on another device) is not undone, and nothing is.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "List the last 20 changes instead, newest first, and undo nothing.")
        var list = false

        func run() throws {
            if list {
                let context = try Context(global, access: .read)
                let entries = try context.store.journal(limit: Self.listed)
                guard !entries.isEmpty else {
                    print("No changes to undo yet.")
                    return
                }
                let text = context.describer().text
                for entry in entries {
                    let undone = entry.undoneAt.map { " (undone " + text.instant($0) + ")" } ?? ""
                    print("\(text.instant(entry.at))  \(Self.author(entry.author))  \(entry.summary.safeForTerminal)\(undone)")
                }
                return
            }
            let context = try Context(global)
            guard let entry = try context.store.undoLast(by: nil, now: context.now) else {
                throw StateRefusal.nothingToUndo
            }
            print("Undid: \(entry.summary.safeForTerminal)")
        }

        /// How many changes `--list` shows.
        static let listed = 20

        /// Who made a change, in a word.
        private static func author(_ author: JournalAuthor) -> String {
            switch author {
            case .command: "command"
            case .view: "view   "
            case .bubble: "bubble "
            }
        }
    }
}
