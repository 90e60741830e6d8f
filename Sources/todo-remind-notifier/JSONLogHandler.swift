import FoundationEssentials
import Glibc
import Logging
import TodoCore
import TodoLinux

/// Log lines for programs (`daemon --log-format json`): one JSON object a
/// line, `{"time":1781506800.003412,"level":"info","message":"…","metadata":{…}}`.
///
/// Metadata keeps its shape: arrays and dictionaries stay JSON arrays and
/// objects, and integers, floating-point numbers and booleans given as
/// `.stringConvertible` are written as JSON numbers and booleans, so a reader
/// gets `"lateness_ms":0.412` rather than a string to parse again.
struct JSONLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let time = String(cFormat: "%lld.%06ld", Int64(now.tv_sec), now.tv_nsec / 1000)
        let merged = metadata.merging(event.metadata ?? [:]) { _, event in event }
        let line = "{\"time\":\(time),\"level\":\(Self.string("\(event.level)"))"
            + ",\"message\":\(Self.string(event.message.description)),\"metadata\":\(Self.object(merged))}\n"
        // One write a line: lines from the delivery threads do not interleave.
        StandardStream.error.write(line)
    }

    private static func object(_ metadata: Logger.Metadata) -> String {
        let members = metadata.keys.sorted().compactMap { key in
            metadata[key].map { string(key) + ":" + value($0) }
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func value(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text):
            return string(text)
        case .stringConvertible(let convertible):
            switch convertible {
            case let flag as Bool: return flag ? "true" : "false"
            case let number as Double where number.isFinite: return "\(number)"
            case is Int, is Int64, is Int32, is UInt32, is UInt64: return convertible.description
            default: return string(convertible.description)
            }
        case .array(let values):
            return "[" + values.map(Self.value).joined(separator: ",") + "]"
        case .dictionary(let metadata):
            return object(metadata)
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259).
    private static func string(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                escaped += String(cFormat: "\\u%04x", scalar.value)
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
