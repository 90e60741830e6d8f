/// How the daemon writes its log to stderr.
///
/// Here rather than in TodoDaemon: `todo-remind daemon` takes the option and
/// hands it to the notifier's daemon, without linking the daemon itself.
public enum LogFormat: String, CaseIterable, Sendable {
    /// A line per step for a person: time to the millisecond, level, message.
    case text
    /// One JSON object a line for programs: `time` (seconds since 1970),
    /// `level`, `message` and `metadata`, whose `event` (TodoDaemon's `LogTopic`) says
    /// what the line is about.
    case json

    /// The option's help, the same in `todo-remind daemon` and the notifier it becomes.
    public static let help = "How to write the log: text, for people, or json, one object a line for programs."
}
