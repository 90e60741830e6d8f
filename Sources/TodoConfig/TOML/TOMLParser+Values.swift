/// Values other than strings: booleans, numbers, dates and times, arrays
/// and inline tables.
extension TOMLParser {
    /// The value of `key` (for messages), nested `depth` arrays or inline tables deep.
    mutating func value(of key: [String], depth: Int) throws(TOMLError) -> TOMLValue {
        switch peek() {
        case UInt8(ascii: "\""):
            let opening = index
            let multiLine = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            index += multiLine ? 3 : 1
            return .string(try basicString(multiLine: multiLine, opening: opening))
        case UInt8(ascii: "'"):
            let opening = index
            let multiLine = peek(1) == UInt8(ascii: "'") && peek(2) == UInt8(ascii: "'")
            index += multiLine ? 3 : 1
            return .string(try literalString(multiLine: multiLine, opening: opening))
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < Self.depthLimit else {
                throw failure("arrays and inline tables are nested more than \(Self.depthLimit) deep")
            }
            return peek() == UInt8(ascii: "[") ? try array(of: key, depth: depth + 1) : try inlineTable(depth: depth + 1)
        case let byte? where Self.isTokenByte(byte):
            return try scalar(of: key)
        default:
            throw failure("expected a value for “\(TOMLError.written(key))”, found \(found())")
        }
    }

