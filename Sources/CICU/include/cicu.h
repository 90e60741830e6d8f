// The system's ICU (Debian's libicu-dev), which libical links already: the
// Unicode tables behind folding text for search (case folding, canonical
// decomposition and composition) and collation (the order of titles).
//
// A C target rather than a module map over ICU's headers: ICU renames its
// functions with its version (`u_strFoldCase_72`) through macros that only
// C follows, and its types must not meet those of the ICU that Foundation
// carries (`_FoundationICU`) in a module, such as a test, that imports
// both. So this header names no ICU type; cicu.c includes ICU.
#ifndef TODO_REMIND_CICU_H
#define TODO_REMIND_CICU_H

#include <stdint.h>

// Full case folding of UTF-16 `source` (u_strFoldCase, the default mapping:
// "ẞ" folds to "ss", "İ" to "i" and U+0307) into `destination`. Returns the
// folded length, which may exceed `capacity` (then nothing useful is
// written); negative on any other failure.
int32_t todo_icu_fold_case(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity);

// The full canonical decomposition of `scalar` in UTF-16
// (unorm2_getDecomposition of the NFD instance) into `destination`: its
// length, or -1 when the scalar has none (it is its own decomposition).
int32_t todo_icu_decomposition(int32_t scalar, uint16_t *destination, int32_t capacity);

// UTF-16 `source` in normalization form C (`composed` 1) or D (0)
// (unorm2_normalize) into `destination`. Returns the length, which may
// exceed `capacity`; negative on any other failure.
int32_t todo_icu_normalize(int composed, const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity);

// A collator of the root locale (ucol_open) at strength 1 (secondary:
// ignores case but not accents) or 2 (tertiary: minds case too), with
// numeric ordering ("a9" before "a10") when `numeric` is 1. NULL when ICU
// has no data for it. Never closed: todo-remind opens each once.
void *todo_icu_open_collator(int strength, int numeric);

// How UTF-8 `left` compares with `right` by `collator` (ucol_strcollUTF8):
// negative, zero or positive.
int todo_icu_collate_utf8(const void *collator, const char *left, int32_t leftLength,
                          const char *right, int32_t rightLength);

#endif
