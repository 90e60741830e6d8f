import CLibical
import FoundationEssentials
import Glibc
import TodoCore
import TodoZones

/// Turns the zones iCalendar files name into instants, and writes VTIMEZONEs.
///
/// libical is used here because a VTIMEZONE is the one thing it does better
/// than hand-written code: its built-in zone data writes the component other
/// clients expect, and it can read the rules of a VTIMEZONE whose TZID names
/// no Olson zone (Outlook's "W. Europe Standard Time").
public enum ZoneResolver {
    /// The zone a TZID names: the Olson name itself, or the Olson name at the
    /// end of a prefixed TZID (`/mozilla.org/20070129_1/Europe/Berlin`,
    /// `/freeassociation.sourceforge.net/Europe/Berlin`).
    public static func zone(named tzid: String) -> Zone? {
        if let zone = Zone(identifier: tzid) { return zone }
        let parts = tzid.split(separator: "/")
        // Olson names have two or three parts (America/Argentina/Buenos_Aires).
        for count in [3, 2] where parts.count > count {
            if let zone = Zone(identifier: parts.suffix(count).joined(separator: "/")) { return zone }
        }
        return nil
    }

    /// The Olson zone a Windows zone name stands for (Outlook's and
    /// Exchange's "W. Europe Standard Time", `WindowsZones`), for a file
    /// that names one without the VTIMEZONE that should come with it: a
    /// VTIMEZONE the file carries says what its writer meant, and is read first.
    public static func windowsZone(named tzid: String) -> Zone? {
        WindowsZones.olsonNames[tzid.trimmingSpaces()].flatMap { Zone(identifier: $0) }
    }

    /// The Olson name a TZID stands for, if any (see `zone(named:)`).
    public static func olsonName(_ tzid: String) -> String? {
        zone(named: tzid)?.identifier
    }

    /// The instant of a wall-clock reading in the zone `tzid`.
    ///
    /// An Olson zone goes through `WallClock`, which applies docs/ARCHITECTURE.md §2's rules
    /// for gaps and repeated hours; any other TZID is read through the
    /// file's own VTIMEZONE (`fileZones`) by libical, or, when the file has
    /// none, as the Windows zone name it may be (`windowsZone(named:)`).
    static func instant(on day: LocalDay, secondsIntoDay seconds: Int, tzid: String, fileZones: FileTimeZones) -> Date? {
        if let zone = zone(named: tzid) {
            return WallClock(timeZone: zone).instant(on: day, secondsIntoDay: seconds)
        }
        guard let zone = fileZones.libicalZone(tzid) else {
            return windowsZone(named: tzid).map { WallClock(timeZone: $0).instant(on: day, secondsIntoDay: seconds) }
        }
        let instant = todo_icaltime_instant(Int32(day.year), Int32(day.month), Int32(day.day), Int32(seconds), zone)
        return Date(timeIntervalSince1970: Double(instant))
    }

    /// A libical zone read from the text of a VTIMEZONE, which the caller
    /// frees with `icaltimezone_free(zone, 1)`; nil when libical cannot
    /// read it. Only a VTIMEZONE `FolderItem.read` has checked
    /// (`expansionProblem(of:in:)`) may be given.
    ///
    /// Calls `todo_icaltimezone_from_vtimezone` (CLibical's shim).
    static func libicalZone(from vtimezone: String) -> OpaquePointer? {
        todo_icaltimezone_from_vtimezone(vtimezone)
    }

    /// A VTIMEZONE for the Olson zone `name`, as content lines, with the TZID
    /// `name` itself (libical would prefix it); nil when libical does not
    /// know the zone.
    ///
    /// Calls `icaltimezone_get_builtin_timezone`, `icaltimezone_get_component`
    /// and `icaltimezone_truncate_vtimezone`. The component is cut to the
    /// rules in force from a year before `from`: the full history of a zone
    /// runs to hundreds of lines that no client needs for a task.
    static func timeZoneComponent(named name: String, from instant: Date) -> [ContentLine]? {
        guard let zone = icaltimezone_get_builtin_timezone(name),
              let builtin = icaltimezone_get_component(zone),
              let component = icalcomponent_new_clone(builtin)
        else { return nil }
        defer { icalcomponent_free(component) }
        var start = icaltime_null_time()
        let startDay = LocalDay(daysSinceEpoch: Int((instant.timeIntervalSince1970 / 86_400).rounded(.down)))
        start.year = Int32(startDay.year - 1)
        start.month = 1
        start.day = 1
        start.zone = icaltimezone_get_utc_timezone()
        icaltimezone_truncate_vtimezone(component, start, icaltime_null_time(), 0)
        if let tzid = icalcomponent_get_first_property(component, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(tzid, name)
        }
        guard let text = icalcomponent_as_ical_string_r(component) else { return nil }
        defer { free(text) }
        // libical writes CRLF lines folded its own way; re-read them as lines.
        var bytes = Array(String(cString: text).utf8)
        if bytes.last != 0x0A { bytes.append(contentsOf: [0x0D, 0x0A]) }
        return ICalendarDocument(bytes: bytes).lines
    }
}
