// The wrappers of cicu.h, compiled against the system's ICU headers.
#include "cicu.h"

#include <unicode/ustring.h>
#include <unicode/unorm2.h>
#include <unicode/ucol.h>

// Full case folding of `source` (u_strFoldCase, the default mapping: "ẞ"
// folds to "ss", "İ" to "i" and U+0307) into `destination`. Returns the
// folded length, which may exceed `capacity` (then nothing useful is
// written); negative on any other failure.
int32_t todo_icu_fold_case(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t folded = u_strFoldCase((UChar *)destination, capacity, (const UChar *)source, length, U_FOLD_CASE_DEFAULT, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status)) return folded;
    return -1;
}

// The full canonical decomposition of `scalar` (unorm2_getDecomposition of
// the NFD instance) into `destination`: its length, or -1 when the scalar
// has none (it is its own decomposition).
int32_t todo_icu_decomposition(int32_t scalar, uint16_t *destination, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t length = unorm2_getDecomposition(nfd, scalar, (UChar *)destination, capacity, &status);
    return U_SUCCESS(status) ? length : -1;
}

// `source` in normalization form C or D (unorm2_normalize of the NFC or
// NFD instance) into `destination`. Returns the length, which may exceed
// `capacity`; negative on any other failure.
int32_t todo_icu_normalize(int composed, const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *form = composed ? unorm2_getNFCInstance(&status) : unorm2_getNFDInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t normalized = unorm2_normalize(form, (const UChar *)source, length, (UChar *)destination, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status)) return normalized;
    return -1;
}

// A collator of the root locale (ucol_open) at `strength`: 1 for
// UCOL_SECONDARY (ignores case but not accents), 2 for UCOL_TERTIARY
// (minds case too); with
// numeric ordering ("a9" before "a10") when `numeric`. NULL when ICU has
// no data for it.
void *todo_icu_open_collator(int strength, int numeric) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open("", &status);
    if (U_FAILURE(status)) return NULL;
    ucol_setStrength(collator, strength == 2 ? UCOL_TERTIARY : UCOL_SECONDARY);
    if (numeric) ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status);
    return collator;
}

// How `left` compares with `right`, both UTF-8, by `collator`
// (ucol_strcollUTF8): negative, zero or positive.
int todo_icu_collate_utf8(const void *collator, const char *left, int32_t leftLength,
                          const char *right, int32_t rightLength) {
    UErrorCode status = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8((const UCollator *)collator, left, leftLength, right, rightLength, &status);
    return U_SUCCESS(status) ? (int)result : 0;
}

