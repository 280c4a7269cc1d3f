#include "rundir/gpu_parts.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "model/json_fields.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

fs::path GpuPartsRecord::part_dir(const fs::path& out, const GpuPart& part) const {
  if (!is_plain_name(part.dir))
    throw RunFormatError(file(out).string() + ": part dir '" + part.dir + "' is not one plain name");
  return parts_dir(out) / part.dir;
}

void GpuPartsRecord::write(const fs::path& out) const {
  nlohmann::json parts_json = nlohmann::json::array();
  for (const auto& part : parts)
    parts_json.push_back({{"gpu", part.gpu}, {"name", part.name}, {"uuid", part.uuid}, {"dir", part.dir}, {"args", part.args}});
  const nlohmann::json json{{"schema", kGpuPartsSchema},
                            {"mode", spelling(mode)},
                            {"command_line", command_line},
                            {"working_directory", working_directory.string()},
                            {"parts", parts_json}};
  write_file_atomically(file(out), json.dump(2) + "\n");
}

GpuPartsRecord GpuPartsRecord::read(const fs::path& out) {
  const nlohmann::json json = JsonFields::parse_file(file(out));
  JsonFields fields(json, file(out).string());
  fields.require_schema(kGpuPartsSchema);
  GpuPartsRecord record;
  record.mode = fields.spelled<RunMode>("mode");
  record.command_line = fields.texts("command_line");
  record.working_directory = fields.text("working_directory");
  for (const JsonFields& part : fields.objects("parts", "part")) {
    GpuPart entry{int(part.unsigned_integer("gpu")), part.text("name"), part.text("uuid"), part.text("dir"),
                  part.texts("args")};
    record.part_dir(out, entry);  // a name that is not one plain component is refused here
    record.parts.push_back(std::move(entry));
  }
  if (record.parts.empty()) fields.fail("parts", "a --gpus run has at least one part");
  return record;
}

void refuse_unmerged_gpu_run(const fs::path& dir) {
  if (fs::exists(dir / "meta.json") || !fs::exists(GpuPartsRecord::file(dir))) return;
  throw InputError(fmt::format("{}: a --gpus run whose parts are not merged yet (it is running, or it stopped); each "
                               "part is a run of its own in {}, and `abtool {} --resume {}` finishes and merges them",
                               dir.string(), GpuPartsRecord::parts_dir(dir).string(),
                               spelling(GpuPartsRecord::read(dir).mode), dir.string()));
}

}  // namespace abt
