import Foundation
import Testing

/// A CLI whose config names two list folders, `personal` (the default) and
/// `work`, under its own test folder: the vdir layout vdirsyncer keeps.
struct ListFolders {
    let cli: CLI

    init(_ cli: CLI, defaultList: String? = "personal") throws {
        self.cli = cli
        for name in ["personal", "work"] {
            try FileManager.default.createDirectory(atPath: cli.path("lists/\(name)"), withIntermediateDirectories: true)
        }
        var table = "\n[[calendar]]\npath = \"~/lists/*\"\n"
        if let defaultList { table += "default-list = \"\(defaultList)\"\n" }
        // Added to the config the CLI reads: a daemon test's, or the default one.
        if let named = cli.environment["TODO_REMIND_CONFIG"] {
            let config = try String(contentsOfFile: named, encoding: .utf8)
            try Data((config + table).utf8).write(to: URL(fileURLWithPath: named))
        } else {
            try FileManager.default.createDirectory(atPath: cli.path("config/todo-remind"), withIntermediateDirectories: true)
            try cli.write("config/todo-remind/config.toml", table)
        }
    }

    func folder(_ list: String) -> String { cli.path("lists/\(list)") }

    /// The `.ics` file names of a list, sorted.
    func files(_ list: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder(list)).filter { $0.hasSuffix(".ics") }.sorted()
    }

    /// The text of the only `.ics` file of a list.
    func onlyFile(_ list: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (name: String, text: String) {
        let names = try files(list)
        let name = try #require(names.count == 1 ? names.first : nil, "\(list) holds \(names)", sourceLocation: sourceLocation)
        return (name, try String(contentsOfFile: folder(list) + "/" + name, encoding: .utf8))
    }

    /// Writes a file into a list the way vdirsyncer does: a temporary file
    /// in the same folder, then a rename over the name.
    func put(_ list: String, _ name: String, _ text: String) throws {
        let temporary = folder(list) + "/.\(name).\(UUID().uuidString).tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, folder(list) + "/" + name) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func read(_ list: String, _ name: String) throws -> String {
        try String(contentsOfFile: folder(list) + "/" + name, encoding: .utf8)
    }

    /// The content lines of an iCalendar text, unfolded.
    static func contentLines(_ text: String) -> [String] {
        var lines: [String] = []
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == " " || line.first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(String(line))
            }
        }
        return lines
    }

    /// The names of the properties whose lines differ between two texts.
    static func changedProperties(_ before: String, _ after: String) -> Set<String> {
        let old = contentLines(before)
        let new = contentLines(after)
        let removed = old.filter { !new.contains($0) }
        let added = new.filter { !old.contains($0) }
        return Set((removed + added).map { line in
            String(line.prefix { $0 != ":" && $0 != ";" })
        })
    }

    /// A minimal VTODO file.
    static func todo(uid: String, summary: String, extra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:\(uid)",
          "DTSTAMP:20261101T100000Z", "SUMMARY:\(summary)"] + extra + ["END:VTODO", "END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }
}

extension String {
    /// The text of a file without its lines that start with `prefix`, CRLF
    /// or LF endings alike (split by byte: to Swift's `Character`s a CRLF is
    /// one, which neither a `Character` split nor a regex's `[^\r]` stops at).
    func withoutLines(starting prefix: String) -> String {
        utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }.filter { !$0.hasPrefix(prefix) }.joined(separator: "\n")
    }
}
