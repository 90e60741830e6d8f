import ArgumentParser
import FoundationEssentials
import TodoCore
import TodoLinux
import TodoListing
import TodoNotify
import TodoStore
import TodoSync

extension TodoRemind {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Whether the daemon runs, the notification server it reaches, the last and next reminder."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try Context(global, access: .read)
            let text = DateText(clock: context.clock, now: context.now)
            let path = context.storePath
            let holder = InstanceLock.holder(path: TaskStore.daemonLockPath(forStore: path))
            let store: TaskStore
            do {
                store = try context.store
            } catch {
                // A daemon runs for the path, but there is no store to read
                // (deleted, or another program's file put there): say what
                // the daemon does before saying why nothing else can be told.
                if let holder { print(Self.waiting(holder, at: path, text: text)) }
                throw error
            }
            let state = try store.daemonState()
            // The lock says a daemon runs for this path; the store says
            // whether it plans from this very file (see `isPlanned`). The
            // lock's `since` is whole seconds, rounded down: never later than
            // the start its daemon records.
            let isPlanning = holder.map { state.isPlanned(byDaemonLockedAt: $0.since) } ?? false
            if let holder {
                if isPlanning {
                    print("daemon        running (pid \(holder.pid), since \(text.instant(holder.since)))")
                } else {
                    print(Self.waiting(holder, at: path, text: text))
                }
            } else {
                print("daemon        not running for \(path): start it with `todo-remind daemon` or `systemctl --user start todo-remind`")
            }
            do {
                let server = try NotifierProcess.serverInfo()
                print("notifications \(server.description)")
                print("capabilities  \(server.capabilities.joined(separator: ", "))")
            } catch {
                print("notifications none reachable: \(error.readableDescription)")
            }
            let titles = { (id: Int64) in (try? store.task(id: id))?.map { "\(id) \($0.title.safeForTerminal)" } ?? "\(id)" }
            if let last = try store.ledger.lastFiredTaskReminder(), let taskID = last.reminder.taskID {
                let reminder = last.reminder
                print("last fired    \(text.instant(last.firedAt)): \(titles(taskID)) (\(reminder.kind.label), \(last.status.rawValue))")
            } else {
                print("last fired    none yet")
            }
            let armed = isPlanning ? state.armed : nil
            // An event's alarm the daemon arms for is not on the daemon's
            // row (which names a task's reminder): when it comes first, the
            // daemon, which asks the same function, is armed for it.
            let start = context.timeRules.forecastStart(at: context.now).addingTimeInterval(-0.001)
            let events = try EventIndex(lists: context.lists, zone: context.clock.timeZone).comingAlarms(in: store, after: start, limit: 1)
            if case .event(let event)? = context.timeRules.comingFirings(tasks: [], events: events, after: context.now, limit: 1).first,
               armed.map({ event.fire.at < $0.at }) ?? true,
               try store.forecast(timeRules: context.timeRules, after: context.now, limit: 1).first.map({ event.fire.at < $0.fire.at }) ?? true {
                let at = event.fire.at
                let name = context.describer().eventName(event.entry.subject, calendars: context.listNames)
                let who = isPlanning ? "" : holder == nil ? "; no daemon is running to fire it" : "; the daemon has not opened this store"
                print("next \(isPlanning ? "armed   " : "due     ") \(text.instant(at)) (\(text.relative(at))): \(name) (event)\(who)")
            } else if let next = try store.forecast(timeRules: context.timeRules, after: context.now, limit: 1).first {
                // What `next` lists first, from the store as it is now: the
                // plan the daemon makes. Armed when the daemon's row says
                // that instant; otherwise it has not yet read the last change
                // (it does within a second: `add … && status` asks sooner).
                let at = next.fire.at
                let what = "\(text.instant(at)) (\(text.relative(at))): \(titles(next.task.id)) (\(context.describer().label(next)))"
                if let armed, armed.at == at {
                    print("next armed    " + what)
                } else {
                    let who = holder == nil ? "no daemon is running to fire it"
                        : !isPlanning ? "the daemon has not opened this store"
                        : armed == nil ? "not armed yet" : "the daemon has not read the last change yet"
                    print("next due      \(what); \(who)")
                }
            } else {
                print("next armed    nothing to remind of")
            }
        }

        /// The daemon holds the path's lock but plans from no store there:
        /// it let go of one deleted or replaced, and opens the next
        /// todo-remind store put at the path (none yet, or one it has not
        /// opened yet).
        private static func waiting(_ holder: (pid: Int32, since: Date), at path: String, text: DateText) -> String {
            "daemon        waiting for a store at \(path) (pid \(holder.pid), since \(text.instant(holder.since)))"
        }
    }
}
