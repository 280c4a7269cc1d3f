// Where `record` finds its ops and shape set when not told (docs/commands.md, "Where abtool finds its
// ops"): $ABTOOL_OPS_DIR / $ABTOOL_SHAPES; else the nearest folder above the abtool binary that
// holds examples/ops (a build tree inside a checkout finds that checkout); else the working
// directory's examples/ops and shapes/smoke.yaml. Nothing is baked in at build time.
#pragma once
#include "engine/run_request.h"

namespace abt {

RunDefaults record_defaults();  // empty paths where nothing was found

// capture's default --out: captures/capture_<YYYYmmdd-HHMMSS> in the working directory.
std::filesystem::path default_capture_dir();

}  // namespace abt
