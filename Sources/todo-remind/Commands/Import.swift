import ArgumentParser
import Foundation
import TodoCore

extension TodoRemind {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add the tasks of a JSON array (as `export` writes) in one go.",
            discussion: """
                Only "title" is required in each object; computed fields such as "state" or \
                "nextReminder" are ignored, and every task gets a new id. All or nothing: \
                one bad element and no task is added.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The JSON file to read, or - for standard input.")
        var file: String

        func run() throws {
            let context = try Context(global)
            let data = try readInput()
            let imported = try ImportedTasks(data: data, source: file == "-" ? "standard input" : file)
                .drafts(defaultReminder: context.settings.defaultReminder, now: context.now, clock: context.clock)
            let count = try context.store.importTasks(imported.drafts, parents: imported.parents, now: context.now)
            print("Imported \(count) \(count == 1 ? "task" : "tasks").")
        }

        private func readInput() throws -> Data {
            if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ImportError.unreadable(file)
            }
            return data
        }
    }
}
