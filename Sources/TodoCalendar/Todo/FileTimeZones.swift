import CLibical
import FoundationEssentials

/// The VTIMEZONEs of one file that libical reads (their TZIDs name no
/// Olson zone), each read once while the file is.
///
/// libical expands a zone's changes from its observances' DTSTART on the
/// first time it is asked, and keeps them: Outlook's zones start in 1601,
/// 7 ms or more of expansion (see `ReadingLimits.maximumZoneRuleYears`).
/// Read afresh for every date-time of the file, 10,000 completed
/// occurrences in such a zone would take over a minute.
final class FileTimeZones {
    private let document: ICalendarDocument
    private let calendar: ICalendarComponent
    /// The zones read so far, by TZID; nil for one libical cannot read.
    private var zones: [String: OpaquePointer?] = [:]

    init(document: ICalendarDocument, calendar: ICalendarComponent) {
        self.document = document
        self.calendar = calendar
    }

    deinit {
        for case let zone? in zones.values { icaltimezone_free(zone, 1) }
    }

    /// The libical zone of the file's VTIMEZONE whose TZID is `tzid`; nil
    /// when the file has none or libical cannot read it.
    func libicalZone(_ tzid: String) -> OpaquePointer? {
        if let known = zones[tzid] { return known }
        let zone = VTodo.timeZone(tzid, in: document, calendar: calendar)
            .flatMap { ZoneResolver.libicalZone(from: String(decoding: $0, as: UTF8.self)) }
        zones[tzid] = zone
        return zone
    }
}
