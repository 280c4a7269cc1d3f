// Every process abtool starts ends with the thread that started it: a supervisor killed with
// SIGKILL (a CI timeout, Python's subprocess) takes its worker with it, and the worker its
// compilers, instead of leaving them to finish a run nobody watches. Pass dies_with_parent() to a
// boost::process::child started by a thread that outlives it (the main thread, or one that waits
// for the child).
#pragma once
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <boost/process/extend.hpp>

namespace abt {

// Between fork and exec: the kernel sends the child SIGKILL when its parent ends
// (PR_SET_PDEATHSIG, kept across exec), and a child whose parent ended before that was set
// (its parent is then another process) exits at once.
inline auto dies_with_parent() {
  const pid_t parent = ::getpid();
  return boost::process::extend::on_exec_setup = [parent](auto&) {
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || ::getppid() != parent) ::_exit(127);
  };
}

}  // namespace abt
