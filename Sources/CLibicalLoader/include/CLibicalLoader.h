// Nothing to import: LibicalLoader.c defines the libical functions that
// CLibical declares, and a target that calls them depends on this one to be
// linked with those definitions.
#ifndef TODO_REMIND_CLIBICALLOADER_H
#define TODO_REMIND_CLIBICALLOADER_H
#endif
