#include "rundir/results_file.h"

#include "rundir/json_fields.h"
#include "rundir/layout.h"

namespace abt {

nlohmann::json ResultsFile::to_json() const {
  nlohmann::json entries = nlohmann::json::array();
  for (const auto& point : points) entries.push_back(point.to_json());
  return {{"schema", kResultsSchema}, {"complete", complete}, {"planned", planned}, {"points", entries}};
}

ResultsFile ResultsFile::read(const std::filesystem::path& file) {
  nlohmann::json json = JsonFields::parse_file(file);
  JsonFields fields(json, file.string());
  fields.require_schema(kResultsSchema);
  ResultsFile results;
  results.complete = fields.boolean("complete");
  results.planned = fields.texts("planned");
  for (const JsonFields& entry : fields.objects("points", "point")) results.points.push_back(PointRecord::from_json(entry));
  return results;
}

}  // namespace abt
