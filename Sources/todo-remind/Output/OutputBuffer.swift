import Foundation

/// Collects output and writes it to stdout in large blocks.
///
/// `print` takes a lock and makes a write per line; 100,000 rows would spend
/// more time there than in the store.
struct OutputBuffer {
    private var text = ""

    mutating func line(_ line: String = "") {
        text += line
        text += "\n"
        if text.utf8.count >= 1 << 16 { flush() }
    }

    mutating func append(_ fragment: String) {
        text += fragment
        if text.utf8.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
        text = ""
    }
}
