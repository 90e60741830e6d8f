import FoundationEssentials

/// The rules for a task's text fields, shared by adding, editing and importing.
public enum TaskFields {
    /// A title trimmed of surrounding whitespace; it must not be empty.
    public static func title(_ raw: String) throws(TaskFieldError) -> String {
        try refuseNUL(raw, in: "title")
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyTitle }
        return trimmed
    }

    /// Notes trimmed of surrounding whitespace; empty notes are no notes.
    public static func notes(_ raw: String?) throws(TaskFieldError) -> String? {
        if let raw { try refuseNUL(raw, in: "notes") }
        guard let trimmed = raw?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// A category trimmed of surrounding whitespace; nil gives the default.
    public static func category(_ raw: String?) throws(TaskFieldError) -> String {
        guard let raw else { return TodoTask.defaultCategory }
        try refuseNUL(raw, in: "category")
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyCategory }
        return trimmed
    }

    /// Refuses text holding U+0000: SQLite's text functions, libical and
    /// every C client end a string there, so what follows it would be lost
    /// without a word (an imported title "Renew lease␀…" was once stored
    /// as "Renew lease").
    static func refuseNUL(_ text: String, in field: String) throws(TaskFieldError) {
        guard text.utf8.contains(0) else { return }
        throw .nulCharacter(field: field)
    }
}

/// A task field the user gave that cannot be stored.
public enum TaskFieldError: LocalizedError, Hashable, Sendable {
    case emptyTitle
    case emptyCategory
    case emptyTag
    case nulCharacter(field: String)

    public var errorDescription: String? { message }

    public var message: String {
        switch self {
        case .emptyTitle:
            "A task needs a title: the title given is empty or only whitespace."
        case .emptyCategory:
            "A category cannot be empty: give a name such as General, Work or Personal, or leave the option out."
        case .emptyTag:
            "A tag cannot be empty: give a word such as home or weekend."
        case .nulCharacter(let field):
            "A task's \(field) cannot hold a NUL character (U+0000), where other programs would cut it short: take it out."
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        // Most text begins and ends with a printable ASCII character other
        // than a space, which is a whole character and not whitespace.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
