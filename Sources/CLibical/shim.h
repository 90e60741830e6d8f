// libical 3 (Debian's libical-dev), opened at its first use (CLibicalLoader): iCalendar
// parsing and RRULE expansion. Swift cannot call libical's variadic
// constructors; use the non-variadic ones.
#ifndef TODO_REMIND_CLIBICAL_SHIM_H
#define TODO_REMIND_CLIBICAL_SHIM_H

#include <libical/ical.h>

// The first year a zone's yearly rule is followed from. libical expands a
// zone's changes from each observance's DTSTART, one year at a time; eM
// Client's rules start in 0001. No instant todo-remind keeps or shows lies
// before 1900 (the store's range), so a rule that is still in force then is
// followed from 1900: a rule from 0001 costs what one from 1900 costs.
// ZoneResolver+Bounds counts a rule's years from here too.
#define TODO_ZONE_RULES_FROM_YEAR 1900

// Moves the DTSTART of each observance of `vtimezone` whose one RRULE (with
// no COUNT, and no UNTIL before TODO_ZONE_RULES_FROM_YEAR) starts before
// that year into it: the onsets before it are never asked for.
static inline void todo_follow_zone_rules_from_floor(icalcomponent *vtimezone) {
    for (icalcomponent *observance = icalcomponent_get_first_component(vtimezone, ICAL_ANY_COMPONENT);
         observance != NULL;
         observance = icalcomponent_get_next_component(vtimezone, ICAL_ANY_COMPONENT)) {
        icalcomponent_kind kind = icalcomponent_isa(observance);
        if (kind != ICAL_XSTANDARD_COMPONENT && kind != ICAL_XDAYLIGHT_COMPONENT) continue;
        if (icalcomponent_count_properties(observance, ICAL_RRULE_PROPERTY) != 1) continue;
        icalproperty *rule_property = icalcomponent_get_first_property(observance, ICAL_RRULE_PROPERTY);
        icalproperty *start_property = icalcomponent_get_first_property(observance, ICAL_DTSTART_PROPERTY);
        if (rule_property == NULL || start_property == NULL) continue;
        struct icalrecurrencetype rule = icalproperty_get_rrule(rule_property);
        if (rule.count != 0) continue;
        if (!icaltime_is_null_time(rule.until) && rule.until.year < TODO_ZONE_RULES_FROM_YEAR) continue;
        struct icaltimetype start = icalproperty_get_dtstart(start_property);
        if (start.year >= TODO_ZONE_RULES_FROM_YEAR) continue;
        start.year = TODO_ZONE_RULES_FROM_YEAR;
        icalproperty_set_dtstart(start_property, start);
    }
}

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
    todo_follow_zone_rules_from_floor(component);
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
