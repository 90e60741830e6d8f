import FoundationEssentials

/// Text that cannot be read as quiet hours, with the sentence to show for it.
public enum QuietHoursError: LocalizedError, Hashable, Sendable {
    /// Not two times of day joined by a dash ("22-7", "22:00 to 07:00", "25:00-07:00").
    case malformed(String)

    public var errorDescription: String? { message }

    public var message: String {
        switch self {
        case .malformed(let text):
            "“\(text)” is not quiet hours: write two times of day joined by a dash, such as 22:00-07:00, or nothing for none."
        }
    }
}
