import CNcurses
import Glibc
import TodoViewModel

/// The terminal, through ncurses: the alternate screen in cbreak mode
/// (Ctrl-C, Ctrl-Z and the window's size come as signals), keys and mouse
/// read without waiting, and a `Screen` copied onto it. ncurses sends only
/// the cells that changed.
///
/// One per process, on the loop's thread. `end()` restores the terminal
/// exactly as it was (modes, cursor, main screen); so does a crash
/// (`TerminalGuard`).
final class Terminal {
    private(set) var width: Int
    private(set) var height: Int
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let colors: Bool
    private var ended = false

    /// The colour pair of each colour.
    private static let pairs: [CellStyle.Color: Int16] = [.red: 1, .orange: 2, .green: 3, .blue: 4]

    /// Starts ncurses on stdin and stdout (`newterm`): the alternate screen,
    /// no echo, keys one at a time, no cursor.
    init(colors: Bool) throws {
        // Wide characters need a UTF-8 character set.
        if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        TerminalGuard.saveModes()
        guard let screen = todo_newterm(), let window = todo_stdscr() else {
            throw TerminalError.cannotStart(term: getenv("TERM").map { String(cString: $0) } ?? "")
        }
        self.screen = screen
        self.window = window
        TerminalGuard.install()
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        intrflush(window, false)
        // An Esc alone is told from the start of an arrow's sequence after this long.
        set_escdelay(25)
        curs_set(0)
        mousemask(TODO_BUTTON1_PRESSED | TODO_BUTTON1_CLICKED | TODO_BUTTON4_PRESSED | TODO_BUTTON5_PRESSED, nil)
        mouseinterval(0)
        self.colors = colors && has_colors()
        if self.colors {
            start_color()
            // The terminal's own colours: light and dark themes both read well.
            use_default_colors()
            init_pair(1, Int16(COLOR_RED), -1)
            init_pair(2, todo_colors() >= 256 ? 208 : Int16(COLOR_YELLOW), -1)
            init_pair(3, Int16(COLOR_GREEN), -1)
            init_pair(4, Int16(COLOR_BLUE), -1)
        }
        width = Int(todo_cols())
        height = Int(todo_lines())
    }

    deinit {
        end()
    }

    /// Restores the terminal: its modes, the cursor, the main screen
    /// (`endwin`). Safe to call twice.
    func end() {
        guard !ended else { return }
        ended = true
        endwin()
        delscreen(screen)
        TerminalGuard.uninstall()
    }

    /// The window's size changed (SIGWINCH): ncurses takes the new one.
    func resize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard todo_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 else { return }
        resizeterm(rows, columns)
        width = Int(columns)
        height = Int(rows)
        redrawAll()
    }

    /// The next draw repaints every cell, whatever ncurses thinks is there.
    func redrawAll() {
        clearok(todo_curscr(), true)
    }

    /// Ctrl-Z: the terminal as it was, the process stopped as Ctrl-Z stops
    /// any program, until `fg`; then the view again, repainted.
    func suspend() {
        endwin()
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        // ncurses may have put a handler of its own there.
        signal(SIGTSTP, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)
        // Continued (fg): SIGTSTP goes back to the loop.
        pthread_sigmask(SIG_BLOCK, &set, nil)
        resize()
    }

    /// Copies `screen` onto the terminal; ncurses sends what changed.
    func draw(_ screen: Screen) {
        var buffer: [wchar_t] = []
        buffer.reserveCapacity(screen.width * 2)
        for row in 0..<min(screen.height, height) {
            var column = 0
            while column < min(screen.width, width) {
                let style = screen[row, column].style
                let start = column
                buffer.removeAll(keepingCapacity: true)
                while column < min(screen.width, width), screen[row, column].style == style {
                    let cell = screen[row, column]
                    if !cell.isContinuation {
                        for scalar in cell.text.unicodeScalars { buffer.append(wchar_t(bitPattern: scalar.value)) }
                    }
                    column += 1
                }
                todo_attr_set(window, attributes(of: style), pair(of: style))
                wmove(window, Int32(row), Int32(start))
                _ = buffer.withUnsafeBufferPointer { waddnwstr(window, $0.baseAddress, Int32($0.count)) }
            }
        }
        todo_attr_set(window, TODO_A_NORMAL, 0)
        if let cursor = screen.cursor {
            curs_set(1)
            wmove(window, Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        wnoutrefresh(window)
        doupdate()
    }

    private func attributes(of style: CellStyle) -> attr_t {
        var attributes = TODO_A_NORMAL
        if style.bold { attributes |= TODO_A_BOLD }
        if style.dim { attributes |= TODO_A_DIM }
        if style.reverse { attributes |= TODO_A_REVERSE }
        if style.underline { attributes |= TODO_A_UNDERLINE }
        return attributes
    }

    private func pair(of style: CellStyle) -> Int16 {
        colors ? Self.pairs[style.color] ?? 0 : 0
    }

    /// Whether the terminal hung up (its window closed, its connection
    /// lost): its input reports the end (`POLLHUP`) and no key will come.
    var isHungUp: Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&input, 1, 0) > 0 && input.revents & Int16(POLLHUP) != 0
    }

    /// Every key waiting, read without blocking (`wget_wch`).
    func readKeys() -> [Key] {
        var keys: [Key] = []
        var code: wint_t = 0
        while true {
            let status = wget_wch(window, &code)
            if status == ERR { break }
            let key = status == KEY_CODE_YES ? Self.key(forCode: Int32(bitPattern: code)) : Self.key(forCharacter: code)
            if let key { keys.append(key) }
        }
        return keys
    }

    private static func key(forCharacter code: wint_t) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 96)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(code)), code >= 32 else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func key(forCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_BTAB: .backTab
        case KEY_MOUSE: mouseKey()
        default: nil
        }
    }

    private static func mouseKey() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        if event.bstate & (TODO_BUTTON1_PRESSED | TODO_BUTTON1_CLICKED) != 0 {
            return .click(row: Int(event.y), column: Int(event.x))
        }
        if event.bstate & TODO_BUTTON4_PRESSED != 0 { return .wheel(-3) }
        if event.bstate & TODO_BUTTON5_PRESSED != 0 { return .wheel(3) }
        return nil
    }
}
