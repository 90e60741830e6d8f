import Foundation
import TodoCore

/// A warning on stderr: "Warning: …", one line, its text shown as `list`
/// shows text, since it may quote what came from outside (TZ, a file's name).
enum Warning {
    static func write(_ sentence: String) {
        FileHandle.standardError.write(Data("Warning: \(sentence.safeForTerminal)\n".utf8))
    }
}
