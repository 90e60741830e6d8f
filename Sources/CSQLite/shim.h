// SQLite 3 (Debian's libsqlite3-dev), found through pkg-config: the store's
// one file. Swift cannot call SQLite's variadic functions nor use the macros
// that cast a number to a pointer; these wrappers can.
#ifndef TODO_REMIND_CSQLITE_SHIM_H
#define TODO_REMIND_CSQLITE_SHIM_H

#include <sqlite3.h>

// Refuses "text" where an identifier is meant, in a schema and in a query
// alike (sqlite3_db_config with SQLITE_DBCONFIG_DQS_DDL and _DML): a
// misspelled column in double quotes is an error, not a string.
static inline void todo_sqlite3_refuse_double_quoted_strings(sqlite3 *db) {
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (void *)0);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (void *)0);
}

// SQLITE_TRANSIENT: SQLite copies a bound text or blob before the call returns.
static inline sqlite3_destructor_type todo_sqlite3_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
