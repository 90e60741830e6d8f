/// A line of text being typed, and where the cursor is in it: a field of
/// the form, the search, a snooze's WHEN.
public struct TextLine: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// The cursor, as the number of characters before it.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies a typing intention; returns false for one that is not typing.
    @discardableResult
    public mutating func apply(_ intention: Intention) -> Bool {
        switch intention {
        case .type(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .erase:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .eraseForward:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .eraseLine:
            characters.removeAll()
            cursor = 0
        case .cursorLeft: cursor = max(0, cursor - 1)
        case .cursorRight: cursor = min(characters.count, cursor + 1)
        case .cursorHome: cursor = 0
        case .cursorEnd: cursor = characters.count
        default: return false
        }
        return true
    }

    /// The text before the cursor: where the cursor is drawn.
    public var beforeCursor: String { String(characters[..<cursor]) }
}
