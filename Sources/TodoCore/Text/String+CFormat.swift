import Glibc

extension String {
    /// Text made by C's `printf` rules (vsnprintf), as Foundation's
    /// `String(format:)` made it for the plain conversions used here
    /// (`%02d`, `%06ld`, `%.1f`, `%04x`): numbers rounded and padded the
    /// same way.
    public init(cFormat format: String, _ arguments: any CVarArg...) {
        self = withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else { return Self.text(buffer, count: needed) }
            return withVaList(arguments) { again in
                var larger = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&larger, larger.count, format, again)
                return Self.text(larger, count: needed)
            }
        }
    }

    /// The first `count` bytes of `characters`, as UTF-8.
    private static func text(_ characters: [CChar], count: Int) -> String {
        String(decoding: characters.prefix(Swift.max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
