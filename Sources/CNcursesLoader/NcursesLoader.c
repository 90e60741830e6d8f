// ncurses, loaded when the interactive view first needs it rather than at
// every start.
//
// Only `todo-remind ui` draws with ncurses, yet a binary that named
// libncursesw as a library it needs would load it, and libtinfo with it, at
// every command's start (relocations and all, 0.4 M instructions of an empty
// `list`: BENCHMARKS.md, "Starting a command"). So, as CLibicalLoader does
// for libical, each function todo-remind calls is defined here with
// ncurses's own signature from its header, hidden, and the first call of any
// of them opens libncursesw.so.6 and finds them all. The variables ncurses
// keeps (stdscr, LINES…) are read through functions that CNcurses declares.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE 600
#define _DEFAULT_SOURCE
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#undef lines
#undef columns

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define HIDDEN __attribute__((visibility("hidden")))

static struct {
    __typeof__(&cbreak) cbreak;
    __typeof__(&clearok) clearok;
    __typeof__(&curs_set) curs_set;
    __typeof__(&delscreen) delscreen;
    __typeof__(&doupdate) doupdate;
    __typeof__(&endwin) endwin;
    __typeof__(&getmouse) getmouse;
    __typeof__(&has_colors) has_colors;
    __typeof__(&init_pair) init_pair;
    __typeof__(&intrflush) intrflush;
    __typeof__(&keypad) keypad;
    __typeof__(&mouseinterval) mouseinterval;
    __typeof__(&mousemask) mousemask;
    __typeof__(&newterm) newterm;
    __typeof__(&nodelay) nodelay;
    __typeof__(&noecho) noecho;
    __typeof__(&nonl) nonl;
    __typeof__(&resizeterm) resizeterm;
    __typeof__(&set_escdelay) set_escdelay;
    __typeof__(&start_color) start_color;
    __typeof__(&tigetstr) tigetstr;
    __typeof__(&use_default_colors) use_default_colors;
    __typeof__(&waddnwstr) waddnwstr;
    __typeof__(&wattr_set) wattr_set;
    __typeof__(&wget_wch) wget_wch;
    __typeof__(&wmove) wmove;
    __typeof__(&wnoutrefresh) wnoutrefresh;
    WINDOW * *stdscr;
    WINDOW * *curscr;
    int *LINES;
    int *COLS;
    int *COLORS;
} ncurses;

static pthread_once_t ncurses_once = PTHREAD_ONCE_INIT;

// Without ncurses the view cannot draw: say which package is missing and
// stop, as a binary that named the library would have at its start.
static void ncurses_missing(const char *what) {
    fprintf(stderr, "Error: todo-remind ui needs ncurses (Debian's libncursesw6 package): %s\n", what);
    exit(69);
}

// The library's name, kept in the binary's section todo_remind_dlopen too,
// where the Debian package's build reads what the binaries open beside what
// they link (scripts/build-deb).
__attribute__((used, retain, section("todo_remind_dlopen")))
static const char ncurses_soname[] = "libncursesw.so.6";

