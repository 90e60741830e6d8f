import ArgumentParser

/// The options every command takes: which store, which config, whether to colour.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The task store to use.", valueName: "path"))
    var store: String?

    @Option(name: .long, help: ArgumentHelp("The config file to read.", valueName: "path"))
    var config: String?

    @Option(name: .long, help: "Colour the output: auto, always or never.")
    var color: ColorMode = .auto
}

/// When to write ANSI colours.
enum ColorMode: String, ExpressibleByArgument, CaseIterable {
    case auto
    case always
    case never
}
