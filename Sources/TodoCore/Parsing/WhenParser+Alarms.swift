import FoundationEssentials

extension WhenParser {
    /// The alarms of a `--remind` value: comma-separated, each a length
    /// before (or, with `+`, after) the due (`-15m`, `-1h30m`, `-1d`; `0`
    /// for at the due), which follows each occurrence of a repeating task;
    /// `start`, or a length from the start (`-1d@start`, `+2h@start`),
    /// which fires while the task still waits to start; or a moment
    /// (`2026-12-01 08:30`, `tomorrow 9:00`), which falls once.
    public func alarms(from text: String) throws(AlarmError) -> [TaskAlarm] {
        let parts = text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
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
        let lowered = part.lowercased()
        if lowered == "start" || lowered == "@start" { return .relativeToStart(seconds: 0) }
        if lowered.hasSuffix("@start") {
            return .relativeToStart(seconds: try offset(String(part.dropLast("@start".count)), of: part))
        }
        if lowered.hasSuffix("@due") {
            return .relative(seconds: try offset(String(part.dropLast("@due".count)), of: part))
        }
        if let sign = part.first, sign == "-" || sign == "+" || part == "0" {
            return .relative(seconds: try offset(part, of: part))
        }
        do {
            return .absolute(try instant(from: part))
        } catch {
            throw .unreadable(part)
        }
    }

    /// The seconds of a signed length (`-15m`, `+2h`, `0`) in the alarm `part`.
    private func offset(_ text: String, of part: String) throws(AlarmError) -> Int {
        if text == "0" || text == "-0" || text == "+0" { return 0 }
        guard let sign = text.first, sign == "-" || sign == "+", let length = SnoozeLength(String(text.dropFirst())) else {
            throw .unreadable(part)
        }
        guard let seconds = length.seconds, seconds <= Self.farthestAlarm else { throw .tooFar(part) }
        return sign == "-" ? -seconds : seconds
    }
}
