// SIGINT and SIGTERM are noted, not acted on in the handler: a worker stops at its next step
// (Interrupted), a supervisor passes them on to its worker and waits for it.
#pragma once

namespace abt {

void catch_stop_signals();  // idempotent
int stop_signal();          // 0 until SIGINT or SIGTERM arrived, then that signal

}  // namespace abt
