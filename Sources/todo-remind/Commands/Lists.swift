import ArgumentParser
import FoundationEssentials
import TodoCore
import TodoListing
import TodoStore
import TodoSync

extension TodoRemind {
    struct Lists: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lists",
            abstract: "The lists: their folders, how many tasks each holds, the last change seen.",
            discussion: "Lists are the folders the [[calendar]] tables of the config name; without any, all tasks are in the one local list. A folder that holds events and no task (a khal calendar) is a calendar, not a task list, unless its table says tasks = true."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try Context(global, access: .read)
            let counts = try context.store.listCounts()
            let text = context.describer().text
            var rows: [[String]] = []
            var colors: [String: String] = [:]
            let taskLists = context.lists.taskLists(counts: counts, eventFolders: try context.store.eventFolders())
            for list in taskLists {
                let count = counts[list.path] ?? (0, 0)
                var notes = ["\(count.open) open of \(count.total)"]
                if let changed = list.lastChange { notes.append("last change \(text.instant(changed))") }
                if list.path == context.lists.defaultList?.path { notes.append("default") }
                rows.append([list.name, list.path, notes.joined(separator: " · ")])
                colors[list.name] = list.color
            }
            if let local = counts[nil] {
                rows.append(["local", "(the store only)", "\(local.open) open of \(local.total)"])
            }
            if rows.isEmpty { rows.append(["local", "(the store only)", "0 open of 0"]) }
            let widths = (0..<2).map { column in rows.map { $0[column].terminalWidth }.max() ?? 0 }
            for row in rows {
                let name = context.style.listName(row[0].safeForTerminal, color: colors[row[0]])
                let padding = { (column: Int) in String(repeating: " ", count: widths[column] - row[column].terminalWidth) }
                print(name + padding(0) + "  " + row[1].safeForTerminal + padding(1) + "  " + row[2])
            }
            // Calendars kept for their events: no task list, but named, so
            // that nothing the config reaches goes unsaid.
            let taskPaths = Set(taskLists.map(\.path))
            for list in context.lists.lists where !taskPaths.contains(list.path) {
                print("Calendar (events only, no task list): " + list.name.safeForTerminal + "  " + list.path.safeForTerminal)
            }
            // What --list would refuse, said before it is asked.
            for (name, folders) in context.lists.ambiguousNames {
                print("Note: " + ConfiguredListsError.ambiguous(name: name, folders: folders).readableDescription.safeForTerminal)
            }
            for path in context.lists.unmatchedPaths {
                print("Note: the [[calendar]] path \(path) matches no folder yet (vdirsyncer discover makes them).")
            }
        }
    }
}
