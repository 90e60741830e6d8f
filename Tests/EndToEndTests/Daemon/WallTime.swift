import Foundation

/// Instants in the time zone every end-to-end run uses (`TZ=Europe/Berlin`,
/// see `CLI`): due times a few seconds ahead, and times of day.
///
/// WHEN has no "in 3 seconds", so a due time a few seconds ahead is written
/// as an exact instant, `2026-11-21T11:11:14+01:00`.
enum WallTime {
    static let timeZone = TimeZone(identifier: "Europe/Berlin") ?? .current

    /// The whole second at least `seconds` ahead of now.
    static func secondsAhead(_ seconds: Int, from now: Date = Date()) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + Double(seconds)).rounded(.up))
    }

    /// `2026-11-21T11:11:14+01:00`: an exact instant for `--due`.
    static func iso(_ instant: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: instant)
    }

    /// `11:11`: how the daemon's notifications write a time of day.
    static func hourAndMinute(_ instant: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The local time of day of `instant` in seconds, as a wall clock reads it.
    static func secondsOfDay(_ instant: Date) -> TimeInterval {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
        let whole = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        let fraction = instant.timeIntervalSince1970 - instant.timeIntervalSince1970.rounded(.down)
        return Double(whole) + fraction
    }

    /// Sleeps until `instant` has passed.
    static func sleep(until instant: Date) {
        let wait = instant.timeIntervalSinceNow
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }()
}
