#include "rundir/results_file.h"

#include <fmt/format.h>

#include <exception>
#include <string_view>
#include <unordered_set>

#include "model/json_fields.h"
#include "rundir/layout.h"
#include "util/files.h"
#include "util/mapped_file.h"
#include "util/parallel.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

constexpr const char* kPointLabel = "point";
// The last line while the run goes on, rewritten after each point (so the file is one JSON document
// at every moment); the end line takes its place, padded to its length.
constexpr std::string_view kRunningTail = "],\"complete\":false,\"running\":true}\n";
constexpr std::string_view kPointsOpen = "\"points\":[";
constexpr const char* kSamplesFileName = "samples.bin";

bool blank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

// The sidecar a results file names: a plain file name beside it, never a path elsewhere.
fs::path samples_file_of(const JsonFields& head, const fs::path& results) {
  const std::string name = head.text("samples");
  if (!is_plain_name(name)) head.fail("samples", "'" + name + "' is not a file name beside results.json");
  return results.parent_path() / name;
}

// Decodes `entries` side by side on every core; the first damaged one (in file order) is the error.
std::vector<PointRecord> decode_points(size_t count, const std::function<PointRecord(size_t)>& decode) {
  std::vector<PointRecord> points(count);
  std::vector<std::exception_ptr> errors(count);
  for_each_index(count, [&](size_t i) {
    try {
      points[i] = decode(i);
    } catch (const RunFormatError&) {
      errors[i] = std::current_exception();
    }
  });
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);
  return points;
}

// A reading, and where a writer that goes on appending must cut the file (its end line, or a
// line torn by a kill); nullopt `keep` when the file is not in the line layout.
struct Reading {
  ResultsFile results;
  std::optional<uint64_t> keep;
};

// The whole text as one JSON document: the /2 format, or a /3 file someone reformatted.
Reading read_document(std::string_view text, const fs::path& file, ResultsFile::Samples wanted) {
  const nlohmann::json json = JsonFields::parse(text, file);
  const JsonFields fields(json, file.string());
  const std::string schema = fields.require_schema({kResultsSchema, kResultsSchemaV6, kResultsSchemaV5, kResultsSchemaV4, kResultsSchemaV3, kResultsSchemaV2});
  const ResultsVersion version = schema == kResultsSchemaV2 ? ResultsVersion::v2 : ResultsVersion::v3;
  Reading reading;
  reading.results.complete = fields.boolean("complete");
  reading.results.ended = true;
  reading.results.planned = fields.texts("planned");
  const std::vector<JsonFields> entries = fields.objects("points", kPointLabel);
  std::unique_ptr<SamplesReader> samples;
  if (version == ResultsVersion::v3 && wanted == ResultsFile::Samples::read && !entries.empty())
    samples = std::make_unique<SamplesReader>(samples_file_of(fields, file));
  reading.results.points =
      decode_points(entries.size(), [&](size_t i) { return point_from_json(entries[i], version, samples.get()); });
  return reading;
}

// The line layout results_file.h describes.
Reading read_lines(std::string_view text, const fs::path& file, ResultsFile::Samples wanted) {
  const size_t header_end = text.find('\n');
  const nlohmann::json head_json = JsonFields::parse(std::string(text.substr(0, header_end)) + "]}", file);
  const JsonFields head(head_json, file.string());
  head.require_schema({kResultsSchema, kResultsSchemaV6, kResultsSchemaV5, kResultsSchemaV4, kResultsSchemaV3});
  Reading reading;
  reading.results.planned = head.texts("planned");
  std::vector<std::string_view> lines;
  std::optional<uint64_t> end_line;  // where the end line starts
  size_t at = header_end + 1;
  while (at < text.size()) {
    const size_t newline = text.find('\n', at);
    if (newline == std::string_view::npos) break;  // torn by a kill: not a whole line
    const std::string_view line = text.substr(at, newline - at);
    if (!line.empty() && line.front() == ']') {
      end_line = at;
      const nlohmann::json tail = JsonFields::parse("{\"points\":[" + std::string(line), file);
      reading.results.complete = JsonFields(tail, file.string() + ": its last line").boolean("complete");
      reading.results.ended = !tail.value("running", false);  // running: still going, or killed
      if (!blank(text.substr(newline + 1)))
        throw RunFormatError(fmt::format("{}: text after its last line (at byte {})", file.string(), newline + 1));
      break;
    }
    lines.push_back(line);
    at = newline + 1;
  }
  // A kill can tear the write of a point that replaces the running line after some of its pages:
  // the last line is then the point's beginning (and the running line's leftovers), not a point.
  if (!end_line && !lines.empty()) {
    std::string_view last = lines.back();
    if (lines.size() > 1 && !last.empty() && last.front() == ',') last.remove_prefix(1);
    if (!nlohmann::json::accept(last)) {
      at = size_t(lines.back().data() - text.data());
      lines.pop_back();
    }
  }
  reading.keep = end_line ? *end_line : uint64_t(at);
  reading.results.ends_at_byte = at;
  std::unique_ptr<SamplesReader> samples;
  if (wanted == ResultsFile::Samples::read && !lines.empty())
    samples = std::make_unique<SamplesReader>(samples_file_of(head, file));
  reading.results.points = decode_points(lines.size(), [&](size_t i) {
    std::string_view line = lines[i];
    if (i > 0 && !line.empty() && line.front() == ',') line.remove_prefix(1);
    const std::string where = fmt::format("{}: {} {}", file.string(), kPointLabel, i + 1);
    nlohmann::json json;
    try {
      json = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error& error) {
      throw RunFormatError(fmt::format("{}: not valid JSON (damaged at byte {} of its line)", where, error.byte));
    }
    return point_from_json(JsonFields(json, where), ResultsVersion::v3, samples.get());
  });
  return reading;
}

