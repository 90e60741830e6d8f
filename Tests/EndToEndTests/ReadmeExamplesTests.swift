import Foundation
import TestSupport
import Testing

/// The README's examples, read from the README itself and run: what it
/// shows is what the program prints.
@Suite("README examples", .ownThread)
struct ReadmeExamplesTests {
    /// The package's folder: this file is `Tests/EndToEndTests/ReadmeExamplesTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fenced block of the README: its language (after the opening ```) and its lines.
    struct Block {
        let language: String
        let lines: [String]
    }

    /// One `## ` section of the README: its prose and its fenced blocks, in order.
    struct Section {
        var prose: [String] = []
        var blocks: [Block] = []
    }

    static func section(_ title: String) throws -> Section {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        guard let start = lines.firstIndex(of: "## \(title)") else { throw ReadmeError.noSection(title) }
        lines = lines[(start + 1)...]
        var section = Section()
        var open: (language: String, lines: [String])?
        for line in lines {
            if open == nil, line.hasPrefix("## ") { break }
            if line.hasPrefix("```") {
                if let block = open {
                    section.blocks.append(Block(language: block.language, lines: block.lines))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)), [])
                }
            } else if open != nil {
                open?.lines.append(line)
            } else {
                section.prose.append(line)
            }
        }
        return section
    }

    enum ReadmeError: Error {
        case noSection(String)
    }

    /// The words of a shell command line, as `sh` splits it: quotes group
    /// and vanish, an unquoted `#` starting a word begins a comment.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word?.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else if character == "#", word == nil {
                break
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let finished = word { words.append(finished) }
        return words
    }

    /// The commands of the Everyday-use block, without `todo-remind`.
    static func everydayCommands() throws -> [[String]] {
        let block = try #require(try section("Everyday use").blocks.first { $0.language == "sh" })
        return block.lines.map(words).filter { $0.first == "todo-remind" }.map { Array($0.dropFirst()) }
    }

    @Test("the sample list in Everyday use is what list prints for the tasks the block adds, at the moments the README names")
    func sampleList() throws {
        let section = try Self.section("Everyday use")
        let adds = try Self.everydayCommands().filter { $0.first == "add" }
        // The README's sentence before the sample: TZ=…, the adds' --now, then list's.
        let prose = section.prose.joined(separator: " ")
        let tz = try #require(prose.firstMatch(of: /`TZ=([^`]+)`/)?.1, "\(prose)")
        let nows = prose.matches(of: /--now "([^"]+)"/).map { String($0.1) }
        try #require(nows.count == 2, "\(prose)")
        let sample = try #require(section.blocks.first { $0.language.isEmpty }, "no sample output")
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = String(tz)

        #expect(adds.count == 4, "\(adds)")
        for add in adds { try cli.ok(add + ["--now", nows[0]]) }
        let output = try cli.ok("list", "--now", nows[1])

        #expect(output == sample.lines.joined(separator: "\n") + "\n")
    }

    @Test("every command of the Everyday-use block succeeds when run in order")
    func everydayBlock() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let commands = try Self.everydayCommands()

        #expect(Set(commands.compactMap(\.first)).isSuperset(of: ["add", "list", "next", "done", "off", "snooze", "edit", "show", "clear"]))
        for command in commands {
            try cli.ok(command)
        }
        #expect(try cli.objects("export").count == 3)
    }
}
