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

#endif
