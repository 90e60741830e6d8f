import FoundationEssentials
import TodoCore
import TodoLinux

/// A warning on stderr: "Warning: …", one line, its text shown as `list`
/// shows text, since it may quote what came from outside (TZ, a file's name).
enum Warning {
    static func write(_ sentence: String) {
        StandardStream.error.write("Warning: \(sentence.safeForTerminal)\n")
    }
}
