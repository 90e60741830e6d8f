// Linux headers that Swift's Glibc module does not export.
#ifndef TODO_REMIND_CLINUX_SHIM_H
#define TODO_REMIND_CLINUX_SHIM_H

#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <signal.h>
#include <malloc.h>
#include <sys/ioctl.h>
#include <pthread.h>

// The symbolic name of an errno value ("EMFILE"), or NULL for an unknown one.
// Glibc (2.32 and later) declares it only under _GNU_SOURCE, which the Glibc
// module is not built with; declaring it again here makes it visible to Swift.
extern const char *strerrorname_np(int errnum);

// The first occurrence of `needle` in `haystack`, bytes compared (a GNU
// extension, declared only under _GNU_SOURCE): the view's search looks
// through every task's folded keys at once with it.
extern void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);

// Naming a thread as `top -H` and `ps -L` show it (a GNU extension,
// declared only under _GNU_SOURCE): the daemon's delivery workers and its
// GLib loop.
extern int pthread_setname_np(pthread_t thread, const char *name);

// A pipe whose ends close on exec (a GNU extension, declared only under
// _GNU_SOURCE): what `status` reads the notifier's answer through.
extern int pipe2(int pipefd[2], int flags);

// Spawning a child in a folder, every descriptor past stderr closed (GNU
// extensions of glibc 2.34, declared only under _GNU_SOURCE): what the tests
// run programs with, instead of Foundation's Process, whose Linux `run()`
// over-reads /proc/self/fd's entries and crashes now and then
// (swift-corelibs-foundation's issue 5472 on GitHub).
#include <spawn.h>
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

// The columns a character takes in a terminal (POSIX, XSI). wchar.h declares
// it only under _XOPEN_SOURCE, which the Glibc module is not built with.
#include <wchar.h>
extern int wcwidth(wchar_t c);

// The columns of the terminal on `fd` (TIOCGWINSZ, a variadic ioctl Swift
// cannot call); 0 when `fd` is no terminal or says none.
static inline int todo_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}

#endif
