import FoundationEssentials

/// Folds text so that searches ignore case and accents: "Café", "CAFÉ" and
/// "cafe" all fold to "cafe".
///
/// The store keeps a folded copy of each title and note (the `title_key` and
/// `notes_key` columns) and folds the search text the same way, so matching is
/// a plain substring test that SQLite runs without calling back into Swift.
/// Because keys are written once and compared later, the folding must stay
/// the same from one version to the next; changing it needs a migration that
/// rewrites every key.
public enum TextFolding {
    /// The text in lower case with diacritics removed ("Crème Brûlée" → "creme brulee").
    ///
    /// Uses Foundation's case and diacritic folding with no locale, so the
    /// result does not depend on the user's language settings.
    public static func fold(_ text: String) -> String {
        // ASCII has no diacritics, and its case folds to its lower case
        // (TextFoldingTests compares every ASCII character with Foundation's).
        if isASCII(text) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The text in lower case, accents kept, in one canonical Unicode form:
    /// the key for names compared without regard to case, such as categories
    /// ("WORK" and "Work" match, "Cafe" and "Café" do not).
    public static func foldCase(_ text: String) -> String {
        // ASCII is in its canonical form already.
        if isASCII(text) { return text.lowercased() }
        return text.lowercased().precomposedStringWithCanonicalMapping
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether `text` contains `needle`, ignoring case and accents.
    ///
    /// The same test the store runs in SQL, for callers that hold tasks already.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        let key = fold(needle)
        return key.isEmpty || fold(text).contains(key)
    }
}
