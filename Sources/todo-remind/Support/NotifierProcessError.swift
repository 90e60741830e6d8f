import FoundationEssentials

/// Why todo-remind-notifier could not do what the CLI asked of it.
enum NotifierProcessError: LocalizedError, Equatable {
    /// It is not where `make install` puts it, beside todo-remind.
    case missing(path: String)
    /// It is there but could not be started.
    case notStarted(path: String, reason: String)
    /// It ran and said why it could not answer (its own sentence).
    case failed(reason: String)

    var errorDescription: String? {
        switch self {
        case .missing(let path):
            "\(path) is missing: todo-remind notifies through it, so install both (`make install`)."
        case .notStarted(let path, let reason):
            "\(path) could not be started: \(reason)."
        case .failed(let reason):
            reason
        }
    }
}
