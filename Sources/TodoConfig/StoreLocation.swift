/// Where the task store is: the first of `--store`, `TODO_REMIND_STORE`,
/// `$XDG_DATA_HOME/todo-remind/tasks.sqlite` and
/// `~/.local/share/todo-remind/tasks.sqlite` (`BaseDirectory.data`).
public struct StoreLocation: Hashable, Sendable {
    public let path: String
    /// Whether nobody named the store (neither `--store` nor
    /// `TODO_REMIND_STORE`): the CLI then creates it where the user did not ask.
    public let isDefault: Bool

    /// - Parameters:
    ///   - explicit: the path given with `--store`, if any; empty counts as none.
    ///   - environment: the process environment, passed in so that the choice
    ///     can be tested.
    public init(explicit: String?, environment: [String: String]) {
        if let explicit, !explicit.isEmpty {
            self.init(path: explicit, isDefault: false)
        } else if let named = environment["TODO_REMIND_STORE"], !named.isEmpty {
            self.init(path: named, isDefault: false)
        } else {
            self.init(path: BaseDirectory.data.file("tasks.sqlite", environment: environment), isDefault: true)
        }
    }

    private init(path: String, isDefault: Bool) {
        self.path = path
        self.isDefault = isDefault
    }
}
