import FoundationEssentials
import TodoCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard let bytes = Self.contents(ofFile: path) else {
            // Why not: a folder and a file kept from us each say so; nothing
            // there is the defaults, unless the user named the file.
            var status = stat()
            if stat(path, &status) == 0 {
                throw status.st_mode & S_IFMT == S_IFDIR ? .isFolder(path: path) : .unreadable(path: path)
            }
            if isExplicit { throw .missing(path: path) }
            return .defaults
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .notText(path: path)
        }
        var settings = try Self.settings(fromTOML: text, path: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        settings.calendars = settings.calendars.map { $0.resolved(from: folder) }
        return settings
    }

    /// Parses the text of a config file; `path` is only used in messages.
    public static func settings(fromTOML text: String, path: String) throws(ConfigError) -> Settings {
        let table: [String: TOMLValue]
        do {
            table = try TOMLParser.parse(text)
        } catch {
            throw .syntax(path: path, line: error.line, reason: error.reason)
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

    /// The bytes of the file at `path` (open(2), read(2)); nil when it cannot
    /// be opened or read, a folder among them.
    ///
    /// Read to the end, whatever size the file says it has: `--config
    /// /dev/null`, the usual way to ask for no config at all, is a
    /// character device of no size, which must read as an empty file.
    private static func contents(ofFile path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                return nil
            }
        }
    }
}
