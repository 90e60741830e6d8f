import Foundation
import Testing
import TodoCore

/// `UnicodeFolding` against what Foundation's folding gave, which the
/// store's keys were written with: the same text in every script.
@Suite("Unicode folding")
struct UnicodeFoldingTests {
    /// What Foundation folded a text to for search.
    private static func foundationFold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    @Test("Search folds case and accents as Foundation did, across scripts", arguments: [
        ("Café", "cafe"), ("Cafe\u{301}", "cafe"), ("ZOË", "zoe"), ("Zoe\u{308}", "zoe"), ("CRÈME BRÛLÉE", "creme brulee"),
        ("Ελληνικά ΆΈΉ", "ελληνικα αεη"), ("ΣΊΣΥΦΟΣ", "σισυφοσ"), ("ΐ", "ι"), ("Ёлка ЙОД", "елка иод"),
        ("Tiếng Việt Ừ", "tieng viet u"), ("Straße ẞ", "strasse ss"), ("İstanbul ıI", "istanbul ıi"),
        ("한국어", "한국어"), ("ﬁ ﬀ", "fi ff"), ("Å Ω K", "a ω k"), ("ñ n\u{303}", "n n"), ("ǰ", "j"), ("ŉ", "ʼn"),
        ("Ø ø Ł ł Đ đ", "ø ø ł ł đ đ"), ("Æ œ", "æ œ"), ("e\u{301}\u{327}", "e"), ("ḉ", "c"),
        ("ا\u{64B}", "ا\u{64B}"), ("हिन्दी", "हिन्दी"), ("がガ", "がガ"), ("か\u{3099}", "か\u{3099}"), ("ｶﾞ", "ｶﾞ"),
        ("👍🏽", "👍🏽"), ("a\u{1F3FD}", "a"), ("½ ² ①", "½ ² ①"), ("Ⅻ", "ⅻ"), ("≠", "="), ("\u{301}a", "\u{301}a"),
        ("\u{344}", "\u{308}"), (" \u{301}x", " x"), ("Ǆ ǅ", "ǆ ǆ"), ("", ""), ("Plain ASCII 123", "plain ascii 123"),
    ])
    func table(text: String, folded: String) {
        #expect(UnicodeFolding.fold(text) == Self.foundationFold(text))
        #expect(Array(UnicodeFolding.fold(text).unicodeScalars) == Array(folded.unicodeScalars))
    }

    @Test("Every scalar alone, and every scalar after a Latin letter and after an Arabic one, folds as with Foundation (the store's keys were folded so)")
    func everyScalar() {
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a" + String(scalar), "\u{627}" + String(scalar)] {
                let ours = UnicodeFolding.fold(text), theirs = Self.foundationFold(text)
                if !ours.unicodeScalars.elementsEqual(theirs.unicodeScalars) {
                    differing.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(40))")
    }

    @Test("Names compare in lower case in one canonical form, as Foundation's lowercased NFC", arguments: [
        "Home", "HOME", "Café", "CAFE\u{301}", "ZOË", "Straße", "İstanbul", "ΣΊΣΥΦΟΣ", "한국어", "e\u{301}\u{327}",
    ])
    func foldCase(text: String) {
        #expect(UnicodeFolding.foldCase(text) == text.lowercased().precomposedStringWithCanonicalMapping)
        #expect(Array(UnicodeFolding.foldCase(text).unicodeScalars) == Array(text.lowercased().precomposedStringWithCanonicalMapping.unicodeScalars))
    }

    @Test("Names are equal but for case as Foundation's caseInsensitiveCompare found them", arguments: [
        ("Work", "WORK"), ("work", "works"), ("Straße", "STRASSE"), ("Cafe\u{301}", "CAFÉ"), ("Café", "Cafe"),
        ("ΣΊΣΥΦΟΣ", "σίσυφος"), ("İ", "i"), ("ı", "I"), ("", ""), ("a", ""),
    ])
    func equalIgnoringCase(a: String, b: String) {
        #expect(UnicodeFolding.equalIgnoringCase(a, b) == (a.caseInsensitiveCompare(b) == .orderedSame))
    }

    @Test("A search finds “Café” with “cafe” and “ZOË” with “zoe”")
    func contains() {
        #expect(UnicodeFolding.contains("Meet at the Café", "cafe"))
        #expect(UnicodeFolding.contains("Call ZOË", "zoe"))
        #expect(UnicodeFolding.contains("Call Zoe", "ZOË"))
        #expect(!UnicodeFolding.contains("Call Zoe", "zoey"))
        #expect(UnicodeFolding.contains("anything", ""))
    }
}
