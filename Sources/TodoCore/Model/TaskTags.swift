import FoundationEssentials

/// The rules of a task's tags (`TodoTask.tags`), shared by adding, editing,
/// importing and reading files: each tag trimmed and not empty, each once
/// (without regard to case: "Home" and "home" are one tag, spelled as
/// first given), in the order given, the first being the category.
public enum TaskTags {
    /// The key two tags are the same by: lower case, in one canonical
    /// Unicode form ("Home" and "HOME" match; "Cafe" and "Café" do not), as
    /// categories are compared. The store indexes tags by it.
    public static func key(_ tag: String) -> String {
        // UnicodeFolding.foldCase folds ASCII's case only: normalizing each
        // tag of 100,000 imported tasks cost more than storing them.
        UnicodeFolding.foldCase(tag)
    }

    /// The separator of tags where the store keeps them in one column; a tag
    /// cannot hold it (it is no character anyone types: U+001F, the
    /// information separator for units).
    public static let separator = Character(Unicode.Scalar(separatorByte))

    /// `separator`'s one byte in UTF-8.
    public static let separatorByte: UInt8 = 0x1F

    /// `raw` tidied: each trimmed, the separator taken out, each once, in
    /// order.
    ///
    /// - Throws: `TaskFieldError.emptyTag` for a tag that is empty or only
    ///   whitespace.
    public static func normalized(_ raw: [String]) throws(TaskFieldError) -> [String] {
        var tags: [String] = []
        for tag in raw {
            try TaskFields.refuseNUL(tag, in: "tag")
            let trimmed = (tag.utf8.contains(separatorByte) ? tag.filter { $0 != separator } : tag).trimmingWhitespace()
            guard !trimmed.isEmpty else { throw .emptyTag }
            if !contains(trimmed, in: tags) { tags.append(trimmed) }
        }
        return tags
    }

    /// `raw` tidied as `normalized`, empty tags dropped: what a file's
    /// `CATEGORIES` give (an empty value there is no tag).
    public static func lenient(_ raw: [String]) -> [String] {
        (try? normalized(raw.filter { !$0.filter { $0 != separator }.trimmingWhitespace().isEmpty })) ?? []
    }

    /// Whether `tags` hold `tag`, without regard to case.
    public static func contains(_ tag: String, in tags: [String]) -> Bool {
        let wanted = key(tag)
        return tags.contains { key($0) == wanted }
    }

    /// `tags` with `added` after them, those they hold already left out.
    public static func adding(_ added: [String], to tags: [String]) -> [String] {
        var result = tags
        for tag in added where !contains(tag, in: result) { result.append(tag) }
        return result
    }

    /// `tags` with `category` first in place of the category they had: the
    /// others are kept (a later one that is the new category goes, being it
    /// now). The default category on no tags adds none: a task without tags
    /// is in it already.
    public static func settingCategory(_ category: String, of tags: [String]) -> [String] {
        guard !tags.isEmpty else { return key(category) == key(TodoTask.defaultCategory) ? [] : [category] }
        let wanted = key(category)
        return [category] + tags.dropFirst().filter { key($0) != wanted }
    }
}

extension TodoTask {
    /// Adds `tags` after the task's own, those it has already left out.
    public mutating func tag(_ tags: [String]) {
        self.tags = TaskTags.adding(tags, to: self.tags)
    }

    /// Takes `tags` off the task (any case); the first left becomes the
    /// category.
    ///
    /// - Throws: `TagRefusal.notTagged` naming the first of `tags` the task
    ///   does not have; the task is left as it was.
    public mutating func untag(_ tags: [String]) throws(TagRefusal) {
        for tag in tags where !TaskTags.contains(tag, in: self.tags) {
            throw .notTagged(taskID: id, title: title, tag: tag, tags: self.tags)
        }
        let keys = Set(tags.map(TaskTags.key))
        self.tags = self.tags.filter { !keys.contains(TaskTags.key($0)) }
    }
}

/// A tag the task named does not have: nothing is changed (the README's
/// exit status 1, "not in a state the command applies to").
public enum TagRefusal: LocalizedError, Hashable, Sendable {
    case notTagged(taskID: Int64, title: String, tag: String, tags: [String])

    public var errorDescription: String? {
        switch self {
        case .notTagged(let id, let title, let tag, let tags):
            let has = tags.isEmpty ? "it has no tags" : "its tags are " + tags.joined(separator: ", ")
            return "Task \(id) “\(title)” has no tag “\(tag)”, so nothing was changed: \(has)."
        }
    }
}
