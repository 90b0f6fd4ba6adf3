#!/bin/sh
# Stands for the unit tests when configure did not find the Check library:
# the other tests still run, and this one fails and says why.
say() {
    echo "tests/check_tabula: the unit tests need the Check library (pkg-config check >= 0.9.10), which"
    echo "configure did not find. Install it (Debian: apt-get install check) and run ./configure again."
}
say
# To the console too (descriptor 9, see tests/unit.sh), not only to the log.
if { true >&9; } 2>/dev/null; then say >&9; fi
exit 1
