import Foundation
import Testing
import TodoCore
import TodoStore

/// The folding behind search: case and accents go, letters stay.
@Suite("Text folding")
struct TextFoldingTests {
    @Test(
        "Folding lowers case and removes diacritics",
        arguments: [
            ("Café", "cafe"),
            ("CAFÉ", "cafe"),
            ("cafe\u{301}", "cafe"),
            ("Crème Brûlée", "creme brulee"),
            ("Ångström", "angstrom"),
            ("naïve RÉSUMÉ", "naive resume"),
            ("Łódź", "łodz"),
            ("日本語", "日本語"),
        ]
    )
    func fold(text: String, folded: String) {
        #expect(UnicodeFolding.fold(text) == folded)
    }

    @Test("Folding the case alone keeps the accents")
    func foldCase() {
        #expect(UnicodeFolding.foldCase("CAFÉ") == UnicodeFolding.foldCase("café"))
        #expect(UnicodeFolding.foldCase("Cafe\u{301}") == UnicodeFolding.foldCase("café"))
        #expect(UnicodeFolding.foldCase("Cafe") != UnicodeFolding.foldCase("Café"))
    }

    @Test("ASCII folds as Foundation folds it, every character of it, alone and in text: the keys stored stay the same")
    func asciiAsFoundation() {
        let characters = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for text in characters + [characters.joined(), "Task 12 CALL the Plumber", " Mixed\tCase\n"] {
            #expect(UnicodeFolding.fold(text) == text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil), "\(text.unicodeScalars.map(\.value))")
            #expect(UnicodeFolding.foldCase(text) == text.lowercased().precomposedStringWithCanonicalMapping, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("Containment ignores case and accents")
    func contains() {
        #expect(UnicodeFolding.contains("Buy a CRÈME brûlée", "creme brulee"))
        #expect(UnicodeFolding.contains("anything", ""))
        #expect(!UnicodeFolding.contains("Tea", "cafe"))
    }
}
