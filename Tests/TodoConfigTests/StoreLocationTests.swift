import Testing
import TodoConfig

@Suite("Where the store is")
struct StoreLocationTests {
    struct PathCase: Sendable, CustomTestStringConvertible {
        var explicit: String?
        var environment: [String: String]
        var expected: String
        var testDescription: String { expected }
    }

    @Test(
        "The path comes from --store, then TODO_REMIND_STORE, then XDG_DATA_HOME, then HOME",
        arguments: [
            PathCase(
                explicit: "/given/tasks.sqlite",
                environment: ["TODO_REMIND_STORE": "/env/s.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"],
                expected: "/given/tasks.sqlite"
            ),
            PathCase(
                explicit: nil,
                environment: ["TODO_REMIND_STORE": "/env/s.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"],
                expected: "/env/s.sqlite"
            ),
            PathCase(
                explicit: "",
                environment: ["TODO_REMIND_STORE": "", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"],
                expected: "/xdg/todo-remind/tasks.sqlite"
            ),
            PathCase(
                explicit: nil,
                environment: ["XDG_DATA_HOME": "/xdg/", "HOME": "/home/ann"],
                expected: "/xdg/todo-remind/tasks.sqlite"
            ),
            PathCase(
                explicit: nil,
                environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"],
                expected: "/home/ann/.local/share/todo-remind/tasks.sqlite"
            ),
            // The XDG specification says to ignore a relative XDG_DATA_HOME.
            PathCase(
                explicit: nil,
                environment: ["XDG_DATA_HOME": "relative/data", "HOME": "/home/ann"],
                expected: "/home/ann/.local/share/todo-remind/tasks.sqlite"
            ),
            PathCase(
                explicit: "relative.sqlite",
                environment: [:],
                expected: "relative.sqlite"
            ),
        ]
    )
    func resolvePath(_ example: PathCase) {
        #expect(StoreLocation(explicit: example.explicit, environment: example.environment).path == example.expected)
    }

    @Test("Without HOME, the home folder comes from the password database")
    func resolvePathWithoutHome() {
        let path = StoreLocation(explicit: nil, environment: [:]).path

        #expect(path.hasPrefix("/"))
        #expect(path.hasSuffix("/.local/share/todo-remind/tasks.sqlite"))
    }

    @Test("Only a store nobody named is the default one")
    func isDefault() {
        #expect(StoreLocation(explicit: nil, environment: ["HOME": "/home/ann"]).isDefault)
        #expect(StoreLocation(explicit: "", environment: ["TODO_REMIND_STORE": "", "HOME": "/home/ann"]).isDefault)
        #expect(!StoreLocation(explicit: "/given.sqlite", environment: [:]).isDefault)
        #expect(!StoreLocation(explicit: nil, environment: ["TODO_REMIND_STORE": "/env.sqlite"]).isDefault)
    }
}
