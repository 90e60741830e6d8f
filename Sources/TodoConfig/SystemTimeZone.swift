import FoundationEssentials
import Glibc
import TodoCore
import TodoZones

/// The machine's time zone as it is now, read again at each call.
///
/// A zone read once and kept for the life of the process would not do: a daemon that must follow the machine to another zone
/// (`timedatectl set-timezone` replacing `/etc/localtime`) asks here instead,
/// each time it plans. The sources, first usable one wins, as glibc reads them:
///
/// 1. the `TZ` environment variable (`:Europe/Berlin`, `Europe/Berlin`,
///    `:/usr/share/zoneinfo/Europe/Berlin`; set but empty is UTC);
/// 2. the target of the `/etc/localtime` symbolic link (`…/zoneinfo/NAME`);
/// 3. the first line of `/etc/timezone` (Debian);
/// 4. UTC.
///
/// A source naming no zone of the zoneinfo folder (a typo) is passed over.
public enum SystemTimeZone {
    /// The zone in force and where it came from, for `config` and warnings.
    public struct Choice: Sendable, Equatable {
        public let zone: Zone
        /// Where the zone came from: "TZ", "/etc/localtime", "/etc/timezone" or "default".
        public let source: String
        /// One line for stderr when `TZ` asked for something that cannot be
        /// followed exactly, naming the value and the zone used instead.
        public let warning: String?
    }

    /// The machine's time zone now. The paths are for tests.
    public static func current(
        tz: String? = ProcessInfo.processInfo.environment["TZ"],
        localtime: String = "/etc/localtime",
        timezoneFile: String = "/etc/timezone"
    ) -> Zone {
        choice(tz: tz, localtime: localtime, timezoneFile: timezoneFile).zone
    }

    /// The machine's time zone now, where it came from, and a warning when
    /// `TZ` names something that cannot be followed exactly.
    ///
    /// `TZ` wins when set, as in the C library: `Area/City`, `:Area/City`,
    /// a zoneinfo path, `:/etc/localtime`, or a POSIX rule (`JST-9`,
    /// `CET-1CEST,M3.5.0,M10.5.0/3`), all followed exactly. A name that is
    /// no zone (`Invalid/Zone`) is UTC, as the C library takes it, with a warning.
    public static func choice(
        tz: String? = ProcessInfo.processInfo.environment["TZ"],
        localtime: String = "/etc/localtime",
        timezoneFile: String = "/etc/timezone"
    ) -> Choice {
        if let tz {
            var name = Substring(tz.trimmingBlanks())
            if name.hasPrefix(":") { name = name.dropFirst() }
            if name.isEmpty { return Choice(zone: .utc, source: "TZ", warning: nil) }
            var identifier = String(name)
            if name.hasPrefix("/") {
                // `:/etc/localtime` and other links: the zone is where they point.
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: identifier)) ?? identifier
                identifier = self.identifier(fromZoneinfoPath: target) ?? identifier
            }
            if let zone = Zone(identifier: identifier) {
                return Choice(zone: zone, source: "TZ", warning: nil)
            }
            guard let rule = PosixZoneRule(identifier) else {
                return Choice(zone: .utc, source: "TZ", warning:
                    "TZ=“\(tz)” names no time zone; using UTC, as the C library does. Set TZ to a zone such as Europe/Berlin.")
            }
            return Choice(zone: Zone(identifier: identifier, rule: rule), source: "TZ", warning: nil)
        }
        let localtimeTarget = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime)
        if let name = localtimeTarget.flatMap(identifier(fromZoneinfoPath:)), let zone = Zone(identifier: name) {
            return Choice(zone: zone, source: localtime, warning: nil)
        }
        let timezoneFileText = try? String(contentsOfFile: timezoneFile, encoding: .utf8)
        if let name = timezoneFileText.flatMap(identifier(fromTimezoneFile:)), let zone = Zone(identifier: name) {
            return Choice(zone: zone, source: timezoneFile, warning: nil)
        }
        return Choice(zone: .utc, source: "default", warning: nil)
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
        var name = Substring(value.trimmingBlanks())
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
        guard let range = path.ranges(of: "zoneinfo/").last else { return nil }
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
            .map { $0.trimmingBlanks() }
            .first { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
