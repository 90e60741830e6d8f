// swift-tools-version: 6.0
import PackageDescription

#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif

/// Where Debian keeps the headers of libnotify and the GLib it builds on
/// (`pkg-config --cflags libnotify`). Named here rather than through
/// pkg-config, which would also link the libraries into every command: they
/// are loaded only by what notifies (the daemon, `status`, `notify-test`;
/// see LibNotifyLoader).
let libnotifyIncludes = [
    "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include", "/usr/include/gdk-pixbuf-2.0",
]

/// Settings every target shares: Swift 6 language mode (strict concurrency),
/// `any` spelled out on every existential, and the headers behind CLibNotify
/// (any module that sees TodoNotify reads them).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .unsafeFlags(libnotifyIncludes.flatMap { ["-Xcc", "-I\($0)"] }),
]

let package = Package(
    name: "todo-remind",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "todo-remind", targets: ["todo-remind"]),
        .library(name: "TodoCore", targets: ["TodoCore"]),
        .library(name: "TodoStore", targets: ["TodoStore"]),
        .library(name: "TodoConfig", targets: ["TodoConfig"]),
        .library(name: "TodoNotify", targets: ["TodoNotify"]),
        .library(name: "TodoDaemon", targets: ["TodoDaemon"]),
        .library(name: "TodoRecurrence", targets: ["TodoRecurrence"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        .target(
            name: "TodoCore",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TodoStore",
            dependencies: [
                "TodoCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TodoConfig",
            dependencies: [
                "TodoCore",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: swiftSettings
        ),
        // libnotify's headers (from Debian's libnotify-dev); its functions
        // are called through LibNotifyLoader.
        .systemLibrary(name: "CLibNotify"),
        .target(
            name: "LibNotifyLoader",
            dependencies: ["CLibNotify"],
            cSettings: [.unsafeFlags(libnotifyIncludes.map { "-I\($0)" })],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .systemLibrary(name: "CLinux"),
        // libical 3 (Debian's libical-dev), found through pkg-config like any
        // system library: RRULE expansion, later iCalendar parsing.
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        // Recurrence is a target of its own rather than part of TodoCore: it
        // is as pure as the core (no I/O, libical only computes), but keeping
        // it apart means only what repeats tasks links libical, and the core
        // keeps depending on nothing but Foundation.
        .target(
            name: "TodoRecurrence",
            dependencies: ["TodoCore", "CLibical"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TodoNotify",
            dependencies: ["CLibNotify", "LibNotifyLoader", "TodoCore"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TodoDaemon",
            dependencies: [
                "CLinux",
                "TodoCore",
                "TodoConfig",
                "TodoStore",
                "TodoNotify",
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
                "TodoDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoCoreTests",
            dependencies: ["TodoCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoRecurrenceTests",
            dependencies: ["TodoRecurrence", "TodoCore"],
            // The fixtures are read from the source tree by the tests (see
            // RecurrenceFixture), not bundled.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoStoreTests",
            dependencies: ["TodoStore", "TodoCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoConfigTests",
            dependencies: ["TodoConfig", "TodoCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoNotifyTests",
            dependencies: ["TodoNotify", "TodoCore"],
            swiftSettings: swiftSettings,
            // The tests call GLib and GIO themselves (a server of their own).
            linkerSettings: [.linkedLibrary("gio-2.0"), .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0")]
        ),
        .testTarget(
            name: "TodoDaemonTests",
            dependencies: [
                "TodoDaemon", "TodoCore", "TodoStore", "TodoNotify",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            // The executable is a dependency so `swift test` builds it first.
            dependencies: ["todo-remind", "TodoCore"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
