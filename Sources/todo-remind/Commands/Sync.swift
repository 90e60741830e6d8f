import ArgumentParser
import Foundation
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
                store and the folders agree and every file can be read, 1 otherwise.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Compare only: report what differs, change nothing.")
        var check = false

        func run() throws {
            let context = try Context(global, access: check ? .read : .write, syncing: !check)
            guard !context.lists.isEmpty else {
                throw ValidationError("No lists to sync: add a [[calendar]] table naming your folders to the config (\(context.configFile.path)).")
            }
            let store = try context.store
            let sync = FolderSync(store: store, lists: context.lists, scheduler: context.scheduler, now: context.now)
            if !check {
                let report = try sync.run()
                print("Read in \(report.readIn) change\(report.readIn == 1 ? "" : "s"), wrote out \(report.writtenOut).")
            }
            let result = try sync.check()
            for state in result.lists {
                var line = "\(state.list.name): \(state.files) file\(state.files == 1 ? "" : "s")"
                if let reason = state.unreadable { line += ", cannot be read: \(reason)" }
                if !state.unread.isEmpty { line += ", \(state.unread.count) changed and not read in (\(state.unread.prefix(5).joined(separator: ", ")))" }
                if !state.removed.isEmpty { line += ", \(state.removed.count) removed and still in the store" }
                if state.unwritten > 0 { line += ", \(state.unwritten) task\(state.unwritten == 1 ? "" : "s") changed here and not written" }
                if !state.bad.isEmpty { line += ", \(state.bad.count) skipped" }
                print(line)
                for bad in state.bad { print("  skipped: \(bad.reason)") }
            }
            let text = context.describer().text
            for conflict in result.conflicts {
                print("conflict: task \(conflict.taskID), \(conflict.fields.joined(separator: ", ")) changed on both sides; kept the \(conflict.keptHere ? "change made here" : "other side's change") (newer), \(text.instant(conflict.at))")
            }
            if result.inStep {
                print("In step: the store and the folders agree.")
            } else if check {
                throw ExitCode(ExitStatus.refused)
            }
        }
    }
}