Reading read_results_unchecked(const fs::path& file, ResultsFile::Samples wanted) {
  std::optional<MappedFile> mapped;
  try {
    mapped.emplace(file);
  } catch (const InputError&) {
    throw RunFormatError(file.string() + ": missing or unreadable");
  }
  const std::string_view text = mapped->text();
  const size_t header_end = text.find('\n');
  const std::string_view header = text.substr(0, header_end);
  if (header_end != std::string_view::npos && header.size() >= kPointsOpen.size() &&
      header.substr(header.size() - kPointsOpen.size()) == kPointsOpen)
    return read_lines(text, file, wanted);
  return read_document(text, file, wanted);
}

// Each point once, and each one planned (an edited file may hold a point twice, or one from
// another run): a resume would go on with a run that every reader then refuses.
void check_point_ids(const ResultsFile& results, const fs::path& file) {
  const std::unordered_set<std::string_view> planned(results.planned.begin(), results.planned.end());
  std::unordered_set<std::string> seen;
  for (size_t i = 0; i < results.points.size(); ++i) {
    std::string id = results.points[i].id();
    if (!planned.empty() && !planned.count(id))
      throw RunFormatError(fmt::format("{}: point {} ({}) is not one of the run's planned points", file.string(), i + 1, id));
    if (!seen.insert(std::move(id)).second)
      throw RunFormatError(fmt::format("{}: point {} ({}): the same point appears twice", file.string(), i + 1,
                                       results.points[i].id()));
  }
}

Reading read_results(const fs::path& file, ResultsFile::Samples wanted) {
  Reading reading = read_results_unchecked(file, wanted);
  check_point_ids(reading.results, file);
  return reading;
}

std::string header_line(const std::vector<std::string>& planned) {
  // By hand: "points" must come last, and nlohmann orders keys by name.
  return fmt::format("{{\"schema\":\"{}\",\"samples\":\"{}\",\"planned\":{},{}\n", kResultsSchema, kSamplesFileName,
                     nlohmann::json(planned).dump(), kPointsOpen);
}

}  // namespace

ResultsFile ResultsFile::read(const fs::path& file, Samples samples) { return read_results(file, samples).results; }

// The file ends with the running line, at `tail_at`.
ResultsWriter::ResultsWriter(const fs::path& results, const fs::path& samples, bool has_points, uint64_t tail_at)
    : results_(results), samples_(samples), has_points_(has_points), tail_at_(tail_at) {}

ResultsWriter ResultsWriter::create(const fs::path& results, const fs::path& samples, const std::vector<std::string>& planned) {
  const std::string header = header_line(planned);
  write_file_atomically(results, header + std::string(kRunningTail));  // whole, with its last line, from the start
  return ResultsWriter(results, samples, false, header.size());
}

ResultsWriter ResultsWriter::reopen(const fs::path& results, const fs::path& samples, ResultsFile& existing) {
  Reading reading = read_results(results, ResultsFile::Samples::skip);
  if (reading.keep) {
    // The points it holds must read back whole before more are added after them: a sidecar cut
    // short, deleted or overwritten since would leave a "finished" run no reader can open.
    try {
      if (!reading.results.points.empty()) ResultsFile::read(results, ResultsFile::Samples::read);
    } catch (const RunFormatError& error) {
      throw RunFormatError(fmt::format("{} (the samples of points it already measured are damaged: the run cannot be "
                                       "finished; record it again)", error.what()));
    }
    existing = std::move(reading.results);
    // The end line (or a line torn by a kill) replaced by the running line, in one write.
    ResultsWriter writer(results, samples, !existing.points.empty(), *reading.keep);
    writer.results_.replace_end(*reading.keep, kRunningTail);
    return writer;
  }
  // A whole document (a run of an older abtool, or a reformatted file): written again in the
  // line layout, its samples into a new sidecar.
  existing = ResultsFile::read(results, ResultsFile::Samples::read);
  fs::remove(samples);
  ResultsWriter writer = create(results, samples, existing.planned);
  for (const auto& point : existing.points) writer.append(point);
  return writer;
}

void ResultsWriter::append(const PointRecord& point) {
  PointSamples refs{samples_.append(point.measurement), std::nullopt, std::nullopt};
  if (point.baseline) refs.baseline = samples_.append(point.baseline->measurement);
  if (point.retuned) refs.retuned = samples_.append(point.retuned->measurement);
  const std::string line = (has_points_ ? "," : "") + point_json(point, refs).dump() + "\n";
  results_.replace_end(tail_at_, line + std::string(kRunningTail));
  tail_at_ += line.size();
  has_points_ = true;
}

void ResultsWriter::finish(bool complete) {
  std::string end = fmt::format("],\"complete\":{}}}", complete ? "true" : "false");
  end.resize(kRunningTail.size() - 1, ' ');  // the running line's length: one write replaces it whole
  results_.replace_end(tail_at_, end + "\n");
}

void ResultsWriter::write(const fs::path& results, const fs::path& samples, const ResultsFile& whole) {
  std::error_code ignored;
  fs::remove(samples, ignored);
  ResultsWriter writer = create(results, samples, whole.planned);
  for (const auto& point : whole.points) writer.append(point);
  writer.finish(whole.complete);
}

}  // namespace abt
