// `--shard I/N`: the I-th of N parts of a run's points (I from 0), for clusters; `abtool merge`
// joins the N shard runs into one (rundir/merge.h).
#pragma once
#include <optional>
#include <string>

namespace abt {

struct Shard {
  int index = 0;
  int count = 1;
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
  // "I/N" with 0 <= I < N <= 100000; nullopt otherwise.
  static std::optional<Shard> parse(const std::string& text);
  bool operator==(const Shard&) const = default;
};

}  // namespace abt
