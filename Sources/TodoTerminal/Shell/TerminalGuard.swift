import CNcurses
import Glibc
import TodoViewModel

/// Puts the terminal back as it was if the process dies without `endwin`
/// (a crash: a trap, a fault, an abort): the modes it had, the cursor, the
/// main screen, mouse reporting off.
///
/// A signal handler may call only async-signal-safe functions: `tcsetattr`
/// and `write` are, so everything it needs (the modes, the bytes) is saved
/// beforehand in memory of its own, never freed.
enum TerminalGuard {
    private nonisolated(unsafe) static var modes = termios()
    private nonisolated(unsafe) static var hasModes = false
    private nonisolated(unsafe) static let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    private nonisolated(unsafe) static var byteCount = 0
    private static let capacity = 256
    private static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// Saves the terminal's modes before ncurses changes them.
    static func saveModes() {
        hasModes = tcgetattr(STDIN_FILENO, &modes) == 0
    }

    /// Saves what undoes ncurses's setup (once it has read the terminal's
    /// capabilities) and installs the handlers.
    static func install() {
        var sequence: [UInt8] = []
        for capability in ["rmcup", "cnorm", "rmkx", "sgr0"] {
            if let value = tigetstr(capability), Int(bitPattern: value) != -1 {
                sequence += Array(String(cString: value).utf8)
            }
        }
        // Mouse reporting off, in every mode ncurses may have asked for.
        sequence += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8)
        byteCount = min(sequence.count, capacity)
        bytes.update(from: sequence, count: byteCount)
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                TerminalGuard.restore()
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// Gives the default handlers back once the terminal is restored.
    static func uninstall() {
        for signal in fatalSignals { Glibc.signal(signal, SIG_DFL) }
    }

    /// Restores the modes and writes the saved bytes; async-signal-safe.
    static func restore() {
        if hasModes { _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes) }
        _ = write(STDOUT_FILENO, bytes, byteCount)
    }
}
