/// The bounds on what reading one file of a list folder may cost.
///
/// Every file is someone else's bytes: anyone who can put an item into a
/// synced collection controls them. A file past one of these bounds is
/// skipped and reported (`CalendarFileError`), never partly read, so that no
/// file can hang, exhaust or crash a command or the daemon. Each bound sits
/// far above what any client writes, and each is checked in one place.
public enum ReadingLimits {
    /// The largest file read, in bytes. A task with 10,000 completed
    /// occurrences (one override each, as Thunderbird writes them) takes
    /// 1.9 MB, and one with 5,000 alarms 0.5 MB. A file this large of the
    /// costliest shape measured (CATEGORIES lines of 2,000 values each, 2
    /// million categories) takes a debug build's `list` 3.7 s and 149 MB;
    /// 10 MiB took 10 s and 318 MB.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// The largest metadata file of a folder read (`displayname`, `color`;
    /// README "Lists"), in bytes: each holds one short value, a name or
    /// `#RRGGBB`. A larger one is ignored, as an absent one is.
    public static let maximumMetadataSize = 4 * 1024

    /// The most line breaks a file may hold: each line is a value of its
    /// own. The 10,000 overrides above take 90,000, and the probe's
    /// 100,000 nested components 200,000 (refused for their depth, which
    /// says more); 250,000 short lines take a debug build's `list` 3.2 s
    /// and 76 MB.
    public static let maximumLines = 250_000

    /// How deep components may nest (VCALENDAR › VTODO › VALARM is 3;
    /// RFC 9073's components inside an event add one or two). The parser
    /// keeps a stack of open components, and nested values are freed by
    /// recursion: 100,000 levels overflowed the stack.
    public static let maximumNesting = 16

    /// The most alarm instances a task may have: each VALARM is one, and
    /// its RFC 5545 `REPEAT` adds that many more, each a reminder of its
    /// own. 5,000 alarms that do not repeat are read; `REPEAT:2147483647`
    /// would be 2^31 reminders (16 GiB). Within it, no sum of repetitions
    /// overflows: a DURATION is at most 9 digits of weeks (7 × 10^14 s).
    public static let maximumAlarmInstances = 10_000

    /// How many years of yearly rules one VTIMEZONE handed to libical may
    /// span, summed over its observances. libical expands every change of a
    /// zone from each observance's DTSTART up to the year asked for (at most
    /// 2582), 10 to 15 µs a rule-year (measured with libical 3.0.16):
    /// Outlook's two rules from 1601 were 1,964 rule-years, 20 to 27 ms
    /// when a date in 2582 is asked, 7 to 10 ms for one in 2026, once per
    /// file (`FileTimeZones`). A rule still in force in 1900 is followed
    /// from then (`TODO_ZONE_RULES_FROM_YEAR`, CLibical's shim): two such
    /// rules are 1,366 rule-years, however early they were written to start
    /// (eM Client's start in 0001).
    public static let maximumZoneRuleYears = 2_000

    /// The most STANDARD and DAYLIGHT observances one VTIMEZONE handed to
    /// libical may have; a full zone history has about a hundred.
    public static let maximumZoneObservances = 200

    /// The most RDATE values one VTIMEZONE handed to libical may list: each
    /// is a change libical keeps.
    public static let maximumZoneDates = 2_000
}
