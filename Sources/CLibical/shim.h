// libical 3 (Debian's libical-dev), found through pkg-config: iCalendar
// parsing and RRULE expansion. Swift cannot call libical's variadic
// constructors; use the non-variadic ones.
#ifndef TODO_REMIND_CLIBICAL_SHIM_H
#define TODO_REMIND_CLIBICAL_SHIM_H

#include <libical/ical.h>

#endif