static void ncurses_open(void) {
    void *handle = dlopen(ncurses_soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) ncurses_missing(dlerror());
#define FIND(name) \
    if ((*(void **)&ncurses.name = dlsym(handle, #name)) == NULL) ncurses_missing(dlerror());
    FIND(cbreak)
    FIND(clearok)
    FIND(curs_set)
    FIND(delscreen)
    FIND(doupdate)
    FIND(endwin)
    FIND(getmouse)
    FIND(has_colors)
    FIND(init_pair)
    FIND(intrflush)
    FIND(keypad)
    FIND(mouseinterval)
    FIND(mousemask)
    FIND(newterm)
    FIND(nodelay)
    FIND(noecho)
    FIND(nonl)
    FIND(resizeterm)
    FIND(set_escdelay)
    FIND(start_color)
    FIND(tigetstr)
    FIND(use_default_colors)
    FIND(waddnwstr)
    FIND(wattr_set)
    FIND(wget_wch)
    FIND(wmove)
    FIND(wnoutrefresh)
    FIND(stdscr)
    FIND(curscr)
    FIND(LINES)
    FIND(COLS)
    FIND(COLORS)
#undef FIND
}

static inline void ncurses_load(void) {
    pthread_once(&ncurses_once, ncurses_open);
}

HIDDEN int cbreak(void) {
    ncurses_load();
    return ncurses.cbreak();
}

HIDDEN int clearok(WINDOW *window, bool flag) {
    ncurses_load();
    return ncurses.clearok(window, flag);
}

HIDDEN int curs_set(int visibility) {
    ncurses_load();
    return ncurses.curs_set(visibility);
}

HIDDEN void delscreen(SCREEN *screen) {
    ncurses_load();
    ncurses.delscreen(screen);
}

HIDDEN int doupdate(void) {
    ncurses_load();
    return ncurses.doupdate();
}

HIDDEN int endwin(void) {
    ncurses_load();
    return ncurses.endwin();
}

HIDDEN int getmouse(MEVENT *event) {
    ncurses_load();
    return ncurses.getmouse(event);
}

HIDDEN bool has_colors(void) {
    ncurses_load();
    return ncurses.has_colors();
}

HIDDEN int init_pair(short pair, short foreground, short background) {
    ncurses_load();
    return ncurses.init_pair(pair, foreground, background);
}

HIDDEN int intrflush(WINDOW *window, bool flag) {
    ncurses_load();
    return ncurses.intrflush(window, flag);
}

HIDDEN int keypad(WINDOW *window, bool flag) {
    ncurses_load();
    return ncurses.keypad(window, flag);
}

HIDDEN int mouseinterval(int interval) {
    ncurses_load();
    return ncurses.mouseinterval(interval);
}

HIDDEN mmask_t mousemask(mmask_t mask, mmask_t *old) {
    ncurses_load();
    return ncurses.mousemask(mask, old);
}

HIDDEN SCREEN *newterm(const char *type, FILE *output, FILE *input) {
    ncurses_load();
    return ncurses.newterm(type, output, input);
}

HIDDEN int nodelay(WINDOW *window, bool flag) {
    ncurses_load();
    return ncurses.nodelay(window, flag);
}

HIDDEN int noecho(void) {
    ncurses_load();
    return ncurses.noecho();
}

HIDDEN int nonl(void) {
    ncurses_load();
    return ncurses.nonl();
}

HIDDEN int resizeterm(int lines, int columns) {
    ncurses_load();
    return ncurses.resizeterm(lines, columns);
}

HIDDEN int set_escdelay(int delay) {
    ncurses_load();
    return ncurses.set_escdelay(delay);
}

HIDDEN int start_color(void) {
    ncurses_load();
    return ncurses.start_color();
}

HIDDEN char *tigetstr(const char *name) {
    ncurses_load();
    return ncurses.tigetstr(name);
}

HIDDEN int use_default_colors(void) {
    ncurses_load();
    return ncurses.use_default_colors();
}

HIDDEN int waddnwstr(WINDOW *window, const wchar_t *text, int count) {
    ncurses_load();
    return ncurses.waddnwstr(window, text, count);
}

HIDDEN int wattr_set(WINDOW *window, attr_t attrs, short pair, void *options) {
    ncurses_load();
    return ncurses.wattr_set(window, attrs, pair, options);
}

HIDDEN int wget_wch(WINDOW *window, wint_t *character) {
    ncurses_load();
    return ncurses.wget_wch(window, character);
}

HIDDEN int wmove(WINDOW *window, int row, int column) {
    ncurses_load();
    return ncurses.wmove(window, row, column);
}

HIDDEN int wnoutrefresh(WINDOW *window) {
    ncurses_load();
    return ncurses.wnoutrefresh(window);
}

HIDDEN WINDOW *todo_stdscr(void) {
    ncurses_load();
    return *ncurses.stdscr;
}

HIDDEN WINDOW *todo_curscr(void) {
    ncurses_load();
    return *ncurses.curscr;
}

HIDDEN int todo_lines(void) {
    ncurses_load();
    return *ncurses.LINES;
}

HIDDEN int todo_cols(void) {
    ncurses_load();
    return *ncurses.COLS;
}

HIDDEN int todo_colors(void) {
    ncurses_load();
    return *ncurses.COLORS;
}
