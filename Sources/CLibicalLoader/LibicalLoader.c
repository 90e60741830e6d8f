// libical, loaded when todo-remind first needs it rather than at every start.
//
// libical links the system's ICU (libicuuc, libicui18n, libicudata) and with
// it libstdc++, all bound at load time (BIND_NOW): loading them costs about
// 5 M instructions, as much as the rest of an empty `list` (BENCHMARKS.md,
// "Starting a command"). Most commands never expand a repeat rule or read a
// VTIMEZONE, so the binaries do not name libical as a library they need:
// each function todo-remind calls is defined here, with libical's own
// signature from its header, and the first call of any of them opens
// libical.so.3 and finds them all. The definitions are hidden, so libical's
// calls of its own functions never come back here.
// Declared without libical's default visibility, so that HIDDEN holds.
#define LIBICAL_ICAL_STATIC_DEFINE
#include <libical/ical.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define HIDDEN __attribute__((visibility("hidden")))

static struct {
    __typeof__(&icaltimezone_free) icaltimezone_free;
    __typeof__(&icaltime_null_time) icaltime_null_time;
    __typeof__(&icaltime_is_null_time) icaltime_is_null_time;
    __typeof__(&icaltime_as_timet_with_zone) icaltime_as_timet_with_zone;
    __typeof__(&icaltimezone_new) icaltimezone_new;
    __typeof__(&icaltimezone_get_utc_timezone) icaltimezone_get_utc_timezone;
    __typeof__(&icaltimezone_get_builtin_timezone) icaltimezone_get_builtin_timezone;
    __typeof__(&icaltimezone_set_component) icaltimezone_set_component;
    __typeof__(&icaltimezone_get_component) icaltimezone_get_component;
    __typeof__(&icaltimezone_get_utc_offset_of_utc_time) icaltimezone_get_utc_offset_of_utc_time;
    __typeof__(&icaltimezone_truncate_vtimezone) icaltimezone_truncate_vtimezone;
    __typeof__(&icalrecurrencetype_from_string) icalrecurrencetype_from_string;
    __typeof__(&icalrecur_iterator_new) icalrecur_iterator_new;
    __typeof__(&icalrecur_iterator_set_start) icalrecur_iterator_set_start;
    __typeof__(&icalrecur_iterator_next) icalrecur_iterator_next;
    __typeof__(&icalrecur_iterator_free) icalrecur_iterator_free;
    __typeof__(&icalcomponent_new_from_string) icalcomponent_new_from_string;
    __typeof__(&icalcomponent_new_clone) icalcomponent_new_clone;
    __typeof__(&icalcomponent_free) icalcomponent_free;
    __typeof__(&icalcomponent_isa) icalcomponent_isa;
    __typeof__(&icalcomponent_get_first_component) icalcomponent_get_first_component;
    __typeof__(&icalcomponent_get_next_component) icalcomponent_get_next_component;
    __typeof__(&icalcomponent_count_properties) icalcomponent_count_properties;
    __typeof__(&icalcomponent_get_first_property) icalcomponent_get_first_property;
    __typeof__(&icalcomponent_as_ical_string_r) icalcomponent_as_ical_string_r;
    __typeof__(&icalproperty_get_rrule) icalproperty_get_rrule;
    __typeof__(&icalproperty_get_dtstart) icalproperty_get_dtstart;
    __typeof__(&icalproperty_set_dtstart) icalproperty_set_dtstart;
    __typeof__(&icalproperty_set_tzid) icalproperty_set_tzid;
} libical;

static pthread_once_t libical_once = PTHREAD_ONCE_INIT;

// Without libical no repeat rule or calendar zone can be worked out, and no
// answer would be right: say which package is missing and stop, as a
// binary that named the library would have at its start.
static void libical_missing(const char *what) {
    fprintf(stderr, "Error: todo-remind needs libical 3 (Debian's libical3 package): %s\n", what);
    exit(69);
}

// The library's name, kept in the binary's section todo_remind_dlopen too,
// where the Debian package's build reads what the binaries open beside what
// they link (scripts/build-deb).
__attribute__((used, retain, section("todo_remind_dlopen")))
static const char libical_soname[] = "libical.so.3";

