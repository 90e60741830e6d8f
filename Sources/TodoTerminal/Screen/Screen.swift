import TodoCore
import TodoListing
import TodoViewModel

/// What is on the terminal, as cells: the interactive view draws into one
/// of these, and the ncurses shell copies it to the terminal. Tests read it
/// as text, without a terminal.
///
/// Widths are those `list` measures (`String.terminalWidth`, the C
/// library's `wcwidth` of each scalar): a wide character takes two cells,
/// a combining accent none, so the view lines up as `list` does.
public struct Screen: Hashable, Sendable {
    public let width: Int
    public let height: Int
    private var cells: [Cell]
    /// Where the terminal's cursor goes (a field being typed in); nil hides it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorRow.map { ($0, cursorColumn) } }
        set {
            cursorRow = newValue?.row
            cursorColumn = newValue?.column ?? 0
        }
    }
    private var cursorRow: Int?
    private var cursorColumn = 0

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Writes `text` from `column` of `row`, at most `limit` columns wide
    /// (to the edge of the screen by default), and returns the column after
    /// it. Controls are shown escaped (`safeForTerminal`); a wide character
    /// that would straddle the limit is left out and its column padded, so
    /// nothing ever spills into the next cell's owner.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain, limit: Int? = nil) -> Int {
        guard row >= 0, row < height, column < width else { return column }
        let end = min(width, limit.map { column + max(0, $0) } ?? width)
        var at = max(0, column)
        // Scalar by scalar, as a terminal places them: each with a width
        // takes that many cells, and one of width 0 (a combining accent, a
        // joiner) goes with the cell before it.
        for scalar in text.safeForTerminal.unicodeScalars {
            let columns = Self.width(of: scalar)
            if columns == 0 {
                guard at > max(0, column) else { continue }
                let base = self[row, at - 1].isContinuation && at >= 2 ? at - 2 : at - 1
                self[row, base].text.unicodeScalars.append(scalar)
                continue
            }
            guard at + columns <= end else {
                while at < end {
                    self[row, at] = Cell(" ", style: style)
                    at += 1
                }
                return at
            }
            clearWide(row: row, column: at, columns: columns)
            self[row, at] = Cell(String(scalar), style: style)
            if columns == 2 { self[row, at + 1] = Cell("", style: style) }
            at += columns
        }
        return at
    }

    /// Fills `columns` cells of `row` from `column` with spaces in `style`.
    public mutating func fill(row: Int, column: Int, columns: Int, style: CellStyle = .plain) {
        guard row >= 0, row < height else { return }
        let start = max(0, column)
        let end = min(width, column + columns)
        guard start < end else { return }
        clearWide(row: row, column: start, columns: end - start)
        for at in start..<end { self[row, at] = Cell(" ", style: style) }
    }

    /// Sets the style of every cell of `row` from `column` on, keeping their text.
    public mutating func restyle(row: Int, from column: Int = 0, to end: Int? = nil, _ change: (inout CellStyle) -> Void) {
        guard row >= 0, row < height else { return }
        for at in max(0, column)..<min(width, end ?? width) {
            change(&cells[row * width + at].style)
        }
    }

    /// Before a cell is overwritten: the other half of a wide character it
    /// was part of becomes a space, so no half-character stays on screen.
    private mutating func clearWide(row: Int, column: Int, columns: Int) {
        if column > 0, column < width, self[row, column].isContinuation {
            self[row, column - 1] = Cell(" ", style: self[row, column - 1].style)
        }
        let after = column + columns
        if after < width, self[row, after].isContinuation {
            self[row, after] = Cell(" ", style: self[row, after].style)
        }
    }

    /// The columns a scalar takes, as `list` measures it (`terminalWidth`).
    public static func width(of scalar: Unicode.Scalar) -> Int {
        // Below U+0300 every scalar takes one column (controls are escaped).
        scalar.value < 0x300 ? 1 : min(2, String(scalar).terminalWidth)
    }

    /// The columns `text` takes once put on the screen.
    public static func width(of text: String) -> Int {
        text.safeForTerminal.terminalWidth
    }

    /// Line `row` as text, trailing spaces dropped: what tests read.
    public func text(ofRow row: Int) -> String {
        var line = ""
        for column in 0..<width {
            line += self[row, column].text
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every line as text, one a line.
    public var text: String {
        (0..<height).map(text(ofRow:)).joined(separator: "\n")
    }

    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells
            && lhs.cursorRow == rhs.cursorRow && lhs.cursorColumn == rhs.cursorColumn
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(cells)
    }
}
