import FoundationEssentials

/// A file an import cannot read; nothing has been added.
public enum ImportReadError: LocalizedError, Equatable {
    /// The file is not what its format says: not JSON, not an array.
    case notFormat(source: String, format: ImportFormat, reason: String)
    /// One element cannot be read: its place ("element 3, line 5"), what it
    /// is, and why.
    case badElement(source: String, place: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .notFormat(let source, let format, let reason):
            "Cannot import from \(source) as \(format.displayName): \(reason); nothing was imported."
        case .badElement(let source, let place, let reason):
            "The \(place) of \(source) cannot be imported: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason); nothing was imported."
        }
    }
}
