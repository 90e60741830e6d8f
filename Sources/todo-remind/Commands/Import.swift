import ArgumentParser
import FoundationEssentials
import TodoConfig
import TodoCore
import TodoExchange
import TodoLinux
import TodoStore
import TodoSync

extension TodoRemind {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add the tasks of a file in one go: todo-remind's JSON, Taskwarrior's export, todo.txt or iCalendar.",
            discussion: """
                Without --from the format is recognised from the content (a file named ….txt is \
                todo.txt) and said. In todo-remind's JSON only "title" is required in each object; \
                computed fields such as "state" or "nextReminder" are ignored, and every task gets \
                a new id. A task of another program keeps its UID: one imported before is left as \
                it is. All or nothing: one bad element and no task is added.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The file to read, or - for standard input.")
        var file: String

        @Option(help: ArgumentHelp("The file's format: todo-remind, taskwarrior, todotxt or ics.", valueName: "format"))
        var from: ImportFormat?

        @Option(help: ArgumentHelp("Put every task into this list.", valueName: "name"))
        var list: String?

        @Flag(help: "Say what would be imported and what left out, and change nothing.")
        var dryRun = false

        func run() throws {
            let context = try Context(global, access: dryRun ? .read : .write)
            let listPath = try context.listPath(named: list)
            let data = try readInput()
            let source = file == "-" ? "standard input" : file
            let format = from ?? ImportFormat.recognise(Array(data), name: file == "-" ? nil : file)
            let output = OutputBuffer()
            defer { output.flush() }
            if from == nil, format != .todoRemind { output.line("Read as \(format.displayName).") }
            guard format != .todoRemind else {
                var imported = try ImportedTasks(data: data, source: source)
                    .drafts(defaultReminder: context.settings.defaultReminder, now: context.now, clock: context.clock)
                for index in imported.drafts.indices { imported.drafts[index].list = listPath }
                if dryRun {
                    output.line("Would import \(Self.tasks(imported.drafts.count))\(listPath == nil ? "" : " into \(context.listName(listPath))"); nothing was changed.")
                    return
                }
                let count = try context.store.importTasks(imported.drafts, parents: imported.parents, now: context.now)
                output.line("Imported \(Self.tasks(count)).")
                return
            }
            let batch = try read(Array(data), format: format, source: source, listPath: listPath, context: context)
            let known: Set<String>
            do {
                known = try context.store.knownUIDs(among: batch.items.map(\.origin.uid))
            } catch StoreError.missing where dryRun {
                // A dry run into a store not made yet: everything is new.
                known = []
            }
            let items = known.isEmpty ? batch.items : batch.items.filter { !known.contains($0.origin.uid) }
            let already = batch.items.count - items.count
            if dryRun {
                output.line("Would import \(Self.tasks(items.count))\(listPath == nil ? "" : " into \(context.listName(listPath))")\(items.isEmpty ? "." : ":")")
                for item in items { output.line("  \(item.draft.title.safeForTerminal) (\(item.place))") }
                if already > 0 { output.line("Would leave \(Self.tasks(already)) imported before as \(already == 1 ? "it is" : "they are").") }
                if !batch.dropped.isEmpty { output.line("Would leave out \(batch.dropped.count):") }
                for dropped in batch.dropped {
                    output.line("  \(dropped.what.safeForTerminal) (\(dropped.place)): \(dropped.reason)")
                }
                for note in batch.notes { output.line(note.safeForTerminal) }
                output.line("Nothing was changed (--dry-run).")
                return
            }
            // The list set as the drafts are taken: `items` is `batch.items`, which
            // setting it in place would copy whole.
            let drafts = items.map { item in
                var draft = item.draft
                draft.list = listPath
                return draft
            }
            let count = try context.store.importTasks(drafts, parents: Self.parents(of: items), origins: items.map { $0.origin }, now: context.now)
            output.line("Imported \(Self.tasks(count)).")
            if already > 0 { output.line("Left \(Self.tasks(already)) imported before as \(already == 1 ? "it is" : "they are").") }
            if !batch.dropped.isEmpty {
                output.line("Left out " + batch.droppedCounts.map { "\($0.count) (\($0.reason))" }.joined(separator: ", ") + ".")
            }
        }

        private func read(_ bytes: [UInt8], format: ImportFormat, source: String, listPath: String?, context: Context) throws -> ImportBatch {
            let reminder = context.settings.defaultReminder
            switch format {
            case .taskwarrior:
                return try TaskwarriorExport(source: source, clock: context.clock, defaultReminder: reminder).read(bytes)
            case .todotxt:
                let done = file.lastPathComponent.lowercased().hasPrefix("done")
                return try TodoTxtFile(source: source, clock: context.clock, now: context.now, defaultReminder: reminder, allDone: done).read(bytes)
            case .ics:
                return try CalendarImport(source: source, timeRules: context.timeRules, now: context.now, defaultReminder: reminder)
                    .read(bytes, list: listPath)
            case .todoRemind:
                return ImportBatch()
            }
        }

        /// For each item, the position among `items` of the item its
        /// `parentUID` names; none at all when no item names one (only an
        /// iCalendar file's subtasks do).
        private static func parents(of items: [ImportedItem]) -> [Int?] {
            guard items.contains(where: { $0.parentUID != nil }) else { return [] }
            var positions: [String: Int] = [:]
            for (index, item) in items.enumerated() { positions[item.origin.uid] = index }
            return items.enumerated().map { index, item in item.parentUID.flatMap { positions[$0] }.flatMap { $0 == index ? nil : $0 } }
        }

        private static func tasks(_ count: Int) -> String {
            "\(count) \(count == 1 ? "task" : "tasks")"
        }

        private func readInput() throws -> Data {
            if file == "-" { return Data(try StandardStream.input.readToEnd()) }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ImportError.unreadable(file)
            }
            return data
        }
    }
}

extension ImportFormat: ExpressibleByArgument {}
