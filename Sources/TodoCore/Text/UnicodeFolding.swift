import CICU

/// Folds text so that searches ignore case and accents: "Café", "CAFÉ" and
/// "cafe" all fold to "cafe"; and the key of names compared without regard
/// to case, such as categories and tags.
///
/// Keys folded once are kept by the store and compared with text folded
/// later, so `fold` gives what Foundation's
/// `folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)`
/// gave, scalar for scalar (UnicodeFoldingTests compares the two over every
/// scalar). That folding takes the marks out first, then folds case:
/// - after a base whose canonical decomposition begins below U+0510 (Latin,
///   Greek, Cyrillic, Armenian, and Latin and Greek Extended, which
///   decompose to them), every mark that extends a character goes; after any
///   other base, only the combining diacritics (U+0300 to U+036F, U+0483 to
///   U+0489), so Arabic vowel marks, Indic viramas and kana voicing marks
///   stay;
/// - a character of those blocks is decomposed; another one only when a
///   diacritic goes (U+212B Å, U+2260 ≠), so Hangul and a kana with its
///   voicing mark keep their form;
/// - case is folded with Unicode's full folding ("ẞ" → "ss"), with the
///   tables of Foundation's Unicode version (`caseFolded(_:)`).
///
/// The data (case folding, canonical decomposition) is the system's ICU's,
/// which libical loads already.
public enum UnicodeFolding {
    /// The text in lower case with diacritics removed ("Crème Brûlée" → "creme brulee").
    public static func fold(_ text: String) -> String {
        // ASCII has no diacritics, and its case folds to its lower case.
        if isASCII(text) { return text.lowercased() }
        var stripped = String.UnicodeScalarView()
        var baseStripsAll = false
        var hasBase = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0xC0 {
                // Below À nothing decomposes, and nothing is a mark.
                stripped.append(scalar)
                baseStripsAll = true
                hasBase = true
                continue
            }
            // A mark that begins the text is its first character's base.
            if hasBase && isMark(scalar) {
                if !strips(scalar, afterBaseStrippingAll: baseStripsAll) {
                    stripped.append(contentsOf: decomposition(of: scalar) ?? [scalar])
                }
                continue
            }
            hasBase = true
            guard let parts = decomposition(of: scalar), let base = parts.first, base.value < 0x0510 else {
                stripped.append(scalar)
                baseStripsAll = scalar.value < 0x0510
                continue
            }
            baseStripsAll = true
            let kept = parts.dropFirst().filter { !(isMark($0) && strips($0, afterBaseStrippingAll: true)) }
            // Foundation decomposed the Latin, Greek and Cyrillic blocks
            // and their Extended blocks always (U+1FEF is U+0060), the
            // rest only for a diacritic to take out (U+212B, Å; U+2260, ≠).
            let decomposes = scalar.value < 0x0510 || (0x1E00...0x1FFF).contains(scalar.value)
                || kept.count < parts.count - 1
            if decomposes {
                stripped.append(base)
                stripped.append(contentsOf: kept)
            } else {
                stripped.append(scalar)
            }
        }
        var folded = String.UnicodeScalarView()
        for scalar in stripped {
            if scalar.isASCII {
                folded.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                folded.append(contentsOf: caseFolded(scalar))
            }
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
    /// that folding may take out: Unicode's Grapheme_Extend as Foundation's
    /// tables had it (before Unicode 16, which made some vowel signs and
    /// viramas of Kannada, Balinese and others extend, and added marks),
    /// with the skin tones of emoji.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        // The skin tones, and a mark of Ahom that Unicode 16 made spacing.
        if (0x1F3FB...0x1F3FF).contains(scalar.value) || scalar.value == 0x1171E { return true }
        guard scalar.properties.isGraphemeExtend, !newlyExtending.contains(scalar.value) else { return false }
        guard let age = scalar.properties.age else { return false }
        return age.major < 16
    }

    /// Older characters that Unicode 16 made extend the one before.
    private static let newlyExtending: Set<UInt32> = [
        0x0CC0, 0x0CC7, 0x0CC8, 0x0CCA, 0x0CCB, 0x1715, 0x1734, 0x1B3B, 0x1B3D, 0x1B43, 0x1B44, 0x1BAA, 0x1BF2,
        0x1BF3, 0xA953, 0xA9C0, 0x111C0, 0x11235, 0x1134D, 0x116B6, 0x1193D, 0x11F41, 0x16FF0, 0x16FF1, 0x1D166, 0x1D16D,
    ]

    /// Whether the mark `scalar` is taken out after a base of that kind:
    /// every one after a base of the Latin, Greek, Cyrillic and Armenian
    /// blocks (below U+0510); after any other, only the combining
    /// diacritics.
    private static func strips(_ scalar: Unicode.Scalar, afterBaseStrippingAll all: Bool) -> Bool {
        all || (0x0300...0x036F).contains(scalar.value) || (0x0483...0x0489).contains(scalar.value)
    }

    /// The full canonical decomposition of `scalar` (ICU's NFD data), nil
    /// when it has none.
    private static func decomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        var buffer = [UInt16](repeating: 0, count: 32)
        let length = buffer.withUnsafeMutableBufferPointer { buffer in
            todo_icu_decomposition(Int32(bitPattern: scalar.value), buffer.baseAddress, Int32(buffer.count))
        }
        guard length > 0, length <= buffer.count else { return nil }
        return Array(String(decoding: buffer[..<Int(length)], as: UTF16.self).unicodeScalars)
    }

    /// `scalar` case folded as Foundation's tables did: Unicode's full case
    /// folding ("ẞ" → "ss", "ς" → "σ") of the characters before Unicode 8,
    /// the lower case of those up to Unicode 15 and of those folding has
    /// no entry for (Cherokee's capitals, which fold to themselves, lower
    /// to U+AB70...), and the characters of Unicode 16 on as they are.
    private static func caseFolded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        guard let age = scalar.properties.age, age.major < 16 else { return [scalar] }
        let lower = Array(scalar.properties.lowercaseMapping.unicodeScalars)
        guard age.major < 8 else { return lower }
        let folded = Array(caseFolded(String(scalar)).unicodeScalars)
        if folded == [scalar] { return lower }
        if folded.contains(where: { ($0.properties.age?.major ?? 99) >= 8 }) { return lower }
        return folded
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
