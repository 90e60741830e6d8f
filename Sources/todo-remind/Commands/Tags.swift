import ArgumentParser
import TodoCore
import TodoListing
import TodoStore

extension TodoRemind {
    struct Tags: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tags",
            abstract: "The tags in use, with how many tasks have each.",
            discussion: "A task's tags are its CATEGORIES in a list's files; the first is its category. `list --tag NAME` lists a tag's tasks."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try Context(global, access: .read)
            let counts = try context.store.tagCounts()
            guard !counts.isEmpty else {
                print("No tags yet. Tag a task: todo-remind edit 1 --tag home")
                return
            }
            let width = counts.map { $0.tag.safeForTerminal.terminalWidth }.max() ?? 0
            for count in counts {
                let tag = count.tag.safeForTerminal
                print(tag + String(repeating: " ", count: width - tag.terminalWidth) + "  \(count.open) open of \(count.total)")
            }
        }
    }
}
