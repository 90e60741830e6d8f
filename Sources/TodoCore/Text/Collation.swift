import CICU

/// Orders of text by the Unicode collation of the root locale (ICU's),
/// as Foundation compared strings under the C.UTF-8 locale.
public final class Collation: @unchecked Sendable {
    // @unchecked: ICU's comparisons only read a collator, so threads may
    // share one; each is opened once and never closed.

    /// The order of titles in `list --order title` and the interactive
    /// view, ignoring case but not accents ("apple" and "Apple" tie, "zoe"
    /// comes before "Zoë", "a b" before "ab"): Foundation's
    /// `localizedCaseInsensitiveCompare`.
    public static let titles = Collation(strength: 1, numeric: false, foldingCase: true)

    /// Numbers by their value ("a9" before "a10"), then case ("a" before
    /// "A"): with `compareForcingOrder`, the order of the names of JSON
    /// objects that `JSONSerialization` wrote with `.sortedKeys`.
    static let numericIgnoringCase = Collation(strength: 1, numeric: true, foldingCase: false)
    static let numeric = Collation(strength: 2, numeric: true, foldingCase: false)

    private let collator: UnsafeMutableRawPointer?
    private let foldingCase: Bool

    /// - Parameters:
    ///   - strength: 1 ignores case, 2 minds it (see cicu.h).
    ///   - foldingCase: whether text is case folded before it is compared,
    ///     so that "ß" and "ss" tie as Foundation had them.
    private init(strength: Int32, numeric: Bool, foldingCase: Bool) {
        collator = todo_icu_open_collator(strength, numeric ? 1 : 0)
        self.foldingCase = foldingCase
    }

    /// How `a` compares with `b`: negative when it comes first, zero when
    /// they tie, positive when it comes after.
    public func compare(_ a: String, _ b: String) -> Int {
        guard let collator else {
            // No collation data: the order of code points, which is total.
            return Self.compareScalars(a, b)
        }
        var a = foldingCase && !Self.isASCII(a) ? UnicodeFolding.caseFolded(a) : a
        var b = foldingCase && !Self.isASCII(b) ? UnicodeFolding.caseFolded(b) : b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                left.withMemoryRebound(to: CChar.self) { left in
                    right.withMemoryRebound(to: CChar.self) { right in
                        Int(todo_icu_collate_utf8(collator, left.baseAddress, Int32(left.count),
                                                  right.baseAddress, Int32(right.count)))
                    }
                }
            }
        }
    }

    /// The order of names as `JSONSerialization`'s `.sortedKeys` gave it
    /// (a comparison with `[.numeric, .caseInsensitive, .forcedOrdering]`):
    /// by value and letter ignoring case, then minding case, then the
    /// shorter ("a1" before "a01"), then by code point, so that no two
    /// different names tie.
    public static func compareForcingOrder(_ a: String, _ b: String) -> Int {
        let ignoringCase = numericIgnoringCase.compare(a, b)
        if ignoringCase != 0 { return ignoringCase }
        let mindingCase = numeric.compare(a, b)
        if mindingCase != 0 { return mindingCase }
        let lengths = (a.utf16.count, b.utf16.count)
        if lengths.0 != lengths.1 { return lengths.0 < lengths.1 ? -1 : 1 }
        return compareScalars(a, b)
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    private static func compareScalars(_ a: String, _ b: String) -> Int {
        if a == b { return 0 }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
    }
}
