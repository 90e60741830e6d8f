import FoundationEssentials

/// An import that cannot go ahead; nothing has been added.
public enum ImportError: LocalizedError {
    case unreadable(String)
    case notJSON(String)
    case notArray(String)
    case badElement(String, index: Int, reason: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path):
            "Cannot read \(path): check that the file exists and is readable."
        case .notJSON(let source):
            "Cannot import from \(source): it is not valid JSON, and import reads the array that `todo-remind export` writes."
        case .notArray(let source):
            "Cannot import from \(source): it is not a JSON array, and import reads the array that `todo-remind export` writes."
        case .badElement(let source, let index, let reason):
            "Element \(index) of \(source) cannot be imported: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason); nothing was imported."
        }
    }
}
