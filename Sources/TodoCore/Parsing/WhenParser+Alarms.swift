import Foundation

extension WhenParser {
    /// The alarms of a `--remind` value: comma-separated, each a length
    /// before (or, with `+`, after) the due (`-15m`, `-1h30m`, `-1d`; `0`
    /// for at the due), which follows each occurrence of a repeating task,
    /// or a moment (`2026-12-01 08:30`, `tomorrow 9:00`), which falls once.
    public func alarms(from text: String) throws(AlarmError) -> [TaskAlarm] {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { throw .empty }
        var alarms: [TaskAlarm] = []
        for part in parts {
            let alarm = try alarm(from: part)
            if !alarms.contains(alarm) { alarms.append(alarm) }
        }
        return alarms
    }

    /// How far from its due a relative alarm may be: a hundred years.
    static let farthestAlarm = 100 * 366 * 86_400

    private func alarm(from part: String) throws(AlarmError) -> TaskAlarm {
        if part == "0" || part == "-0" || part == "+0" { return .relative(seconds: 0) }
        if let sign = part.first, sign == "-" || sign == "+" {
            guard let length = SnoozeLength(String(part.dropFirst())) else { throw .unreadable(part) }
            guard let seconds = length.seconds, seconds <= Self.farthestAlarm else { throw .tooFar(part) }
            return .relative(seconds: sign == "-" ? -seconds : seconds)
        }
        do {
            return .absolute(try instant(from: part))
        } catch {
            throw .unreadable(part)
        }
    }
}
