import Foundation
import TOMLKit
import TodoCore

/// The TOML config file: where it is, and the settings it holds.
///
/// Every key is optional; an unknown key or a bad value is an error naming the
/// file, the key and what is allowed, so a typo never passes unnoticed.
public struct ConfigFile: Sendable {
    public let path: String
    /// Whether the user named the file (`--config`, `TODO_REMIND_CONFIG`): a
    /// missing named file is an error, a missing default one means defaults.
    public let isExplicit: Bool

    public init(path: String, isExplicit: Bool) {
        self.path = path
        self.isExplicit = isExplicit
    }

    /// `--config` > `TODO_REMIND_CONFIG` > `$XDG_CONFIG_HOME/todo-remind/config.toml`
    /// > `~/.config/todo-remind/config.toml` (`BaseDirectory.config`).
    public static func resolve(explicit: String?, environment: [String: String]) -> ConfigFile {
        if let explicit, !explicit.isEmpty {
            return ConfigFile(path: explicit, isExplicit: true)
        }
        if let named = environment["TODO_REMIND_CONFIG"], !named.isEmpty {
            return ConfigFile(path: named, isExplicit: true)
        }
        return ConfigFile(path: BaseDirectory.config.file("config.toml", environment: environment), isExplicit: false)
    }

    /// Whether the file is there to be read.
    public var exists: Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Reads the settings, or the defaults when a default-path file is absent.
    /// A relative `[[calendar]]` path is read from the file's folder.
    public func load() throws(ConfigError) -> Settings {
        // Read through a file handle: `FileManager.contents(atPath:)` gives
        // nothing for a character device, and `--config /dev/null` is the
        // usual way to ask for no config at all.
        guard let data = FileHandle(forReadingAtPath: path).flatMap({ try? $0.readToEnd() ?? Data() }) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw isDirectory.boolValue ? .isFolder(path: path) : .unreadable(path: path)
            }
            if isExplicit { throw .missing(path: path) }
            return .defaults
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .notText(path: path)
        }
        var settings = try Self.settings(fromTOML: text, path: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        settings.calendars = settings.calendars.map { $0.resolved(from: folder) }
        return settings
    }

    /// Parses the text of a config file; `path` is only used in messages.
    public static func settings(fromTOML text: String, path: String) throws(ConfigError) -> Settings {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .syntax(path: path, line: error.source.begin.line, reason: error.description)
        } catch {
            throw .syntax(path: path, line: 0, reason: "\(error)")
        }
        var settings = Settings.defaults
        for key in table.keys.sorted() {
            guard let value = table[key], let setting = ConfigKey(rawValue: key) else {
                throw .unknownKey(path: path, key: key)
            }
            try setting.apply(value, to: &settings, path: path)
        }
        return settings
    }
}
