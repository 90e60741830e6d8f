import ArgumentParser
import Foundation
import TodoCore
import TodoDaemon
import TodoStore

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
            let store = try context.store
            let holder = InstanceLock.holder(path: ReminderDaemon.lockPath(forStore: store.path))
            if let holder {
                print("daemon        running (pid \(holder.pid), since \(text.instant(holder.since)))")
            } else {
                print("daemon        not running for \(store.path): start it with `todo-remind daemon` or `systemctl --user start todo-remind`")
            }
            do {
                let server = try NotifierProcess.serverInfo()
                print("notifications \(server.description)")
                print("capabilities  \(server.capabilities.joined(separator: ", "))")
            } catch {
                print("notifications none reachable: \(error.localizedDescription)")
            }
            let titles = { (id: Int64) in (try? store.task(id: id))?.map { "\(id) \($0.title.safeForTerminal)" } ?? "\(id)" }
            if let last = try store.lastFiredDelivery() {
                let reminder = last.reminder
                print("last fired    \(text.instant(last.firedAt)): \(titles(reminder.taskID)) (\(reminder.kind.label), \(last.status.rawValue))")
            } else {
                print("last fired    none yet")
            }
            let armed = holder == nil ? nil : try store.daemonState().armed
            if let armed, armed.at > context.now {
                print("next armed    \(text.instant(armed.at)) (\(text.relative(armed.at))): \(titles(armed.taskID)) (\(armed.kind.label))")
            } else if let next = try store.nextReminders(scheduler: context.scheduler, after: context.now, limit: 1).first {
                let who = holder == nil ? "no daemon is running to fire it" : "not armed yet"
                print("next due      \(text.instant(next.at)) (\(text.relative(next.at))): \(titles(next.taskID)) (\(next.kind.label)); \(who)")
            } else {
                print("next armed    nothing to remind of")
            }
        }
    }
}
