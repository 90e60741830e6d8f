// Nothing to import: NcursesLoader.c defines the ncurses functions that
// CNcurses declares, and a target that calls them depends on this one to be
// linked with those definitions.
#ifndef TODO_REMIND_CNCURSESLOADER_H
#define TODO_REMIND_CNCURSESLOADER_H
#endif
