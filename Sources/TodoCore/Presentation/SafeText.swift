extension String {
    /// The text with control characters and the invisible characters that
    /// reorder or hide text made visible ("\n", "\e", "\u{202E}"), so a
    /// title can never move the cursor, clear the screen, forge a line, or
    /// turn the rest of a row around.
    ///
    /// The one rule for every text a person reads that came from outside:
    /// `list` and `show`, the view, an error quoting what was typed, the
    /// daemon's log and a bubble's summary.
    public var safeForTerminal: String {
        // Bytes first: a control is a byte below 0x20, DEL, or (C1) a scalar
        // whose UTF-8 starts 0xC2; the hidden ones start 0xD8 (U+061C), 0xE2
        // (U+2000–U+2FFF) or 0xEF (U+FEFF). Most text has none, and is
        // returned as is.
        guard anyByte(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 || $0 == 0xEF }),
              unicodeScalars.contains(where: { $0.isControl || $0.isHiddenFormat })
        else { return self }
        var result = ""
        for scalar in unicodeScalars {
            guard scalar.isControl || scalar.isHiddenFormat else {
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

    /// The invisible format characters that reorder the text after them or
    /// hide between letters: the bidi embeddings, overrides, isolates and
    /// marks (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the
    /// zero-width space and word joiner (U+200B, U+2060) and the byte order
    /// mark (U+FEFF). The zero-width joiner and non-joiner (U+200C, U+200D)
    /// are left alone: emoji sequences and Persian or Indic spelling need them,
    /// and they reorder nothing.
    public var isHiddenFormat: Bool {
        switch value {
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}
