/// Who made a change the journal keeps: what undo tells apart.
public enum JournalAuthor: Hashable, Sendable {
    /// A command of the command line.
    case command
    /// A run of the interactive view, named so that its `u` undoes its own
    /// changes and no one else's.
    case view(session: String)
    /// An action chosen on a reminder's bubble (Mark done, Snooze, Dismiss).
    case bubble

    /// The `journal.author` column's value.
    var name: String {
        switch self {
        case .command: "command"
        case .view: "view"
        case .bubble: "bubble"
        }
    }

    /// The `journal.session` column's value.
    var session: String? {
        if case .view(let session) = self { return session }
        return nil
    }

    init?(name: String, session: String?) {
        switch (name, session) {
        case ("command", _): self = .command
        case ("bubble", _): self = .bubble
        case ("view", let session?): self = .view(session: session)
        default: return nil
        }
    }
}
