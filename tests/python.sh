#!/bin/sh
# The Python module (python/tabula) over the shared library of this build,
# tested with unittest (tests/python/test_tabula.py). Skipped (exit 77) when
# configure found no Python 3 or the shared library is not built.
srcdir=${srcdir:-.}
builddir=${builddir:-.}
PYTHON=${PYTHON:-python3}
if [ "$PYTHON" = ":" ] || ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "SKIP: no Python 3 (configure did not find one)"
    exit 77
fi
lib="$builddir/.libs/libtabula.so"
if [ "${TABULA_SHARED:-yes}" = no ] || [ ! -e "$lib" ]; then
    echo "SKIP: the shared library is not built (configure --disable-shared)"
    exit 77
fi
# A library built with sanitizers needs their runtimes loaded first into the
# interpreter, which is not built with them.
preload=
for rt in asan ubsan; do
    if ldd "$lib" 2>/dev/null | grep -q "lib$rt"; then
        path=$(ldd "$lib" | sed -n "s/.*lib$rt[^ ]* => \([^ ]*\).*/\1/p" | head -n 1)
        [ -n "$path" ] && preload="$preload${preload:+ }$path"
    fi
done
TABULA_LIBRARY="$lib" PYTHONPATH="$srcdir/python${PYTHONPATH:+:$PYTHONPATH}" \
    PYTHONDONTWRITEBYTECODE=1 ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    LD_PRELOAD="$preload${LD_PRELOAD:+ $LD_PRELOAD}" \
    "$PYTHON" -m unittest discover -s "$srcdir/tests/python" -p 'test_*.py' -v
