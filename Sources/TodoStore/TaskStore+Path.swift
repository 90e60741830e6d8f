import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TaskStore {
    /// Where the store lives: the first of `--store`, `TODO_REMIND_STORE`,
    /// `$XDG_DATA_HOME/todo-remind/tasks.sqlite` and
    /// `$HOME/.local/share/todo-remind/tasks.sqlite`.
    ///
    /// Empty values count as unset, and so does a relative `XDG_DATA_HOME`,
    /// as the XDG Base Directory specification asks. Without `HOME`, the home
    /// folder comes from the password database.
    ///
    /// - Parameters:
    ///   - explicit: The path given with `--store`, if any.
    ///   - environment: The process environment, passed in so that the choice
    ///     can be tested.
    public static func resolvePath(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let store = environment["TODO_REMIND_STORE"], !store.isEmpty { return store }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? passwordDatabaseHome()
            dataHome = joined(home, ".local/share")
        }
        return joined(dataHome, "todo-remind/tasks.sqlite")
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
