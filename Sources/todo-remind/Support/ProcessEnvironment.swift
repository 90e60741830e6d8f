import FoundationEssentials

/// The process's environment, read once.
///
/// `ProcessInfo.environment` builds a new dictionary of every variable at
/// each call, and a command asks for it in several places (whether it runs
/// on a terminal, the zone, the store, the config, the width of `list`);
/// nothing in a command changes the environment while it runs.
enum ProcessEnvironment {
    static let values = ProcessInfo.processInfo.environment
}
