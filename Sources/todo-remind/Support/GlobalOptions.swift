import ArgumentParser
import TodoListing

/// The options every command takes: which store, which config, whether to colour.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The task store to use.", valueName: "path"))
    var store: String?

    @Option(name: .long, help: ArgumentHelp("The config file to read.", valueName: "path"))
    var config: String?

    @Option(name: .long, help: "Colour the output: auto, always or never.")
    var color: ColorMode = .auto
}

extension GlobalOptions {
    /// The options above as typed (`--store`), each of which takes a value:
    /// what `CommandLineArguments` moves from before the command to after
    /// it. Read off the declarations, as ArgumentParser reads them (a
    /// mirror of a fresh value, whose property wrappers are `_store`…), and
    /// named as `.long` names them (`logFormat` is `--log-format`), so that
    /// an option added above needs no second list.
    static let names: Set<String> = Set(Mirror(reflecting: GlobalOptions()).children.compactMap { child in
        guard let label = child.label, label.hasPrefix("_") else { return nil }
        return "--" + label.dropFirst().reduce(into: "") { name, character in
            if character.isUppercase { name += "-" }
            name += character.lowercased()
        }
    })
}

extension ColorMode: ExpressibleByArgument {}
extension ListOrder: ExpressibleByArgument {}
