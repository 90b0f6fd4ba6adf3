#!/bin/sh
# Stands for the unit tests when configure did not find the Check library:
# the other tests still run, and this one fails and says why.
echo "tests/check_tabula: the unit tests need the Check library (pkg-config check >= 0.9.10), which"
echo "configure did not find. Install it (Debian: apt-get install check) and run ./configure again."
exit 1
