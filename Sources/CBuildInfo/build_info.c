#include "build_info.h"

// `make release` writes todo_remind_commit.h (scripts/write-build-info) and
// puts its folder on the include path; other builds leave the commit empty.
#if __has_include("todo_remind_commit.h")
#include "todo_remind_commit.h"
#endif
#ifndef TODO_REMIND_COMMIT
#define TODO_REMIND_COMMIT ""
#endif

const char *todo_remind_version(void) { return TODO_REMIND_VERSION; }

const char *todo_remind_commit(void) { return TODO_REMIND_COMMIT; }
