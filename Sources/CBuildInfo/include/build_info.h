// What todo-remind is: its version, set here and nowhere else (the Makefile
// reads it for the Debian package), and the commit it was built from.
#ifndef TODO_REMIND_BUILD_INFO_H
#define TODO_REMIND_BUILD_INFO_H

#define TODO_REMIND_VERSION "0.1.0"

// The version above.
const char *todo_remind_version(void);
// The commit the binary was built from ("3f2a9c1d0b7e", with "-dirty" when
// the tree had changes), or "" for a build that was not told (a debug build,
// a source tree without git).
const char *todo_remind_commit(void);

#endif