    /// `[ value, value, ]`, over as many lines as it likes.
    private mutating func array(of key: [String], depth: Int) throws(TOMLError) -> TOMLValue {
        let opening = index
        index += 1
        var elements: [TOMLValue] = []
        while true {
            try skipBlank()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            guard peek() != nil else { throw failure("the array opened here is never closed with “]”", at: opening) }
            elements.append(try value(of: key, depth: depth))
            try skipBlank()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            case nil:
                throw failure("the array opened here is never closed with “]”", at: opening)
            default:
                throw failure("expected “,” or “]” after an element of the array “\(TOMLError.written(key))”, found \(found())")
            }
        }
    }

    /// `{ key = value, key = value }`, on one line (but for values that
    /// span lines), complete as written.
    private mutating func inlineTable(depth: Int) throws(TOMLError) -> TOMLValue {
        index += 1
        // The table's dotted keys may add to the tables they make: a scope
        // of its own, which nested inline tables leave as they found it.
        let outer = scope
        defer { scope = outer }
        scope += 1
        let table = TOMLDraftTable(origin: .header)
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .table([:])
        }
        while true {
            _ = try keyValue(into: table, depth: depth)
            skipSpaces()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipSpaces()
                if peek() == UInt8(ascii: "}") { throw failure("an inline table may not end with a comma") }
            case UInt8(ascii: "}"):
                index += 1
                return .table(table.value)
            case nil, UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw failure("an inline table must be closed with “}” on the line where it opens")
            default:
                throw failure("expected “,” or “}” in the inline table, found \(found())")
            }
        }
    }

    /// A boolean, a number, a date or a time: a run of token bytes.
    private mutating func scalar(of key: [String]) throws(TOMLError) -> TOMLValue {
        let start = index
        if Self.isDigit(peek()), Self.isDigit(peek(1)) {
            if Self.isDigit(peek(2)), Self.isDigit(peek(3)), peek(4) == UInt8(ascii: "-") { return try dateTime(from: start) }
            if peek(2) == UInt8(ascii: ":") { return try localTime(from: start) }
        }
        while let byte = peek(), Self.isTokenByte(byte) { index += 1 }
        let token = bytes[start..<index]
        if token.elementsEqual("true".utf8) { return .boolean(true) }
        if token.elementsEqual("false".utf8) { return .boolean(false) }
        if let number = try number(token, at: start) { return number }
        let text = String(decoding: token, as: UTF8.self)
        if let first = token.first, Self.isDigit(first) || "+-.".utf8.contains(first), !text.contains(":") {
            throw failure("“\(text)” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf", at: start)
        }
        throw failure("“\(text)” is not a value TOML reads: text goes in quotes, such as \"\(text)\"", at: start)
    }

    /// An integer (decimal, or 0x, 0o, 0b) or a float (with a fraction, an
    /// exponent or both, or inf or nan), underscores between digits; nil for
    /// any other token.
    private func number(_ token: ArraySlice<UInt8>, at start: Int) throws(TOMLError) -> TOMLValue? {
        var rest = token
        let signed = rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-")
        let negative = rest.first == UInt8(ascii: "-")
        if signed { rest = rest.dropFirst() }
        if rest.elementsEqual("inf".utf8) { return .float(negative ? -.infinity : .infinity) }
        if rest.elementsEqual("nan".utf8) { return .float(negative ? -.nan : .nan) }
        if !signed, rest.count > 2, rest.first == UInt8(ascii: "0") {
            let radix = switch rest[rest.startIndex + 1] {
            case UInt8(ascii: "x"): 16
            case UInt8(ascii: "o"): 8
            case UInt8(ascii: "b"): 2
            default: 0
            }
            if radix > 0 {
                let digits = rest.dropFirst(2)
                guard Self.isDigitRun(digits, radix: radix) else { return nil }
                return try integer(digits, radix: radix, negative: false, token: token, at: start)
            }
        }
        let isMark = { (byte: UInt8) in byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") }
        let whole = rest.prefix { !isMark($0) }
        // No leading zero: 0 alone, or 0.5, but not 07.
        guard Self.isDigitRun(whole, radix: 10), whole.count == 1 || whole.first != UInt8(ascii: "0") else { return nil }
        var after = rest[whole.endIndex...]
        var isFloat = false
        if after.first == UInt8(ascii: ".") {
            let fraction = after.dropFirst().prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            guard Self.isDigitRun(fraction, radix: 10) else { return nil }
            after = after[fraction.endIndex...]
            isFloat = true
        }
        if after.first == UInt8(ascii: "e") || after.first == UInt8(ascii: "E") {
            var exponent = after.dropFirst()
            if exponent.first == UInt8(ascii: "+") || exponent.first == UInt8(ascii: "-") { exponent = exponent.dropFirst() }
            // Leading zeros are allowed here: 1e06.
            guard Self.isDigitRun(exponent, radix: 10) else { return nil }
            after = after[after.endIndex...]
            isFloat = true
        }
        guard after.isEmpty else { return nil }
        guard isFloat else { return try integer(whole, radix: 10, negative: negative, token: token, at: start) }
        // The form is checked: what is left for Double is digits, a sign, a
        // point and an exponent, which it reads as strtod does (1e400 is inf).
        return Double(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)).map(TOMLValue.float)
    }

    /// The value of checked `digits`, refused when a 64-bit integer cannot hold it.
    private func integer(
        _ digits: ArraySlice<UInt8>, radix: Int, negative: Bool, token: ArraySlice<UInt8>, at start: Int
    ) throws(TOMLError) -> TOMLValue {
        let outOfRange = {
            failure("“\(String(decoding: token, as: UTF8.self))” is out of range: "
                + "TOML integers go from -9223372036854775808 to 9223372036854775807", at: start)
        }
        // Summed below zero, which reaches Int.min.
        var value = 0
        for byte in digits where byte != UInt8(ascii: "_") {
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: radix)
            let (next, overflowedAgain) = shifted.subtractingReportingOverflow(Int(Self.hexValue(byte) ?? 0))
            guard !overflowed, !overflowedAgain else { throw outOfRange() }
            value = next
        }
        if negative { return .integer(value) }
        guard value != .min else { throw outOfRange() }
        return .integer(-value)
    }

    /// Digits of `radix` with underscores, each between two digits.
    private static func isDigitRun(_ run: ArraySlice<UInt8>, radix: Int) -> Bool {
        let isDigit = { (byte: UInt8) in hexValue(byte).map { Int($0) < radix } ?? false }
        guard let first = run.first, let last = run.last, isDigit(first), isDigit(last) else { return false }
        var previous = first
        for byte in run.dropFirst() {
            guard isDigit(byte) || (byte == UInt8(ascii: "_") && previous != UInt8(ascii: "_")) else { return false }
            previous = byte
        }
        return true
    }

    // MARK: Dates and times

    /// `1979-05-27`, then maybe `T07:32:00` (or with a space, or `t`), with
    /// a fraction, then maybe `Z` or `-07:00`: RFC 3339, as TOML takes it.
    private mutating func dateTime(from start: Int) throws(TOMLError) -> TOMLValue {
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2),
              (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day)
        else { throw badDateTime(from: start) }
        let space = peek() == UInt8(ascii: " ") && Self.isDigit(peek(1)) && Self.isDigit(peek(2)) && peek(3) == UInt8(ascii: ":")
        guard space || peek() == UInt8(ascii: "T") || peek() == UInt8(ascii: "t") else {
            return .dateTime(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard timeOfDay() else { throw badDateTime(from: start) }
        switch peek() {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            index += 1
            guard let hours = digits(2), take(":"), let minutes = digits(2), hours <= 23, minutes <= 59 else {
                throw badDateTime(from: start)
            }
        default:
            break
        }
        return .dateTime(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// `07:32:00`, maybe with a fraction: a local time.
    private mutating func localTime(from start: Int) throws(TOMLError) -> TOMLValue {
        guard timeOfDay() else { throw badDateTime(from: start) }
        return .dateTime(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// `hh:mm:ss` and a fraction if there is one; the seconds are required
    /// in TOML 1.0, and a leap second is refused, as Python's tomllib does.
    private mutating func timeOfDay() -> Bool {
        guard let hours = digits(2), take(":"), let minutes = digits(2), take(":"), let seconds = digits(2),
              hours <= 23, minutes <= 59, seconds <= 59
        else { return false }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard Self.isDigit(peek()) else { return false }
            while Self.isDigit(peek()) { index += 1 }
        }
        return true
    }

    private func badDateTime(from start: Int) -> TOMLError {
        var end = index
        while end < bytes.count, Self.isTokenByte(bytes[end]) { end += 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return failure("“\(text)” is not a date or time TOML reads, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z: "
            + "text goes in quotes", at: start)
    }

    /// The number `count` decimal digits make, consumed; nil (nothing consumed) if they are not there.
    private mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for offset in 0..<count {
            guard let byte = peek(offset), Self.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Consumes `character` if it is next.
    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// A byte of a boolean, number, date or time, or of a bare word
    /// mistaken for one: what is shown of it in a message.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }
}
