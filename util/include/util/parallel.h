// Independent work items spread over every core.
#pragma once
#include <cstddef>
#include <functional>

namespace abt {

// The machine's logical cores (at least 1), read once: glibc reads /sys for every
// std::thread::hardware_concurrency(), ~20 us of system calls, too dear on a per-call path.
unsigned logical_cores();

// Calls `body(i)` for every i in [0, count), on up to one thread per core, items taken in order
// as threads come free. When bodies throw, every item still runs, and the exception of the
// lowest i is rethrown here: the same error a loop from 0 would have stopped at.
void for_each_index(size_t count, const std::function<void(size_t)>& body);

}  // namespace abt
