// libical 3 (Debian's libical-dev), found through pkg-config: iCalendar
// parsing and RRULE expansion. Swift cannot call libical's variadic
// constructors; use the non-variadic ones.
#ifndef TODO_REMIND_CLIBICAL_SHIM_H
#define TODO_REMIND_CLIBICAL_SHIM_H

#include <libical/ical.h>

// A zone read from the text of a VTIMEZONE, which the caller frees with
// icaltimezone_free(zone, 1); NULL when libical cannot read it. One reader
// for the task files' zones (TodoCalendar) and the events' (TodoRecurrence).
static inline icaltimezone *todo_icaltimezone_from_vtimezone(const char *text) {
    icalcomponent *component = icalcomponent_new_from_string(text);
    if (component == NULL) return NULL;
    if (icalcomponent_isa(component) != ICAL_VTIMEZONE_COMPONENT) {
        icalcomponent_free(component);
        return NULL;
    }
    icaltimezone *zone = icaltimezone_new();
    if (zone == NULL) {
        icalcomponent_free(component);
        return NULL;
    }
    // The zone owns the component from here; freeing the zone frees both.
    if (icaltimezone_set_component(zone, component) == 0) {
        icaltimezone_free(zone, 1);
        return NULL;
    }
    return zone;
}

// The instant, in seconds since 1970, of a wall time (a day and seconds
// into it) in a zone libical read: one reading for the task files'
// zones (TodoCalendar) and the events' (TodoRecurrence).
static inline time_t todo_icaltime_instant(int year, int month, int day, int seconds, icaltimezone *zone) {
    struct icaltimetype time = icaltime_null_time();
    time.year = year;
    time.month = month;
    time.day = day;
    time.hour = seconds / 3600;
    time.minute = seconds / 60 % 60;
    time.second = seconds % 60;
    return icaltime_as_timet_with_zone(time, zone);
}

#endif
