#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A base directory of the XDG Base Directory specification: where
/// todo-remind keeps a file nobody named. The store and the config file are
/// found by this one reading of `XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `HOME`
/// and the password database.
enum BaseDirectory {
    /// `$XDG_DATA_HOME`, else `~/.local/share`: the store.
    case data
    /// `$XDG_CONFIG_HOME`, else `~/.config`: the config file.
    case config

    /// `name` in todo-remind's folder of this base directory:
    /// `$XDG_DATA_HOME/todo-remind/tasks.sqlite`.
    ///
    /// Empty values count as unset, and so does a relative `XDG_…_HOME`, as
    /// the specification asks. Without `HOME`, the home folder comes from the
    /// password database.
    ///
    /// - Parameter environment: the process environment, passed in so that
    ///   the choice can be tested.
    func file(_ name: String, environment: [String: String]) -> String {
        let base: String
        if let named = environment[variable], named.hasPrefix("/") {
            base = named
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwordDatabaseHome()
            base = Self.joined(home, underHome)
        }
        return Self.joined(base, "todo-remind/" + name)
    }

    private var variable: String {
        switch self {
        case .data: "XDG_DATA_HOME"
        case .config: "XDG_CONFIG_HOME"
        }
    }

    /// Where the specification puts it when the variable is unset.
    private var underHome: String {
        switch self {
        case .data: ".local/share"
        case .config: ".config"
        }
    }

    /// `folder/name` without a doubled slash when `folder` ends in one.
    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The current user's home folder from the password database (`getpwuid_r`),
    /// or "/" when the user has no entry.
    private static func passwordDatabaseHome() -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        // The entry's strings point into the buffer: read them while it is pinned.
        return buffer.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                  getpwuid_r(getuid(), &entry, base, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir else { return "/" }
            return String(cString: directory)
        }
    }
}
