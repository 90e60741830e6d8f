import FoundationEssentials
import TodoConfig
import TodoCore

/// A second daemon for one store, refused as every other mistake is said:
/// its start in local time, as `status` says it, and what to do.
struct AlreadyRunning: LocalizedError {
    let storePath: String
    let pid: Int32?
    let since: Date?

    var errorDescription: String? {
        let text = DateText(clock: WallClock(timeZone: SystemTimeZone.current()), now: Date())
        let who = [pid.map { "pid \($0)" }, since.map { "since \(text.instant($0))" }].compactMap { $0 }.joined(separator: ", ")
        let stop = pid.map { "kill \($0)" } ?? "systemctl --user stop todo-remind"
        return "A daemon is already running for \(storePath)\(who.isEmpty ? "" : " (\(who))"), so this one does not start: "
            + "todo-remind status shows it; \(stop) stops it."
    }
}
