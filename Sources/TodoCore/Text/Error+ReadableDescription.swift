import FoundationEssentials

extension Error {
    /// The sentence that says what went wrong, as Foundation's
    /// `localizedDescription` gave it on Linux: a `LocalizedError`'s
    /// `errorDescription`; for a `CocoaError` (what `FileManager` and `Data`
    /// throw) "The operation could not be completed." with Foundation's
    /// reason for its code; for a decoding error that the data is missing
    /// or not in the right format (the store's `DatabaseError` is a
    /// `LocalizedError` and says its SQLite error); for any other error its
    /// domain and code ("The operation could not be completed. (Module.Error
    /// error 0.)").
    public var readableDescription: String {
        if let localized = self as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        let lead = "The operation could not be completed."
        if let cocoa = self as? CocoaError {
            if let reason = Self.cocoaReasons[cocoa.code.rawValue] { return "\(lead) \(reason)" }
            return "\(lead) (NSCocoaErrorDomain error \(cocoa.code.rawValue).)"
        }
        if let decoding = self as? DecodingError {
            switch decoding {
            case .keyNotFound, .valueNotFound: return "\(lead) The data is missing."
            default: return "\(lead) The data isn’t in the correct format."
            }
        }
        if self is EncodingError {
            return "\(lead) The data isn’t in the correct format."
        }
        return "\(lead) (\(_domain) error \(_code).)"
    }

    /// Foundation's reasons for the codes of `CocoaError` that have one.
    private static var cocoaReasons: [Int: String] {
        [
            4: "The file doesn’t exist.",
            255: "The file couldn’t be locked.",
            257: "You don’t have permission.",
            258: "The file name is invalid.",
            259: "The file isn’t in the correct format.",
            260: "The file doesn’t exist.",
            261: "The specified text encoding isn’t applicable.",
            262: "The specified URL type isn’t supported.",
            263: "The item is too large.",
            264: "The text encoding of the contents couldn’t be determined.",
            513: "You don’t have permission.",
            514: "The file name is invalid.",
            516: "A file with the same name already exists.",
            517: "The specified text encoding isn’t applicable.",
            518: "The specified URL type isn’t supported.",
            640: "There isn’t enough space.",
            642: "The volume is read only.",
            3840: "The data is not in the correct format.",
            4864: "The data isn’t in the correct format.",
            4865: "The data is missing.",
            4866: "The data isn’t in the correct format.",
        ]
    }
}
