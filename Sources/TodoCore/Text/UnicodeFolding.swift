import CICU

/// Folds text so that searches ignore case and accents: "Café", "CAFÉ" and
/// "cafe" all fold to "cafe"; and the key of names compared without regard
/// to case, such as categories and tags.
///
/// Keys folded once are kept by the store and compared with text folded
/// later, so `fold` gives what Foundation's
/// `folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)`
/// gave (UnicodeFoldingTests compares the two across scripts). That folding
/// is full Unicode case folding, then, in each character, the marks after
/// its base taken out: every mark that extends a character after a base
/// of the Latin, Greek, Cyrillic and Armenian blocks (below U+0510) or of
/// Latin and Greek Extended (U+1E00 to U+1FFF); after any other base only
/// the combining diacritics of U+0300 to U+036F and the Cyrillic ones of
/// U+0483 to U+0489 (so Arabic vowel marks, Indic viramas and the kana
/// voicing marks stay). A character that loses nothing keeps its form:
/// Hangul stays precomposed, a kana with its voicing mark too.
///
/// The tables (case folding, canonical decomposition) are the system's
/// ICU's, which libical loads already.
public enum UnicodeFolding {
    /// The text in lower case with diacritics removed ("Crème Brûlée" → "creme brulee").
    public static func fold(_ text: String) -> String {
        // ASCII has no diacritics, and its case folds to its lower case.
        if isASCII(text) { return text.lowercased() }
        var folded = String.UnicodeScalarView()
        var baseStripsAll = false
        var hasBase = false
        var decomposition = [UInt16](repeating: 0, count: 32)
        for scalar in caseFolded(text).unicodeScalars {
            if scalar.value < 0xC0 {
                // Below À nothing decomposes, and nothing is a mark.
                folded.append(scalar)
                baseStripsAll = true
                hasBase = true
                continue
            }
            // A mark that begins the text is its first character's base.
            if hasBase && isMark(scalar) {
                if !strips(scalar, afterBaseStrippingAll: baseStripsAll) { folded.append(scalar) }
                continue
            }
            hasBase = true
            let length = decomposition.withUnsafeMutableBufferPointer { buffer in
                todo_icu_decomposition(Int32(bitPattern: scalar.value), buffer.baseAddress, Int32(buffer.count))
            }
            guard length > 0, length <= decomposition.count else {
                folded.append(scalar)
                baseStripsAll = stripsAll(after: scalar)
                continue
            }
            let parts = Array(String(decoding: decomposition[..<Int(length)], as: UTF16.self).unicodeScalars)
            guard let base = parts.first else { continue }
            let stripsAllMarks = stripsAll(after: base)
            let kept = parts.dropFirst().filter { !(isMark($0) && strips($0, afterBaseStrippingAll: stripsAllMarks)) }
            if kept.count == parts.count - 1 {
                // Nothing taken out: the character keeps its own form.
                folded.append(scalar)
            } else {
                folded.append(base)
                folded.append(contentsOf: kept)
            }
            baseStripsAll = stripsAllMarks
        }
        return String(folded)
    }

    /// The text in lower case, accents kept, in one canonical Unicode form
    /// (NFC): the key for names compared without regard to case, such as
    /// categories ("WORK" and "Work" match, "Cafe" and "Café" do not).
    public static func foldCase(_ text: String) -> String {
        // ASCII is in its canonical form already.
        if isASCII(text) { return text.lowercased() }
        return composed(text.lowercased())
    }

    /// Whether `text` contains `needle`, ignoring case and accents.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        let key = fold(needle)
        return key.isEmpty || fold(text).contains(key)
    }

    /// Whether `a` and `b` are the same text but for case (full case
    /// folding of canonically equivalent text, as Foundation's
    /// `caseInsensitiveCompare` found them the same): "STRASSE" and
    /// "Straße", "Cafe\u{301}" and "CAFÉ".
    public static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        if isASCII(a) && isASCII(b) { return a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased() }
        // String's == compares canonical equivalents as equal.
        return caseFolded(a) == caseFolded(b)
    }

    /// `text` in normalization form C (composed): "e\u{301}" → "é".
    public static func composed(_ text: String) -> String {
        if isASCII(text) { return text }
        return transformed(text) { source, length, destination, capacity in
            todo_icu_normalize(1, source, length, destination, capacity)
        }
    }

    /// `text` with Unicode's full case folding (ICU's u_strFoldCase).
    static func caseFolded(_ text: String) -> String {
        transformed(text) { source, length, destination, capacity in
            todo_icu_fold_case(source, length, destination, capacity)
        }
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether `scalar` extends the character before it, as the marks do
    /// that folding may take out (with the skin tones of emoji, which
    /// Foundation's tables count among them).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isGraphemeExtend || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    /// Whether a base takes every mark after it out, or only the combining
    /// diacritics: the Latin, Greek, Cyrillic and Armenian blocks and
    /// Latin and Greek Extended.
    private static func stripsAll(after base: Unicode.Scalar) -> Bool {
        base.value < 0x0510 || (0x1E00...0x1FFF).contains(base.value)
    }

    /// Whether the mark `scalar` is taken out after a base of that kind.
    private static func strips(_ scalar: Unicode.Scalar, afterBaseStrippingAll all: Bool) -> Bool {
        all || (0x0300...0x036F).contains(scalar.value) || (0x0483...0x0489).contains(scalar.value)
    }

    /// `text` through an ICU function that writes UTF-16 into a buffer and
    /// returns the length it needs (negative on failure, when `text` is
    /// kept as it is).
    private static func transformed(
        _ text: String,
        _ body: (UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<UInt16>?, Int32) -> Int32
    ) -> String {
        let source = Array(text.utf16)
        var capacity = source.count * 3 + 16
        while true {
            var destination = [UInt16](repeating: 0, count: capacity)
            let length = source.withUnsafeBufferPointer { input in
                destination.withUnsafeMutableBufferPointer { output in
                    body(input.baseAddress, Int32(input.count), output.baseAddress, Int32(output.count))
                }
            }
            guard length >= 0 else { return text }
            if Int(length) <= capacity { return String(decoding: destination[..<Int(length)], as: UTF16.self) }
            capacity = Int(length)
        }
    }
}
