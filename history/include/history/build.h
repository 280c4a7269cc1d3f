// A build of the compiler under test, as a history orders its runs: the compiler's fingerprint
// (what meta.json says it is), the user's label for it (a commit, a nightly's date) and an order
// key (default: when its run started).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rundir/meta_record.h"
#include "util/spelling.h"

namespace abt {

// How one history's order keys compare: all of one kind, as numbers or as times.
enum class OrderKind { number, time };
template <>
struct Spellings<OrderKind> {
  static constexpr std::array<std::pair<OrderKind, std::string_view>, 2> table{
      {{OrderKind::number, "number"}, {OrderKind::time, "time"}}};
};

struct OrderKey {
  OrderKind kind = OrderKind::time;
  double value = 0;  // the number, or seconds since 1970 of the time read as UTC (only their order counts)
  std::string text;  // as given
  bool operator==(const OrderKey&) const = default;
};

// A number ("1234", "20261206.2") or a date or time ("2026-12-06", "2026-12-06T13:05:00", with a
// space for the T too); nullopt for anything else.
std::optional<OrderKey> parse_order_key(std::string_view text);

// What is wrong with a build's label, if anything: empty, longer than kMaxLabelLength, or holding a
// control character (a label is one line of every table that lists it).
inline constexpr size_t kMaxLabelLength = 100;
std::optional<std::string> label_problem(std::string_view label);

// The compiler's identity, as a digest of meta.json's fingerprint (backend, version, binary and its
// sha256, flags, environment): two runs of one build share it.
std::string compiler_fingerprint_digest(const CompilerFingerprint& compiler);

// "g++ 12.2.0 @1a2b3c4d": the label of a build the user did not name.
std::string default_build_label(const CompilerFingerprint& compiler, const std::string& digest);

struct Build {
  int64_t id = 0;
  std::string label;
  std::string fingerprint;  // compiler_fingerprint_digest
  OrderKey order;
  int runs = 0;
  std::string compiler;  // meta.json's compiler fingerprint, as JSON (empty: a build kept by schema 2)
};

// "g++ 12.2.0, /usr/bin/g++, -O3 -march=native, TRITON_X=1": what a user needs to know the build by.
std::string compiler_text(const std::string& compiler_json);

}  // namespace abt
