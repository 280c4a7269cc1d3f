// abtool capture's replay check is an `abtool record` started beside the workload: while the
// workload runs, it starts its compiler and imports the libraries the workload's kernels come from
// (torch and FlagGems take seconds), then waits in a handshake folder until the capture is written.
// The folder holds the shim's `imports-<pid>.txt` (a module a line, as the kernels are first seen)
// and, once the capture is written, `go`.
#pragma once
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace abt::capture {

// Record's side (`record --after-capture DIR`): returns when DIR/go exists, having handed
// `preload` each module of DIR/imports-*.txt once, as they appear. Throws Interrupted on SIGINT or
// SIGTERM, and InputError when DIR is gone (the capture ended without its check).
void await_capture(const std::filesystem::path& dir, const std::function<void(const std::vector<std::string>&)>& preload);

// The capture's side: the capture at its destination is complete.
void release_check(const std::filesystem::path& dir);

}  // namespace abt::capture
