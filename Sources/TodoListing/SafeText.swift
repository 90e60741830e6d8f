import CLinux
import Glibc

extension String {
    /// The text with control characters made visible ("\n", "\e", "\u{7}"), so
    /// a title can never move the cursor, clear the screen or forge a line.
    public var safeForTerminal: String {
        // Bytes first: a control is a byte below 0x20, DEL, or (C1) a scalar
        // whose UTF-8 starts 0xC2; most text has none, and is returned as is.
        guard anyByte(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
              unicodeScalars.contains(where: \.isControl)
        else { return self }
        var result = ""
        for scalar in unicodeScalars {
            guard scalar.isControl else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{1B}": result += "\\e"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }
}

extension String {
    /// The columns the text takes in a terminal: the C library's `wcwidth`
    /// of each scalar, so CJK and emoji take two columns and combining marks
    /// none, as the terminal draws them.
    ///
    /// Below U+0300, where the combining marks begin, every scalar takes one
    /// column (controls never reach a cell unescaped), so text made only of
    /// such scalars, "·" and "é" included, is measured by counting the bytes
    /// that start a scalar: a long list measures every cell.
    public var terminalWidth: Int {
        let counted = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var scalars = 0
            for byte in bytes {
                // 0xCC starts U+0300: from there on, count clusters.
                if byte >= 0xCC { return nil }
                if byte & 0xC0 != 0x80 { scalars += 1 }
            }
            return scalars
        }
        if let counted, let scalars = counted { return scalars }
        _ = Self.utf8Characters
        return unicodeScalars.reduce(0) { width, scalar in
            // -1: not printable in the table (unassigned); the terminal shows something one column wide.
            let columns = wcwidth(wchar_t(bitPattern: scalar.value))
            return width + (columns < 0 ? 1 : Int(columns))
        }
    }

    /// `wcwidth` answers from the character set of LC_CTYPE, which is "C"
    /// (ASCII only) until set: any UTF-8 locale has the same widths.
    private static let utf8Characters: Void = {
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "") }
    }()

    /// Whether a byte of the UTF-8 text satisfies `test`, scanning the
    /// string's own storage when it has some (native strings do), which is
    /// several times faster than stepping through `utf8`.
    public func anyByte(where test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: test) } ?? utf8.contains(where: test)
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls and DEL (general category Cc).
    public var isControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
