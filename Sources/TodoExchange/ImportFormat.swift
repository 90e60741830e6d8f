/// The formats `import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// todo-remind's own JSON array, as `export` writes it.
    case todoRemind = "todo-remind"
    /// Taskwarrior's `task export` (2.6 and 3.x).
    case taskwarrior
    /// todo.txt (and done.txt).
    case todotxt
    /// An iCalendar file (`.ics`).
    case ics

    /// The format of `bytes`, told from their beginning: iCalendar begins
    /// with `BEGIN:VCALENDAR`; JSON with `[` or `{`, Taskwarrior's when
    /// its first object has a `"uuid"` or a `"description"` and no
    /// `"title"`. todo.txt has no mark of its own: a file named `….txt`
    /// is read as one; anything else as todo-remind's JSON, the default,
    /// whose error then says what it is not.
    public static func recognise(_ bytes: [UInt8], name: String? = nil) -> ImportFormat {
        var start = 0
        // A UTF-8 byte order mark, then blank space.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) { start += 1 }
        let head = String(decoding: bytes[start..<min(bytes.count, start + 4096)], as: UTF8.self)
        if head.uppercased().hasPrefix("BEGIN:VCALENDAR") { return .ics }
        guard head.hasPrefix("[") || head.hasPrefix("{") else {
            return name.map { $0.lowercased().hasSuffix(".txt") } == true ? .todotxt : .todoRemind
        }
        // The first object's keys: up to its first closing brace.
        let first = head.prefix { $0 != "}" }
        let taskwarrior = first.contains("\"uuid\"") || first.contains("\"description\"")
        return taskwarrior && !first.contains("\"title\"") ? .taskwarrior : .todoRemind
    }

    /// How the format is named in messages.
    public var displayName: String {
        switch self {
        case .todoRemind: "todo-remind's JSON"
        case .taskwarrior: "Taskwarrior's export"
        case .todotxt: "todo.txt"
        case .ics: "iCalendar"
        }
    }
}
