import FoundationEssentials
import TodoCalendar
import TodoCore
import TodoRecurrence

/// A todo.txt file (or a done.txt), read into tasks, by the format's
/// specification (github.com/todotxt/todo.txt): one task a line, `x` and
/// a completion date for a done one, `(A)` a priority, a creation date,
/// `+project` and `@context` tags, `key:value` extensions.
///
/// `(A)`, `(B)`, `(C)` are high, medium, low, any other letter medium (as
/// is `pri:A` on a done task, where clients move the priority); `due:`
/// is the due day, `t:` (threshold) the start, `rec:` the repeat rule
/// (`rec:+1w` from the due, `rec:1w` from completion, as the topydo and
/// SimpleTask extensions have it); any other `key:value` is kept in the
/// notes, one a line. A todo.txt task has no identity of its own: its UID
/// is made from its line's text, so the same line imported again is
/// recognised.
public struct TodoTxtFile {
    let source: String
    let clock: WallClock
    /// The day a repeating task without a due or a start repeats from.
    let today: LocalDay
    let defaultReminder: Bool
    /// done.txt: every line is a done task.
    let allDone: Bool

    public init(source: String, clock: WallClock, now: Date, defaultReminder: Bool, allDone: Bool) {
        self.source = source
        self.clock = clock
        today = clock.day(of: now)
        self.defaultReminder = defaultReminder
        self.allDone = allDone
    }

    /// The tasks of `bytes`; the first line that cannot be read stops everything.
    public func read(_ bytes: [UInt8]) throws(ImportReadError) -> ImportBatch {
        var batch = ImportBatch()
        var seen: [String: Int] = [:]
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingSpacesAndNewlines()
            guard !line.isEmpty else { continue }
            let place = "line \(index + 1)"
            do {
                let draft = try task(line)
                let count = seen[line, default: 0]
                seen[line] = count + 1
                let uid = "todotxt-" + Self.hash(line) + (count == 0 ? "" : "-\(count + 1)")
                batch.items.append(ImportedItem(draft: draft, origin: TaskOrigin(uid: uid, item: []), place: place))
            } catch let error as ElementError {
                throw .badElement(source: source, place: place, reason: error.reason)
            } catch let error as TaskFieldError {
                throw .badElement(source: source, place: place, reason: error.message)
            } catch let error as StartError {
                throw .badElement(source: source, place: place, reason: error.readableDescription)
            } catch {
                throw .badElement(source: source, place: place, reason: error.readableDescription)
            }
        }
        return batch
    }

    private func task(_ line: String) throws -> TaskDraft {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var done = false
        var completed: LocalDay?
        var created: LocalDay?
        var priority: Priority = .medium
        if words.first == "x" {
            done = true
            words.removeFirst()
            // Some clients keep the priority after the x.
            if let first = words.first, let letter = Self.priorityLetter(first) {
                priority = Self.priority(letter)
                words.removeFirst()
            }
            if let day = words.first.flatMap(Self.day) {
                completed = day
                words.removeFirst()
                if let day = words.first.flatMap(Self.day) {
                    created = day
                    words.removeFirst()
                }
            }
        } else {
            if let first = words.first, let letter = Self.priorityLetter(first) {
                priority = Self.priority(letter)
                words.removeFirst()
            }
            if let day = words.first.flatMap(Self.day) {
                created = day
                words.removeFirst()
            }
        }
        var title: [String] = []
        var tags: [String] = []
        var notes: [String] = []
        var due: Due?
        var start: Due?
        var rec: String?
        for word in words {
            if word.count > 1, word.hasPrefix("+") || word.hasPrefix("@") {
                tags.append(String(word.dropFirst()))
                continue
            }
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex,
               !word[word.index(after: colon)...].contains(":"), !word[word.index(after: colon)...].hasPrefix("//") {
                let key = String(word[..<colon]).lowercased()
                let value = String(word[word.index(after: colon)...])
                switch key {
                case "due":
                    guard let day = Self.day(value) else { throw ElementError("“\(word)” is not a due date like due:2026-12-01") }
                    due = .day(day)
                case "t":
                    guard let day = Self.day(value) else { throw ElementError("“\(word)” is not a threshold date like t:2026-12-01") }
                    start = .day(day)
                case "rec":
                    rec = value
                case "pri" where done && value.count == 1:
                    priority = value.uppercased().first.map(Self.priority) ?? .medium
                default:
                    notes.append(word)
                }
                continue
            }
            title.append(word)
        }
        var draft = try TaskDraft(
            title: title.isEmpty ? words.joined(separator: " ") : title.joined(separator: " "),
            notes: notes.isEmpty ? nil : notes.joined(separator: "\n"),
            tags: tags,
            priority: priority,
            due: due,
            reminderOn: defaultReminder,
            createdAt: created.map(clock.startOfDay)
        )
        draft.start = start
        if done || allDone {
            draft.completedAt = (completed ?? created).map(clock.startOfDay) ?? clock.startOfDay(today)
        }
        if let rec {
            let anchor = due ?? start ?? .day(created ?? today)
            if draft.due == nil { draft.due = anchor }
            do {
                draft.repeating = try TaskRepeat.verbatim(rule: try Self.rule(rec), from: rec.hasPrefix("+") ? .due : .completion,
                                                          zone: nil, start: anchor, completedCount: 0)
            } catch let error as RepeatRuleError {
                throw ElementError("“rec:\(rec)”: \(error.message)")
            }
        }
        try draft.checkStart(clock: clock)
        return draft
    }

    /// `rec:` (SimpleTask's and topydo's): `[+]N(d|w|m|y|b)`, b for
    /// business days.
    static func rule(_ rec: String) throws -> String {
        var text = Substring(rec)
        if text.hasPrefix("+") { text = text.dropFirst() }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(digits.count).lowercased()
        let count = digits.isEmpty ? 1 : Int(digits) ?? 0
        let frequency: String
        switch unit {
        case "d": frequency = "FREQ=DAILY"
        case "b": frequency = "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"
        case "w": frequency = "FREQ=WEEKLY"
        case "m": frequency = "FREQ=MONTHLY"
        case "y": frequency = "FREQ=YEARLY"
        default: throw ElementError("“rec:\(rec)” is not a recurrence like rec:1w, rec:+2d, rec:3m or rec:1y")
        }
        guard count > 0, count <= 1000 else { throw ElementError("“rec:\(rec)” must repeat every 1 to 1000 units") }
        return frequency + (count == 1 ? "" : ";INTERVAL=\(count)")
    }

    /// The letter of `(A)`: one upper-case letter in brackets, nothing more.
    private static func priorityLetter(_ word: String) -> Character? {
        guard word.count == 3, word.hasPrefix("("), word.hasSuffix(")"), let letter = word.dropFirst().first,
              letter.isUppercase, letter.isASCII else { return nil }
        return letter
    }

    private static func priority(_ letter: Character) -> Priority {
        switch letter {
        case "A": .high
        case "C": .low
        default: .medium
        }
    }

    /// YYYY-MM-DD, and only that.
    static func day(_ text: some StringProtocol) -> LocalDay? {
        guard text.count == 10, let day = LocalDay(iso: text), day.isInSupportedRange else { return nil }
        return day
    }

    /// FNV-1a over the line's bytes, as 16 hex digits: the same line, the
    /// same UID, on every machine.
    static func hash(_ line: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in line.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