static void libical_open(void) {
    void *handle = dlopen(libical_soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) libical_missing(dlerror());
#define FIND(name) \
    if ((*(void **)&libical.name = dlsym(handle, #name)) == NULL) libical_missing(dlerror());
    FIND(icaltimezone_free)
    FIND(icaltime_null_time)
    FIND(icaltime_is_null_time)
    FIND(icaltime_as_timet_with_zone)
    FIND(icaltimezone_new)
    FIND(icaltimezone_get_utc_timezone)
    FIND(icaltimezone_get_builtin_timezone)
    FIND(icaltimezone_set_component)
    FIND(icaltimezone_get_component)
    FIND(icaltimezone_get_utc_offset_of_utc_time)
    FIND(icaltimezone_truncate_vtimezone)
    FIND(icalrecurrencetype_from_string)
    FIND(icalrecur_iterator_new)
    FIND(icalrecur_iterator_set_start)
    FIND(icalrecur_iterator_next)
    FIND(icalrecur_iterator_free)
    FIND(icalcomponent_new_from_string)
    FIND(icalcomponent_new_clone)
    FIND(icalcomponent_free)
    FIND(icalcomponent_isa)
    FIND(icalcomponent_get_first_component)
    FIND(icalcomponent_get_next_component)
    FIND(icalcomponent_count_properties)
    FIND(icalcomponent_get_first_property)
    FIND(icalcomponent_as_ical_string_r)
    FIND(icalproperty_get_rrule)
    FIND(icalproperty_get_dtstart)
    FIND(icalproperty_set_dtstart)
    FIND(icalproperty_set_tzid)
#undef FIND
}

static inline void libical_load(void) {
    pthread_once(&libical_once, libical_open);
}

HIDDEN void icaltimezone_free(icaltimezone *zone, int free_struct) {
    libical_load();
    libical.icaltimezone_free(zone, free_struct);
}

HIDDEN struct icaltimetype icaltime_null_time(void) {
    libical_load();
    return libical.icaltime_null_time();
}

HIDDEN int icaltime_is_null_time(const struct icaltimetype t) {
    libical_load();
    return libical.icaltime_is_null_time(t);
}

HIDDEN time_t icaltime_as_timet_with_zone(const struct icaltimetype tt, const icaltimezone *zone) {
    libical_load();
    return libical.icaltime_as_timet_with_zone(tt, zone);
}

HIDDEN icaltimezone *icaltimezone_new(void) {
    libical_load();
    return libical.icaltimezone_new();
}

HIDDEN icaltimezone *icaltimezone_get_utc_timezone(void) {
    libical_load();
    return libical.icaltimezone_get_utc_timezone();
}

HIDDEN icaltimezone *icaltimezone_get_builtin_timezone(const char *location) {
    libical_load();
    return libical.icaltimezone_get_builtin_timezone(location);
}

HIDDEN int icaltimezone_set_component(icaltimezone *zone, icalcomponent *comp) {
    libical_load();
    return libical.icaltimezone_set_component(zone, comp);
}

HIDDEN icalcomponent *icaltimezone_get_component(icaltimezone *zone) {
    libical_load();
    return libical.icaltimezone_get_component(zone);
}

HIDDEN int icaltimezone_get_utc_offset_of_utc_time(icaltimezone *zone, struct icaltimetype *tt, int *is_daylight) {
    libical_load();
    return libical.icaltimezone_get_utc_offset_of_utc_time(zone, tt, is_daylight);
}

HIDDEN void icaltimezone_truncate_vtimezone(icalcomponent *vtz, icaltimetype start, icaltimetype end, int ms_compatible) {
    libical_load();
    libical.icaltimezone_truncate_vtimezone(vtz, start, end, ms_compatible);
}

HIDDEN struct icalrecurrencetype icalrecurrencetype_from_string(const char *str) {
    libical_load();
    return libical.icalrecurrencetype_from_string(str);
}

HIDDEN icalrecur_iterator *icalrecur_iterator_new(struct icalrecurrencetype rule, struct icaltimetype dtstart) {
    libical_load();
    return libical.icalrecur_iterator_new(rule, dtstart);
}

HIDDEN int icalrecur_iterator_set_start(icalrecur_iterator *impl, struct icaltimetype start) {
    libical_load();
    return libical.icalrecur_iterator_set_start(impl, start);
}

HIDDEN struct icaltimetype icalrecur_iterator_next(icalrecur_iterator *impl) {
    libical_load();
    return libical.icalrecur_iterator_next(impl);
}

HIDDEN void icalrecur_iterator_free(icalrecur_iterator *impl) {
    libical_load();
    libical.icalrecur_iterator_free(impl);
}

HIDDEN icalcomponent *icalcomponent_new_from_string(const char *str) {
    libical_load();
    return libical.icalcomponent_new_from_string(str);
}

HIDDEN icalcomponent *icalcomponent_new_clone(icalcomponent *component) {
    libical_load();
    return libical.icalcomponent_new_clone(component);
}

HIDDEN void icalcomponent_free(icalcomponent *component) {
    libical_load();
    libical.icalcomponent_free(component);
}

HIDDEN icalcomponent_kind icalcomponent_isa(const icalcomponent *component) {
    libical_load();
    return libical.icalcomponent_isa(component);
}

HIDDEN icalcomponent *icalcomponent_get_first_component(icalcomponent *component, icalcomponent_kind kind) {
    libical_load();
    return libical.icalcomponent_get_first_component(component, kind);
}

HIDDEN icalcomponent *icalcomponent_get_next_component(icalcomponent *component, icalcomponent_kind kind) {
    libical_load();
    return libical.icalcomponent_get_next_component(component, kind);
}

HIDDEN int icalcomponent_count_properties(icalcomponent *component, icalproperty_kind kind) {
    libical_load();
    return libical.icalcomponent_count_properties(component, kind);
}

HIDDEN icalproperty *icalcomponent_get_first_property(icalcomponent *component, icalproperty_kind kind) {
    libical_load();
    return libical.icalcomponent_get_first_property(component, kind);
}

HIDDEN char *icalcomponent_as_ical_string_r(icalcomponent *component) {
    libical_load();
    return libical.icalcomponent_as_ical_string_r(component);
}

HIDDEN struct icalrecurrencetype icalproperty_get_rrule(const icalproperty *prop) {
    libical_load();
    return libical.icalproperty_get_rrule(prop);
}

HIDDEN struct icaltimetype icalproperty_get_dtstart(const icalproperty *prop) {
    libical_load();
    return libical.icalproperty_get_dtstart(prop);
}

HIDDEN void icalproperty_set_dtstart(icalproperty *prop, struct icaltimetype v) {
    libical_load();
    libical.icalproperty_set_dtstart(prop, v);
}

HIDDEN void icalproperty_set_tzid(icalproperty *prop, const char *v) {
    libical_load();
    libical.icalproperty_set_tzid(prop, v);
}
