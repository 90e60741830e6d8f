import ArgumentParser
import TodoConfig
import TodoCore
import TodoExchange
import TodoListing
import TodoRecurrence
import TodoStore
import TodoSync
import TodoTerminal
import TodoViewModel

/// The exit statuses the README documents, one per class of mistake, after
/// sysexits.h: a script can tell a typo from a missing task from a broken store.
enum ExitStatus {
    /// The command was understood but cannot be done: the task it names is
    /// unknown, ambiguous, or not in a state the command applies to.
    static let refused: Int32 = 1
    /// The command line cannot be read: an unknown command or option, a
    /// missing argument, or a value that is not one of its forms (a WHEN, a
    /// priority, a limit, a title). EX_USAGE.
    static let usage: Int32 = 64
    /// A file given to read holds what cannot be taken (`import`). EX_DATAERR.
    static let data: Int32 = 65
    /// A file given to read does not exist or cannot be read (`import`). EX_NOINPUT.
    static let noInput: Int32 = 66
    /// The store cannot be used: missing for a command that only reads, not a
    /// todo-remind store, not readable, or not writable for a command that writes. EX_IOERR.
    static let store: Int32 = 74
    /// The config file cannot be used. EX_CONFIG.
    static let config: Int32 = 78

    /// The status for an error a command threw; nil for ArgumentParser's own
    /// errors, which keep its statuses (64 for a malformed line, 0 for help).
    static func of(_ error: any Error) -> Int32? {
        switch error {
        case is CommandLineError, is WhenError, is SnoozeTimeError, is TaskFieldError, is QuietHoursError, is RepeatRuleError,
             is ConfiguredListsError, is AlarmError, is StartError, is TerminalError:
            return usage
        case is ResolveError, is SnoozeRefusal, is CompletionRefusal, is StateRefusal, is TagRefusal, is ParentRefusal, is UndoRefusal:
            return refused
        case let error as ImportError:
            if case .unreadable = error { return noInput }
            return data
        case is ImportReadError:
            return data
        case is StoreError:
            return store
        case is ConfigError:
            return config
        default:
            return nil
        }
    }
}
