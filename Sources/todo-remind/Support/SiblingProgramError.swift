import FoundationEssentials

/// Why a program installed beside todo-remind (the notifier, the window)
/// could not do what the CLI asked of it.
enum SiblingProgramError: LocalizedError, Equatable {
    /// It is not where `make install` puts it, beside todo-remind; `why`
    /// says what todo-remind needs it for.
    case missing(path: String, why: String)
    /// It is there but could not be started.
    case notStarted(path: String, reason: String)
    /// It ran and said why it could not answer (its own sentence).
    case failed(reason: String)

    var errorDescription: String? {
        switch self {
        case .missing(let path, let why):
            "\(path) is missing: \(why), so install both (`make install`)."
        case .notStarted(let path, let reason):
            "\(path) could not be started: \(reason)."
        case .failed(let reason):
            reason
        }
    }
}
