import FoundationEssentials

/// A config file that cannot be used, with what to do about it.
public enum ConfigError: LocalizedError, Hashable, Sendable {
    case missing(path: String)
    case isFolder(path: String)
    case unreadable(path: String)
    case notText(path: String)
    case syntax(path: String, line: Int, reason: String)
    case unknownKey(path: String, key: String)
    case badValue(path: String, key: String, allowed: String)
    /// One entry of an array value is wrong; `reason` is a full sentence.
    case badEntry(path: String, key: String, entry: String, reason: String)
    /// A table lacks a key it must have (`[[calendar]]` without `path`).
    case missingKey(path: String, table: String, key: String, example: String)

    public var errorDescription: String? {
        switch self {
        case .missing(let path):
            "The config file \(path) does not exist: create it, or point --config or TODO_REMIND_CONFIG at an existing file."
        case .isFolder(let path):
            "The config file \(path) is a folder, not a file."
        case .unreadable(let path):
            "The config file \(path) cannot be read: check its permissions."
        case .notText(let path):
            "The config file \(path) is not UTF-8 text."
        case .syntax(let path, let line, let reason):
            "The config file \(path) is not valid TOML at line \(line): \(reason)."
        case .unknownKey(let path, let key):
            "The config file \(path) has an unknown key “\(key)”: the keys are "
                + ConfigKey.allCases.map(\.rawValue).joined(separator: ", ") + "."
        case .badValue(let path, let key, let allowed):
            "The config file \(path) has a bad value for “\(key)”: it must be \(allowed)."
        case .badEntry(let path, let key, let entry, let reason):
            "The config file \(path) has a bad entry “\(entry)” in “\(key)”: \(reason)"
        case .missingKey(let path, let table, let key, let example):
            "The config file \(path) has a \(table) table without a \(key): give it one, such as \(example)."
        }
    }
}
