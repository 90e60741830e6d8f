import ArgumentParser
import FoundationEssentials
import TodoConfig
import TodoCore
import TodoListing
import TodoStore
import TodoSync

extension TodoRemind {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Bring the store and the lists' folders in step, or compare them (--check).",
            discussion: """
                Every command reads in what changed in the folders before it answers and writes \
                its changes out before it returns, and the daemon does so as files change: sync \
                is for scripts. With --check nothing is changed; the exit status is 0 when the \
                store and the folders agree and every file can be read, 1 otherwise. Without, it is \
                1 when a change could not be written (a folder read-only, full or gone).
                """
        )

        /// How many unwritten tasks are named (by a list, or among a
        /// command's warnings); a whole folder of them (an import into a
        /// read-only folder) is counted, not listed.
        static let unwrittenShown = 10

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Compare only: report what differs, change nothing.")
        var check = false

        func run() throws {
            let context = try Context(global, access: check ? .read : .write, syncing: !check)
            guard !context.lists.isEmpty else {
                throw ValidationError("No lists to sync: add a [[calendar]] table naming your folders to the config (\(context.configFile.path)).")
            }
            let store = try context.store
            let sync = FolderSync(store: store, lists: context.lists, timeRules: context.timeRules, now: context.now)
            // Names of files and folders are anyone's bytes: escaped, so a
            // newline in one cannot forge a line of the report.
            func say(_ line: String) { print(line.safeForTerminal) }
            // What this sync could not write, by task: each is listed once,
            // under its list below, with the cause its write failed for.
            var failed: [Int64: UnwrittenFile] = [:]
            if !check {
                let report = try sync.run()
                failed = Dictionary(report.unwritten.map { ($0.taskID, $0) }, uniquingKeysWith: { $1 })
                say("Read in \(report.readIn) change\(report.readIn == 1 ? "" : "s"), wrote out \(report.writtenOut).")
            }
            let result = try sync.check()
            for state in result.lists {
                var line = "\(state.list.name): \(state.files) file\(state.files == 1 ? "" : "s")"
                if let reason = state.unreadable { line += ", cannot be read: \(reason)" }
                if !state.unread.isEmpty { line += ", \(state.unread.count) changed and not read in (\(state.unread.prefix(5).joined(separator: ", ")))" }
                if !state.removed.isEmpty { line += ", \(state.removed.count) removed and still in the store" }
                if !state.unwritten.isEmpty {
                    line += ", \(state.unwritten.count) task\(state.unwritten.count == 1 ? "" : "s") changed here and not written"
                }
                if !state.bad.isEmpty { line += ", \(state.bad.count) skipped" }
                say(line)
                for bad in state.bad { say("  skipped: \(bad.reason)") }
                for pending in state.unwritten.prefix(Self.unwrittenShown) {
                    say("  " + (failed[pending.taskID] ?? pending).summary)
                }
                if state.unwritten.count > Self.unwrittenShown { say("  and \(state.unwritten.count - Self.unwrittenShown) more not written") }
            }
            let text = context.describer().text
            for conflict in result.conflicts {
                say("conflict: task \(conflict.taskID), \(conflict.fields.joined(separator: ", ")) changed on both sides; kept the \(conflict.keptHere ? "change made here" : "other side's change"), \(text.instant(conflict.at))")
            }
            for loose in result.looseSubtasks {
                let why = switch loose.reason {
                case .missing(let uid): "its parent (UID \(uid)) is in no list"
                case .otherList(let parent): "its parent, task \(parent), is in another list"
                case .cycle: "its parent is one of its own subtasks"
                }
                say("subtask shown at the top level: task \(loose.taskID) “\(loose.title)”: \(why).")
            }
            if result.inStep {
                print("In step: the store and the folders agree.")
            } else if check || !failed.isEmpty {
                throw ExitCode(ExitStatus.refused)
            }
        }
    }
}
