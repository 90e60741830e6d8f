extension String {
    /// The string cut or filled with spaces to `length` UTF-16 code units,
    /// as Foundation's `padding(toLength:withPad: " ", startingAt: 0)` did
    /// (it counts UTF-16, so "é" is one and an emoji two).
    public func padded(toLength length: Int) -> String {
        let count = utf16.count
        if count == length { return self }
        if count < length { return self + String(repeating: " ", count: length - count) }
        return String(decoding: Array(utf16.prefix(length)), as: UTF16.self)
    }
}
