// One point of results.json (model/point_record.h as JSON), in both formats this abtool reads:
// abtool.results/7 (/6: the same without the metrics lists; /5: also without phases_s and wall_s; /4: also without compile profiles;
// /3: also without hardware counters or GPU instruction counts) keeps
// each measured side's summary and where its samples lie in samples.bin;
// abtool.results/2 (older runs) held every sample inline. Only the current format is written.
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "model/json_fields.h"
#include "model/point_record.h"
#include "rundir/samples_file.h"

namespace abt {

// Where the samples of each measured side of a point lie (SamplesWriter::append's results).
struct PointSamples {
  SamplesRef measured;
  std::optional<SamplesRef> baseline, retuned;
};

nlohmann::json point_json(const PointRecord& point, const PointSamples& samples);

enum class ResultsVersion { v2, v3 };  // v3 also reads /4 (/3 and its optional counters)

// Reads a point and validates every field (RunFormatError naming it). For /3, the samples come
// from `samples`; null: they are left empty and only the summaries are read (replay reads A so).
PointRecord point_from_json(const JsonFields& entry, ResultsVersion version, const SamplesReader* samples);

}  // namespace abt
