#include "rundir/results_file.h"

#include <fmt/format.h>

#include "json_array_split.h"
#include "lifted_numbers.h"
#include "rundir/json_fields.h"
#include "rundir/layout.h"
#include "util/mapped_file.h"
#include "util/parallel.h"

namespace abt {
namespace {

constexpr const char* kPointLabel = "point";

// Where PointRecord::from_json reads samples: nearly all of a point's bytes, lifted out of its text
// before nlohmann parses the rest (lifted_numbers.h).
const std::vector<KeyPath> kSampleArrays = {{"samples_us"}, {"baseline", "samples_us"}, {"retuned", "samples_us"}};

struct ResultsHead {
  bool complete = false;
  std::vector<std::string> planned;
};

// Everything but the points; `points` is the array of them (checked here, read by the caller).
ResultsHead read_head(const JsonFields& fields) {
  fields.require_schema(kResultsSchema);
  ResultsHead head;
  head.complete = fields.boolean("complete");
  head.planned = fields.texts("planned");
  return head;
}

// One document, parsed as a whole: the reading for a file the split does not understand, and the
// one whose messages are the reference (a damaged byte is named by its offset in the file).
ResultsFile read_whole(std::string_view text, const std::filesystem::path& file) {
  nlohmann::json json = JsonFields::parse(text, file);
  JsonFields fields(json, file.string());
  ResultsHead head = read_head(fields);
  ResultsFile results{head.complete, std::move(head.planned), {}};
  for (const JsonFields& entry : fields.objects("points", kPointLabel)) results.points.push_back(PointRecord::from_json(entry));
  return results;
}

// The same reading with the points parsed side by side; nullopt when a part is not valid JSON.
// Errors come in the whole reading's order: a part that does not parse, the file's own fields,
// the first point that is not an object, then the first point with a damaged field.
std::optional<ResultsFile> read_split(const JsonArraySplit& split, const std::filesystem::path& file) {
  enum class Outcome : char { read, unparsed, not_an_object, damaged };
  const size_t count = split.elements.size();
  std::vector<PointRecord> points(count);
  std::vector<Outcome> outcomes(count, Outcome::read);
  std::vector<std::exception_ptr> errors(count);
  for_each_index(count, [&](size_t i) {
    const std::optional<LiftedNumbers> lifted = lift_number_arrays(split.elements[i], kSampleArrays);
    nlohmann::json element;
    try {
      element = nlohmann::json::parse(lifted ? std::string_view(lifted->text) : split.elements[i]);
    } catch (const nlohmann::json::parse_error&) {
      outcomes[i] = Outcome::unparsed;
      return;
    }
    try {
      JsonFields entry(element, fmt::format("{}: {} {}", file.string(), kPointLabel, i + 1), lifted ? &*lifted : nullptr);
      try {
        points[i] = PointRecord::from_json(entry);
      } catch (const RunFormatError&) {
        outcomes[i] = Outcome::damaged;
        errors[i] = std::current_exception();
      }
    } catch (const RunFormatError&) {
      outcomes[i] = Outcome::not_an_object;
      errors[i] = std::current_exception();
    }
  });
  nlohmann::json head_json;
  try {
    head_json = nlohmann::json::parse(split.rest);
  } catch (const nlohmann::json::parse_error&) {
    return std::nullopt;
  }
  for (Outcome outcome : outcomes)
    if (outcome == Outcome::unparsed) return std::nullopt;
  JsonFields fields(head_json, file.string());
  ResultsHead head = read_head(fields);
  fields.objects("points", kPointLabel);  // an array, as the whole reading requires
  for (Outcome failure : {Outcome::not_an_object, Outcome::damaged})
    for (size_t i = 0; i < count; ++i)
      if (outcomes[i] == failure) std::rethrow_exception(errors[i]);
  return ResultsFile{head.complete, std::move(head.planned), std::move(points)};
}

}  // namespace

nlohmann::json ResultsFile::to_json() const {
  nlohmann::json entries = nlohmann::json::array();
  for (const auto& point : points) entries.push_back(point.to_json());
  return {{"schema", kResultsSchema}, {"complete", complete}, {"planned", planned}, {"points", entries}};
}

ResultsFile ResultsFile::read(const std::filesystem::path& file) {
  // Mapped, not copied: a big run's file is tens of MB.
  std::optional<MappedFile> mapped;
  try {
    mapped.emplace(file);
  } catch (const InputError&) {
    throw RunFormatError(file.string() + ": missing or unreadable");
  }
  const std::string_view text = mapped->text();
  // A big run's points are nearly all of its bytes: parsed one by one on every core.
  if (auto split = split_array_field(text, "points"))
    if (auto results = read_split(*split, file)) return std::move(*results);
  return read_whole(text, file);
}

}  // namespace abt
