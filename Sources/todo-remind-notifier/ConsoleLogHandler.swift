import FoundationEssentials
import Glibc
import Logging
import TodoCore
import TodoLinux

/// Log lines for a person watching the daemon in a terminal or the journal:
/// "10:00:00.003 info  Reminder: …", with milliseconds, since lateness is
/// what a reader of this log looks for.
struct ConsoleLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        let stamp = String(cFormat: "%02d:%02d:%02d.%03d", parts.tm_hour, parts.tm_min, parts.tm_sec, Int(now.tv_nsec / 1_000_000))
        let label = "\(event.level)".padded(toLength: 7)
        // A message quotes synced data (a list's name, a file's, a TRIGGER):
        // shown as the CLI shows text, so a `tail -f` or `journalctl` reader's
        // terminal receives no control from it.
        StandardStream.error.write("\(stamp) \(label) \(event.message.description.safeForTerminal)\n")
    }
}
