// A run's progress as a file, for the process that supervises several runs at once (`--gpus`:
// one part per GPU) and draws one line for all of them. A run writes it when
// ABTOOL_PROGRESS_FILE names a path (atomically, at most twice a second).
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace abt {

inline constexpr const char* kProgressFileVariable = "ABTOOL_PROGRESS_FILE";

struct ProgressSnapshot {
  size_t done = 0, total = 0;   // points
  double elapsed_s = 0;
  std::optional<double> eta_s;  // unknown before the first step is done
  std::string current;          // what runs now

  void write(const std::filesystem::path& file) const;
  // nullopt while there is none (or it cannot be read: the writer replaces it atomically).
  static std::optional<ProgressSnapshot> read(const std::filesystem::path& file);
};

}  // namespace abt
