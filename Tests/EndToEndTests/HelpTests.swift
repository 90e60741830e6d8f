import TestSupport
import Testing
import TodoCore

/// `--help` and `--version`: asked for, so on stdout with exit status 0.
@Suite("help", .ownThread)
struct HelpTests {
    @Test("--help prints the usage on stdout and exits 0", arguments: [
        ["--help"], ["help"], ["add", "--help"], ["list", "--help"], ["help", "edit"],
    ])
    func help(arguments: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }

        let result = try cli.run(arguments)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: todo-remind"), "\(result)")
        #expect(result.stderr.isEmpty)
    }

    @Test("--version prints the version, from the one place it is set; a debug build names no commit")
    func version() throws {
        let cli = try CLI()
        defer { cli.remove() }

        #expect(try cli.ok("--version") == BuildInfo.version + "\n")
        #expect(BuildInfo.version.split(separator: ".").count == 3)
    }

    @Test("todo-remind without a command shows the help")
    func noCommand() throws {
        let cli = try CLI()
        defer { cli.remove() }

        let result = try cli.run([])

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("SUBCOMMANDS:"))
        #expect(result.stdout.contains("add"))
    }
}
