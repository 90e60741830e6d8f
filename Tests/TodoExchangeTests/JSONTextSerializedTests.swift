import Foundation
import Testing
@testable import TodoExchange

/// A value of an unmapped Taskwarrior attribute written again
/// (`JSONText.serialized`) as `JSONSerialization` wrote it with
/// `.sortedKeys`: the `X-TASKWARRIOR-` properties keep their bytes.
@Suite("Writing a JSON value again")
struct JSONTextSerializedTests {
    @Test("Values are written as JSONSerialization wrote them", arguments: [
        #"{"b":1,"a":[1,2.5,-0,0.1,1e3,1.5e300,12345678901234567890,3.14159265358979,1e-7,1E+2,100000000000000000000000]}"#,
        #"[9007199254740993, -12, 0.30000000000000004, 5e-324, 1.0, 2.50, -0.0, 0.000001, 1e21, 1e20, 4.9, -1.5e-10]"#,
        #"{"s":"a/b \"q\" \\ \u0001 \u001f \u007f é 😀 \t\n\r\b\f \u2028","k":{"z":null,"y":true,"x":false},"e":{},"f":[]}"#,
        #"{"a":1,"a":2}"#, #"[1.5,"x"]"#, #""/""#, #"-1.5e-10"#, #"123456789012"#, #"18446744073709551616"#,
        #"-9223372036854775809"#, #"1.7976931348623157e308"#, #"true"#, #"null"#,
        #"{"a10":0,"a9":0,"A":0,"a":0,"é":0,"e":0,"_x":0,"10":0,"9":0,"a b":0,"ä":0,"a1":0,"a01":0}"#,
        #"[ { "nested" : [ { "deep" : "x/y" } ] } ]"#,
    ])
    func serialized(raw: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(raw.utf8), options: .fragmentsAllowed)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .sortedKeys])
        let json = JSONText(Array(raw.utf8))
        #expect(json.serialized(try json.value()) == String(decoding: data, as: UTF8.self))
    }

    @Test("Instants are read as ISO8601DateFormatter read them", arguments: [
        "2026-12-01T17:00:00+01:00", "2026-12-01T16:00:00Z", "2026-12-01T16:00:00.250Z", "2026-12-01T16:00:00.123456+05:30",
        "2026-12-01T16:00:00", "2026-12-01", "2026-12-01 16:00:00Z", "20261201T160000Z", "2026-12-01T16:00Z", "garbage",
        "2026-02-30T10:00:00Z", "2026-12-01T16:00:00+0100", "2026-12-01T16:00:00.5Z", "1969-12-31T23:59:59.999Z", "1900-01-01T00:00:00.001Z", "2026-12-01T16:00:00.0009Z",
    ])
    func instants(text: String) {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let theirs = plain.date(from: text) ?? fractional.date(from: text)
        let ours = ((try? Date.ISO8601FormatStyle().parse(text))
            ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))).map(ImportedTasks.wholeMilliseconds)
        #expect(ours?.timeIntervalSinceReferenceDate == theirs?.timeIntervalSinceReferenceDate)
    }
}
