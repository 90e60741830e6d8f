// ncurses with wide characters (ncursesw), for the interactive view; opened
// at its first use by CNcursesLoader, which defines the functions declared here.
// What is a macro in C, or a variable that may be one, is wrapped in a
// static inline function (or a constant) that Swift can call.
#ifndef TODO_REMIND_CNCURSES_SHIM_H
#define TODO_REMIND_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <locale.h>
#include <stdio.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <wchar.h>

// term.h defines these as macros for the terminal's capabilities, which
// would shadow any Swift name of the same spelling.
#undef lines
#undef columns

// ncurses's variables, read through CNcursesLoader, which opens ncurses at
// its first use (so nothing here may name a symbol of the library itself).
WINDOW *todo_stdscr(void);
WINDOW *todo_curscr(void);
int todo_lines(void);
int todo_cols(void);
int todo_colors(void);
// ncurses on the process's own stdin and stdout, the terminal TERM names.
static inline SCREEN *todo_newterm(void) { return newterm(NULL, stdout, stdin); }

static inline attr_t todo_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }
static const attr_t TODO_A_NORMAL = A_NORMAL;
static const attr_t TODO_A_BOLD = A_BOLD;
static const attr_t TODO_A_DIM = A_DIM;
static const attr_t TODO_A_REVERSE = A_REVERSE;
static const attr_t TODO_A_UNDERLINE = A_UNDERLINE;

static const mmask_t TODO_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t TODO_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t TODO_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t TODO_BUTTON1_DOUBLE_CLICKED = BUTTON1_DOUBLE_CLICKED;
static const mmask_t TODO_BUTTON4_PRESSED = BUTTON4_PRESSED;
static const mmask_t TODO_BUTTON5_PRESSED = BUTTON5_PRESSED;

// The window size the kernel has for the terminal on `fd` (TIOCGWINSZ).
static inline int todo_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

// Sets a window's attributes and colour pair (wattr_set is a macro in some builds).
static inline int todo_attr_set(WINDOW *window, attr_t attrs, short pair) {
    return wattr_set(window, attrs, pair, NULL);
}

#endif
