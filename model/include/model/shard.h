// `--shard I/N`: the I-th of N parts of a run's points, I counted from 1 as Jest's, Playwright's and
// Slurm's own `I/N` flags count (1/4 is the first part); `abtool merge` joins the N shard runs into
// one (shards/merge.h). Held from 0 inside (`index`), spelled from 1 at every edge (`text`).
#pragma once
#include <optional>
#include <string>

namespace abt {

struct Shard {
  int index = 0;  // from 0
  int count = 1;
  // "I/N", I from 1: what the command line takes and every message and meta.json says.
  std::string text() const { return std::to_string(index + 1) + "/" + std::to_string(count); }
  // "I/N" with 1 <= I <= N <= 100000; nullopt otherwise.
  static std::optional<Shard> parse(const std::string& text);
  // "I/N" with 0 <= I < N: how meta.json before abtool.meta/4 spelled a shard.
  static std::optional<Shard> parse_from_zero(const std::string& text);
  bool operator==(const Shard&) const = default;
};

}  // namespace abt
