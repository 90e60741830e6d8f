// swift-tools-version: 6.0
import PackageDescription

/// Settings every target shares: Swift 6 language mode (strict concurrency)
/// comes from `swiftLanguageModes`; `any` is spelled out on every existential.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "todo-remind",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "todo-remind", targets: ["todo-remind"]),
        .executable(name: "todo-remind-notifier", targets: ["todo-remind-notifier"]),
        .executable(name: "todo-remind-window", targets: ["todo-remind-window"]),
        .library(name: "TodoCore", targets: ["TodoCore"]),
        .library(name: "TodoZones", targets: ["TodoZones"]),
        .library(name: "TodoStore", targets: ["TodoStore"]),
        .library(name: "TodoConfig", targets: ["TodoConfig"]),
        .library(name: "TodoNotify", targets: ["TodoNotify"]),
        .library(name: "TodoLinux", targets: ["TodoLinux"]),
        .library(name: "TodoDaemon", targets: ["TodoDaemon"]),
        .library(name: "TodoRecurrence", targets: ["TodoRecurrence"]),
        .library(name: "TodoCalendar", targets: ["TodoCalendar"]),
        .library(name: "TodoSync", targets: ["TodoSync"]),
        .library(name: "TodoListing", targets: ["TodoListing"]),
        .library(name: "TodoViewModel", targets: ["TodoViewModel"]),
        .library(name: "TodoTerminal", targets: ["TodoTerminal"]),
        .library(name: "TodoWindow", targets: ["TodoWindow"]),
        .library(name: "TodoExchange", targets: ["TodoExchange"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The system's ICU (Debian's libicu-dev), which libical links too:
        // folding text for search and the collation of titles, behind C
        // wrappers whose header names no ICU type (see cicu.h), opened at
        // their first call (see cicu.c).
        .target(name: "CICU"),
        // The version and the commit built from (`BuildInfo`): C, so that
        // `make release` can name the commit in a header of its own.
        .target(name: "CBuildInfo"),
        .target(
            name: "TodoCore",
            dependencies: ["CICU", "CBuildInfo"],
            swiftSettings: swiftSettings
        ),
        // SQLite 3 (Debian's libsqlite3-dev), found through pkg-config like
        // libical: the store's file.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The store: tasks, the ledger, the journal, the files of lists in
        // folders, in one SQLite file through a small layer of its own over
        // CSQLite (Sources/TodoStore/SQLite).
        .target(
            name: "TodoStore",
            dependencies: [
                "CSQLite",
                "TodoCore",
                "TodoRecurrence",
            ],
            swiftSettings: swiftSettings
        ),
        // The system's zoneinfo folder: time zones by name, read as the C
        // library reads them (FoundationEssentials knows only fixed offsets).
        .target(
            name: "TodoZones",
            dependencies: ["TodoCore"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TodoConfig",
            dependencies: ["TodoCore", "TodoZones"],
            swiftSettings: swiftSettings
        ),
        // libnotify and the GLib it builds on, wherever pkg-config finds them.
        .systemLibrary(
            name: "CLibNotify",
            pkgConfig: "libnotify",
            providers: [.apt(["libnotify-dev"]), .brew(["libnotify"])]
        ),
        // GTK 4 and libadwaita 1 (Debian 12's 4.8 and 1.2), for the desktop
        // window only: no other executable links them.
        .systemLibrary(
            name: "CAdwaita",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // The window list's model: a GListModel of a number of lines (C, as
        // GObject types are written).
        .target(name: "CLineModel", dependencies: ["CAdwaita"]),
        .systemLibrary(name: "CLinux"),
        // The Linux building blocks, typed over CLinux: timerfd, inotify,
        // signalfd, eventfd, epoll and the instance lock. The daemon runs on
        // them; the CLI asks the lock who runs, without linking the daemon.
        .target(
            name: "TodoLinux",
            dependencies: ["CLinux"],
            swiftSettings: swiftSettings
        ),
        // libical 3's header (Debian's libical-dev): RRULE expansion and
        // VTIMEZONEs. Declarations only: the binaries do not link libical,
        // CLibicalLoader opens it at its first use.
        .systemLibrary(name: "CLibical"),
        // libical's functions, as todo-remind calls them, defined to open
        // libical.so.3 on the first call: most commands never need it, and
        // loading it with the ICU it links costs as much as the rest of an
        // empty `list`.
        .target(name: "CLibicalLoader"),
        // Recurrence is a target of its own rather than part of TodoCore: it
        // is as pure as the core (no I/O, libical only computes), but keeping
        // it apart keeps the core depending on nothing but FoundationEssentials. Both
        // executables link it: completing a repeating task (`done`, a
        // bubble's Mark done) moves it to its next occurrence, which the
        // store does in the completion's transaction, and `next` forecasts
        // the occurrences to come.
        .target(
            name: "TodoRecurrence",
            dependencies: ["TodoCore", "TodoZones", "CLibical", "CLibicalLoader"],
            swiftSettings: swiftSettings
        ),
        // iCalendar files and vdir folders, and how a task maps onto a
        // VTODO (TaskMapping, whose repeat rules TodoRecurrence checks).
        // Content lines are parsed and written by hand so that every line
        // todo-remind does not change keeps its bytes; libical only
        // generates VTIMEZONEs.
        .target(
            name: "TodoCalendar",
            dependencies: ["TodoCore", "TodoZones", "TodoRecurrence", "CLibical", "CLibicalLoader"],
            swiftSettings: swiftSettings
        ),
        // Tasks in and out of every format: todo-remind's JSON, Taskwarrior's
        // export, todo.txt, iCalendar files. Reading is pure parsing; an
        // .ics export reads the store's files and origins.
        .target(
            name: "TodoExchange",
            dependencies: ["TodoCore", "TodoZones", "TodoRecurrence", "TodoCalendar", "TodoStore"],
            swiftSettings: swiftSettings
        ),
        // The store and the lists' folders kept in step: files read in and
        // merged, changed tasks written out.
        .target(
            name: "TodoSync",
            dependencies: ["TodoCore", "TodoRecurrence", "TodoStore", "TodoCalendar", "TodoConfig"],
            swiftSettings: swiftSettings
        ),
        // What `list`, `show` and `agenda` say of tasks and events, as words
        // and table cells, for the command line and the interactive view alike.
        .target(
            name: "TodoListing",
            dependencies: ["CLinux", "TodoCore", "TodoRecurrence", "TodoStore", "TodoSync"],
            swiftSettings: swiftSettings
        ),
        // ncurses with wide characters (Debian's libncurses-dev), declarations
        // only, as CLibical: the binaries do not link ncurses, CNcursesLoader
        // opens it when the interactive view first draws.
        .systemLibrary(name: "CNcurses"),
        .target(name: "CNcursesLoader"),
        // What the interactive views share, the terminal's and the window's:
        // every task indexed for filtering and search at 100,000 tasks, the
        // filters, the add and edit form and its checks, and the changes a
        // view makes through the store and the folders. Plain Swift: no
        // terminal, no GTK.
        .target(
            name: "TodoViewModel",
            dependencies: ["CLinux", "TodoCore", "TodoRecurrence", "TodoStore", "TodoConfig", "TodoSync", "TodoListing"],
            swiftSettings: swiftSettings
        ),
        // The desktop window's model: its list, filters, progress and changes,
        // over the view model, plain Swift tested without GTK.
        .target(
            name: "TodoWindow",
            dependencies: ["TodoCore", "TodoStore", "TodoListing", "TodoViewModel"],
            swiftSettings: swiftSettings
        ),
        // The interactive view: a screen model (cells, layout, keys to
        // intentions) tested without a terminal, and a thin ncurses shell on
        // the event loop of TodoLinux.
        .target(
            name: "TodoTerminal",
            dependencies: [
                "CNcurses", "CNcursesLoader", "CLinux", "TodoLinux", "TodoCore", "TodoRecurrence", "TodoStore", "TodoConfig",
                "TodoSync", "TodoListing", "TodoNotify", "TodoViewModel",
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TodoNotify",
            dependencies: ["TodoCore"],
            swiftSettings: swiftSettings
        ),
        // The notifier that talks to a notification server. Only
        // todo-remind-notifier links it: loading libnotify and the GLib stack
        // would add 1.4 ms to the start of every other command.
        .target(
            name: "TodoLibNotify",
            dependencies: ["CLibNotify", "TodoCore", "TodoNotify", "TodoLinux"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TodoDaemon",
            dependencies: [
                "CLinux",
                "TodoLinux",
                "TodoCore",
                "TodoConfig",
                "TodoStore",
                "TodoNotify",
                "TodoSync",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "todo-remind",
            dependencies: [
                "CLinux",
                "TodoCore",
                "TodoRecurrence",
                "TodoStore",
                "TodoConfig",
                "TodoNotify",
                "TodoLinux",
                "TodoSync",
                "TodoListing",
                "TodoTerminal",
                "TodoViewModel",
                "TodoExchange",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The desktop window (GTK 4, libadwaita): `todo-remind window` runs
        // it from beside itself, so that no other command loads GTK.
        .executableTarget(
            name: "todo-remind-window",
            dependencies: ["CAdwaita", "CLineModel", "TodoCore", "TodoConfig", "TodoStore", "TodoSync", "TodoLinux", "TodoListing", "TodoViewModel", "TodoWindow"],
            swiftSettings: swiftSettings
        ),
        // What notifies: the daemon, `notify-test` and the server check of
        // `status`, which todo-remind runs from beside itself.
        .executableTarget(
            name: "todo-remind-notifier",
            dependencies: [
                "TodoCore",
                "TodoConfig",
                "TodoStore",
                "TodoNotify",
                "TodoLibNotify",
                "TodoDaemon",
                "TodoLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // What every test target shares: a private display, bus and dunst,
        // `eventually`, temporary folders, running a process, a lock box.
        .target(
            name: "TestSupport",
            dependencies: ["CLinux"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoZonesTests",
            dependencies: ["TodoZones", "TodoCore", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoCoreTests",
            dependencies: ["TodoCore", "TodoZones", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoRecurrenceTests",
            dependencies: ["TodoRecurrence", "TodoCore", "TodoZones"],
            // The fixtures are read from the source tree by the tests (see
            // RecurrenceFixture), not bundled.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoCalendarTests",
            dependencies: ["TodoCalendar", "TodoCore", "TodoZones", "TodoRecurrence", "TestSupport"],
            // The .ics fixtures are read from the source tree (see
            // CalendarFixture), not bundled.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoSyncTests",
            dependencies: ["TodoSync", "TodoCalendar", "TodoCore", "TodoZones", "TodoStore", "TodoConfig", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoExchangeTests",
            dependencies: ["TodoExchange", "TodoSync", "TodoStore", "TodoCalendar", "TodoCore", "TodoZones", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoStoreTests",
            dependencies: ["TodoStore", "TodoCore", "TodoZones", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoConfigTests",
            dependencies: ["TodoConfig", "TodoCore", "TodoZones", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoNotifyTests",
            dependencies: ["TodoNotify", "TodoLibNotify", "CLibNotify", "TodoCore", "TodoZones", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoListingTests",
            dependencies: ["TodoListing", "TodoStore", "TodoCore", "TodoZones", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoTerminalTests",
            dependencies: ["TodoTerminal", "TodoViewModel", "TodoListing", "TodoStore", "TodoCore", "TodoZones", "TodoConfig", "TodoSync", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoWindowTests",
            dependencies: ["TodoWindow", "TodoViewModel", "TodoListing", "TodoStore", "TodoCore", "TodoZones", "TodoConfig", "TodoSync", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoLinuxTests",
            dependencies: ["TodoLinux", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoDaemonTests",
            dependencies: [
                "TodoDaemon", "TodoCore", "TodoZones", "TodoConfig", "TodoStore", "TodoNotify", "TodoRecurrence", "TodoSync", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            // The executables are dependencies so `swift test` builds them first.
            dependencies: ["todo-remind", "todo-remind-notifier", "TodoCore", "TodoExchange", "TestSupport"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
