// results.json: every point the run planned (ids, in order) and those it finished, with their
// summaries; the samples are in samples.bin (samples_file.h). Written as the run goes, one line
// per finished point (docs/run-directory.md):
//
//   {"schema":"abtool.results/6","samples":"samples.bin","planned":[...],"points":[
//   {...point...}
//   ,{...point...}
//   ],"complete":false,"running":true}
//
// The last line says the run goes on; each point replaces it with the point's line and itself
// again, in one write, so the file is one JSON document between writes and after a kill (a reader
// during a write may see part of it: the kernel shows a write's pages as it copies them). When the run
// ends its end line takes the place ("complete": false: interrupted or aborted), padded to the same
// length. Older runs killed midway may lack a last line: a reader takes the whole lines before
// the end. Appending a point costs what the point's line costs.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/point_record.h"
#include "rundir/point_codec.h"
#include "util/append_file.h"

namespace abt {

struct ResultsFile {
  bool complete = false;
  // Its end line was read: the run ended (finished, interrupted or aborted). A file whose last line
  // says "running" (or, from an older abtool, that lacks one) was cut short: by a kill (the run is
  // still `running` in meta.json) or by damage.
  bool ended = false;
  uint64_t ends_at_byte = 0;  // where a file that did not end stops being whole lines
  std::vector<std::string> planned;
  std::vector<PointRecord> points;

  enum class Samples { read, skip };
  // Validates; RunFormatError on damage. `samples`: skip leaves every side's samples empty (its
  // summary is read): for readers that need only the points' configs, binaries and summaries.
  static ResultsFile read(const std::filesystem::path& file, Samples samples = Samples::read);
};

// Appends to a run's results.json and samples.bin.
class ResultsWriter {
 public:
  // A new run: both files created, with the planned points and no finished one.
  static ResultsWriter create(const std::filesystem::path& results, const std::filesystem::path& samples,
                              const std::vector<std::string>& planned);
  // An unfinished run, to go on with: its last line (or a line torn by a kill) is cut off, and
  // `existing` holds what it had (read and validated, its samples read back once: RunFormatError
  // when samples.bin no longer holds them, naming it and the first damaged point).
  static ResultsWriter reopen(const std::filesystem::path& results, const std::filesystem::path& samples,
                              ResultsFile& existing);

  void append(const PointRecord& point);
  // The end line; after it, only reopen() appends again.
  void finish(bool complete);

  // A whole new results.json and samples.bin holding `results` (tools and tests that make runs).
  static void write(const std::filesystem::path& results, const std::filesystem::path& samples, const ResultsFile& whole);

 private:
  ResultsWriter(const std::filesystem::path& results, const std::filesystem::path& samples, bool has_points, uint64_t tail_at);
  AppendFile results_;
  SamplesWriter samples_;
  bool has_points_ = false;
  uint64_t tail_at_ = 0;  // where the running line starts
};

}  // namespace abt
