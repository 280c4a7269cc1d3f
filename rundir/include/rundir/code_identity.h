// What code a point of a run measured, as its run directory keeps it: the measured binary's hash,
// and a fingerprint of the last IR the dumper kept of that variant (SASS, else PTX; a host op's
// assembly) with what does not make code left out (debug sections, .loc/.file/.ident lines,
// comments): two builds whose binaries differ only by a path in their debug information ran the
// same code. The history keeps both per point and build: a time step is the compiler's only where
// the code changed.
#pragma once
#include <string>
#include <string_view>

#include "model/point_record.h"
#include "rundir/layout.h"

namespace abt {

struct CodeIdentity {
  std::string binary;  // the measured binary's sha256 (empty: none kept)
  std::string ir;      // the canonical IR's sha256 (empty: no IR file of the variant readable)

  bool known() const { return !binary.empty() || !ir.empty(); }
  // Both known: the same code when the binaries are, or when the canonical IR is.
  bool same_as(const CodeIdentity& other) const;
};

// The IR's text with every line that is no code left out, lines kept in order.
std::string canonical_code(std::string_view ir);

// The point's identity; its IR read inside the run directory only (a link or a path that climbs
// out is not read).
CodeIdentity code_identity(const RunLayout& layout, const PointRecord& point);

}  // namespace abt
