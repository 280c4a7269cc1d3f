#include "util/stop_signals.h"

#include <csignal>

namespace abt {
namespace {

volatile std::sig_atomic_t received = 0;

extern "C" void note_signal(int signal) { received = signal; }

}  // namespace

void catch_stop_signals() {
  struct sigaction action {};
  action.sa_handler = note_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int stop_signal() { return received; }

}  // namespace abt
