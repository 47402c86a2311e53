#!/bin/sh
# Stands in for `cuobjdump -sass BIN` in run_suite.sh's tests (CUOBJDUMP=this script): prints the
# listing named by WARPSIM_FAKE_SASS, whatever binary it is given.
cat "$WARPSIM_FAKE_SASS"
