// What a --resume finishes with must be what the run began with: a compiler rebuilt between a
// kill and the resume would otherwise leave points of two compilers in a run whose meta.json names
// one. The resume's own settings (its compiler's fingerprint, the reference compilers, the timing
// and sweep settings, the seed, the machine) are compared with meta.json's.
#pragma once
#include <string>
#include <vector>

#include "rundir/meta_record.h"

namespace abt {

// What differs between the run as meta.json records it and as it would be made now, one line
// each ("compiler sha256: 1f2e... then, 9a8b... now"); empty when the resume may go on.
std::vector<std::string> resume_changes(const MetaRecord& recorded, const MetaRecord& now);

}  // namespace abt
