import Foundation
import Testing
import TodoCore

/// `Collation` against the orders Foundation gave under the C.UTF-8 locale.
@Suite("Collation")
struct CollationTests {
    private static let words = [
        "apple", "Apple", "apples", "Banana", "banana", "éclair", "eclair", "Eclair", "zoe", "Zoë", "ZOE", "Zoé",
        "10 things", "2 things", "a-b", "ab", "a b", "_x", "#tag", "Ω", "ω", "я", "Я", "a", "A", "Äpfel", "Apfel",
        "apfel", "straße", "strasse", "Straße", "", " ", "ı", "i", "İ", "日本", "中文", "한국", "ß", "ss", "ǅ", "dž",
        "x\u{301}", "ẋ", "co-op", "coop", "co op", "Ab", "aB", "AB", "ab", "a1", "a01", "A1", "a9", "a10",
    ]

    @Test("Titles compare as with localizedCaseInsensitiveCompare")
    func titles() {
        var differing: [String] = []
        for a in Self.words {
            for b in Self.words {
                let theirs = a.localizedCaseInsensitiveCompare(b)
                let ours = Collation.titles.compare(a, b)
                if (ours < 0 ? ComparisonResult.orderedAscending : ours > 0 ? .orderedDescending : .orderedSame) != theirs {
                    differing.append("\(a)|\(b): \(ours) \(theirs.rawValue)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    @Test("Names are ordered as JSONSerialization's sortedKeys ordered them")
    func sortedKeys() throws {
        let object = Dictionary(uniqueKeysWithValues: Set(Self.words).map { ($0, 0) })
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let theirs = String(decoding: data, as: UTF8.self)
        let ours = "{" + Set(Self.words).sorted { Collation.compareForcingOrder($0, $1) < 0 }
            .map { "\"\($0)\":0" }.joined(separator: ",") + "}"
        #expect(ours == theirs)
    }
}
