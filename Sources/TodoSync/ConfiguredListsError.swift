import FoundationEssentials

/// A list that a command or the config names and that is not there.
public enum ConfiguredListsError: LocalizedError, Hashable, Sendable {
    case noSuchList(name: String, known: [String])
    case noDefaultList(known: [String])
    case noLists
    /// A name two lists or more answer to: their folders.
    case ambiguous(name: String, folders: [String])

    public var errorDescription: String? {
        switch self {
        case .noSuchList(let name, let known):
            "No list is named “\(name)”: the lists are \(Self.names(known))."
        case .noDefaultList(let known):
            "Say which list the task goes in with --list (the lists are \(Self.names(known))), or set default-list in the [[calendar]] table of the config."
        case .ambiguous(let name, let folders):
            "“\(name)” names \(folders.count) lists, in the folders \(folders.map { "“\($0)”" }.joined(separator: ", ")): name one by its folder's path, or give the folders different names in their displayname files."
        case .noLists:
            "No list is configured: --list needs a [[calendar]] table in the config naming the folders of your lists."
        }
    }

    private static func names(_ names: [String]) -> String {
        names.isEmpty ? "none: no folder matches the [[calendar]] paths" : names.map { "“\($0)”" }.joined(separator: ", ")
    }
}
