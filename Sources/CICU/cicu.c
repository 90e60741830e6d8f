// The wrappers of cicu.h, compiled against the system's ICU headers.
//
// ICU is opened at the first call of one of them, not named as a library
// the binaries need: loading libicuuc and libicui18n (and the libstdc++
// they bind) costs about 5 M instructions, as much as the rest of an empty
// `list` (BENCHMARKS.md, "Starting a command"), and most commands never fold
// or collate text. ICU's functions carry its major version in their names
// (u_strFoldCase is u_strFoldCase_72 on Debian 12); the header's macros say
// which, so the names found are those this was compiled against.
#include "cicu.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unicode/ustring.h>
#include <unicode/unorm2.h>
#include <unicode/ucol.h>

#define TODO_TEXT(x) #x
#define TODO_NAME(x) TODO_TEXT(x)

// The libraries' names, kept in the binary's section todo_remind_dlopen too,
// where the Debian package's build reads what the binaries open beside what
// they link (scripts/build-deb).
__attribute__((used, retain, section("todo_remind_dlopen")))
static const char icuuc_soname[] = "libicuuc.so." TODO_NAME(U_ICU_VERSION_MAJOR_NUM);
__attribute__((used, retain, section("todo_remind_dlopen")))
static const char icui18n_soname[] = "libicui18n.so." TODO_NAME(U_ICU_VERSION_MAJOR_NUM);

static struct {
    __typeof__(&u_strFoldCase) u_strFoldCase;
    __typeof__(&unorm2_getNFDInstance) unorm2_getNFDInstance;
    __typeof__(&unorm2_getNFCInstance) unorm2_getNFCInstance;
    __typeof__(&unorm2_getDecomposition) unorm2_getDecomposition;
    __typeof__(&unorm2_normalize) unorm2_normalize;
    __typeof__(&ucol_open) ucol_open;
    __typeof__(&ucol_setStrength) ucol_setStrength;
    __typeof__(&ucol_setAttribute) ucol_setAttribute;
    __typeof__(&ucol_strcollUTF8) ucol_strcollUTF8;
} icu;

static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

// Without ICU no text can be folded or ordered as it always was: say which
// package is missing and stop, as a binary that named the library would
// have at its start.
static void icu_missing(const char *what) {
    fprintf(stderr, "Error: todo-remind needs ICU %d (Debian's libicu%d package): %s\n",
            U_ICU_VERSION_MAJOR_NUM, U_ICU_VERSION_MAJOR_NUM, what);
    exit(69);
}

static void icu_open(void) {
    void *common = dlopen(icuuc_soname, RTLD_NOW | RTLD_LOCAL);
    if (common == NULL) icu_missing(dlerror());
    void *i18n = dlopen(icui18n_soname, RTLD_NOW | RTLD_LOCAL);
    if (i18n == NULL) icu_missing(dlerror());
#define FIND(library, name) \
    if ((*(void **)&icu.name = dlsym(library, TODO_NAME(name))) == NULL) icu_missing(dlerror());
    FIND(common, u_strFoldCase)
    FIND(common, unorm2_getNFDInstance)
    FIND(common, unorm2_getNFCInstance)
    FIND(common, unorm2_getDecomposition)
    FIND(common, unorm2_normalize)
    FIND(i18n, ucol_open)
    FIND(i18n, ucol_setStrength)
    FIND(i18n, ucol_setAttribute)
    FIND(i18n, ucol_strcollUTF8)
#undef FIND
}

static inline void icu_load(void) {
    pthread_once(&icu_once, icu_open);
}

// Full case folding of `source` (u_strFoldCase, the default mapping: "ẞ"
// folds to "ss", "İ" to "i" and U+0307) into `destination`. Returns the
// folded length, which may exceed `capacity` (then nothing useful is
// written); negative on any other failure.
int32_t todo_icu_fold_case(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity) {
    icu_load();
    UErrorCode status = U_ZERO_ERROR;
    int32_t folded = icu.u_strFoldCase((UChar *)destination, capacity, (const UChar *)source, length, U_FOLD_CASE_DEFAULT, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status)) return folded;
    return -1;
}

// The full canonical decomposition of `scalar` (unorm2_getDecomposition of
// the NFD instance) into `destination`: its length, or -1 when the scalar
// has none (it is its own decomposition).
int32_t todo_icu_decomposition(int32_t scalar, uint16_t *destination, int32_t capacity) {
    icu_load();
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = icu.unorm2_getNFDInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t length = icu.unorm2_getDecomposition(nfd, scalar, (UChar *)destination, capacity, &status);
    return U_SUCCESS(status) ? length : -1;
}

// `source` in normalization form C or D (unorm2_normalize of the NFC or
// NFD instance) into `destination`. Returns the length, which may exceed
// `capacity`; negative on any other failure.
int32_t todo_icu_normalize(int composed, const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity) {
    icu_load();
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *form = composed ? icu.unorm2_getNFCInstance(&status) : icu.unorm2_getNFDInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t normalized = icu.unorm2_normalize(form, (const UChar *)source, length, (UChar *)destination, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status)) return normalized;
    return -1;
}

// A collator of the root locale (ucol_open) at `strength`: 1 for
// UCOL_SECONDARY (ignores case but not accents), 2 for UCOL_TERTIARY
// (minds case too); with
// numeric ordering ("a9" before "a10") when `numeric`. NULL when ICU has
// no data for it.
void *todo_icu_open_collator(int strength, int numeric) {
    icu_load();
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = icu.ucol_open("", &status);
    if (U_FAILURE(status)) return NULL;
    icu.ucol_setStrength(collator, strength == 2 ? UCOL_TERTIARY : UCOL_SECONDARY);
    if (numeric) icu.ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status);
    return collator;
}

// How `left` compares with `right`, both UTF-8, by `collator`
// (ucol_strcollUTF8): negative, zero or positive.
int todo_icu_collate_utf8(const void *collator, const char *left, int32_t leftLength,
                          const char *right, int32_t rightLength) {
    icu_load();
    UErrorCode status = U_ZERO_ERROR;
    UCollationResult result = icu.ucol_strcollUTF8((const UCollator *)collator, left, leftLength, right, rightLength, &status);
    return U_SUCCESS(status) ? (int)result : 0;
}

