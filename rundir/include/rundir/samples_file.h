// samples.bin, the run's samples sidecar (SPEC section 5; the format is documented in
// rundir/schemas/samples.md): the raw samples of every measured side of every point, with their
// round sizes, machine probes and SM clocks, appended as each point ends. results.json names each
// side's record by offset and size (SamplesRef), so a run's cost of writing a point does not grow
// with the points before it, and reading one side reads its record alone.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "model/measurement.h"
#include "util/append_file.h"
#include "util/mapped_file.h"

namespace abt {

// Where one side's record lies in samples.bin, and what it holds (results.json keeps this).
struct SamplesRef {
  uint64_t at = 0, bytes = 0;
  uint64_t samples = 0, rounds = 0;  // for readers of results.json alone, and checked against the record
};

class SamplesWriter {
 public:
  // Creates the file with its header, or opens an existing one to go on appending (a resumed
  // run; a record torn by a crash at the end is left in place, unreferenced).
  explicit SamplesWriter(const std::filesystem::path& file);
  // The samples, round sizes, probes and clocks of `measurement`.
  SamplesRef append(const Measurement& measurement);

 private:
  AppendFile file_;
};

class SamplesReader {
 public:
  // Maps `file`; RunFormatError when it is missing or is not a samples sidecar.
  explicit SamplesReader(const std::filesystem::path& file);
  // Fills the samples, round sizes, probes and clocks of `measurement` from `ref`'s record;
  // RunFormatError naming `where` (the point and side) when the record is damaged or does not
  // match `ref`.
  void read(const SamplesRef& ref, Measurement& measurement, const std::string& where) const;

 private:
  std::filesystem::path file_;
  std::unique_ptr<MappedFile> mapped_;
};

}  // namespace abt
