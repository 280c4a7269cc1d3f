/* Client requests around one stage of a compile that runs its stages in one process (Triton's
   helper loads this with ctypes under --compile-instructions): the counts are zeroed when a stage
   starts and dumped, under the stage's name, when it ends. Outside Valgrind both are no-ops. */
#include <valgrind/callgrind.h>

void abtool_stage_begin(void) { CALLGRIND_ZERO_STATS; }

void abtool_stage_end(const char* name) { CALLGRIND_DUMP_STATS_AT(name); }
