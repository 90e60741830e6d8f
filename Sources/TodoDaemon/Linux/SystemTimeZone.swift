import Foundation
import Glibc

/// The machine's time zone as it is now, read again at each call.
///
/// Foundation's `TimeZone.current` is read once and cached for the life of
/// the process, so a daemon that must follow the machine to another zone
/// (`timedatectl set-timezone` replacing `/etc/localtime`) asks here instead,
/// each time it plans. The sources, first usable one wins, as glibc reads them:
///
/// 1. the `TZ` environment variable (`:Europe/Berlin`, `Europe/Berlin`,
///    `:/usr/share/zoneinfo/Europe/Berlin`; set but empty is UTC);
/// 2. the target of the `/etc/localtime` symbolic link (`…/zoneinfo/NAME`);
/// 3. the first line of `/etc/timezone` (Debian);
/// 4. `TimeZone.current`.
///
/// A source naming a zone Foundation does not know (a POSIX rule such as
/// `CET-1CEST,M3.5.0,M10.5.0/3`, a typo) is passed over.
public enum SystemTimeZone {
    /// The machine's time zone now. The paths are for tests.
    public static func current(
        tz: String? = ProcessInfo.processInfo.environment["TZ"],
        localtime: String = "/etc/localtime",
        timezoneFile: String = "/etc/timezone"
    ) -> TimeZone {
        let localtimeTarget = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime)
        let timezoneFileText = try? String(contentsOfFile: timezoneFile, encoding: .utf8)
        let found = identifier(
            tz: tz,
            localtimeTarget: localtimeTarget,
            timezoneFile: timezoneFileText,
            isKnown: { TimeZone(identifier: $0) != nil }
        )
        return found.flatMap { TimeZone(identifier: $0) } ?? TimeZone.current
    }

    /// The zone identifier the sources name, first known one wins; nil when
    /// none does. Pure: `isKnown` says whether an identifier is a zone.
    static func identifier(
        tz: String?,
        localtimeTarget: String?,
        timezoneFile: String?,
        isKnown: (String) -> Bool
    ) -> String? {
        let candidates = [
            tz.flatMap(identifier(fromTZ:)),
            localtimeTarget.flatMap(identifier(fromZoneinfoPath:)),
            timezoneFile.flatMap(identifier(fromTimezoneFile:)),
        ]
        return candidates.compactMap { $0 }.first(where: isKnown)
    }

    /// The zone a `TZ` value names: `:Europe/Berlin` and `Europe/Berlin` are
    /// `Europe/Berlin`; a path is read like `/etc/localtime`'s target; empty
    /// (or a lone `:`) is UTC, as in glibc.
    static func identifier(fromTZ value: String) -> String? {
        var name = Substring(value.trimmingCharacters(in: .whitespaces))
        if name.hasPrefix(":") { name = name.dropFirst() }
        if name.isEmpty { return "UTC" }
        if name.hasPrefix("/") { return identifier(fromZoneinfoPath: String(name)) }
        return String(name)
    }

    /// The zone a path into a zoneinfo folder names:
    /// `/usr/share/zoneinfo/Europe/Berlin` and
    /// `../usr/share/zoneinfo/posix/Europe/Berlin` are `Europe/Berlin`; nil
    /// for a path outside any `zoneinfo` folder.
    static func identifier(fromZoneinfoPath path: String) -> String? {
        guard let range = path.range(of: "zoneinfo/", options: .backwards) else { return nil }
        var name = path[range.upperBound...]
        // Debian's "posix/" and "right/" (leap-second) trees hold the same zones.
        for tree in ["posix/", "right/"] where name.hasPrefix(tree) {
            name = name.dropFirst(tree.count)
        }
        return name.isEmpty ? nil : String(name)
    }

    /// The zone in the text of `/etc/timezone`: its first line that is
    /// neither blank nor a comment.
    static func identifier(fromTimezoneFile text: String) -> String? {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
