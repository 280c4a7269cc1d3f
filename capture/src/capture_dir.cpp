#include "capture_dir.h"

#include <fmt/format.h>

#include "opspec/captured_cases.h"
#include "opspec/shape_set.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt::capture {
namespace fs = std::filesystem;

std::string layout::stored_tensor(const std::string& sha) { return std::string(kInputs) + "/" + sha + ".bin"; }

namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
}

}  // namespace

void write_capture(const fs::path& dir, const fs::path& tensors, const Drafts& drafts, const CaptureManifest& manifest) {
  fs::create_directories(dir / layout::kInputs);
  ShapeSet shapes;
  for (const OpDraft& op : drafts.ops) {
    const fs::path op_dir = dir / layout::kOps / op.name;
    fs::create_directories(op_dir);
    std::string yaml = op.yaml;
    if (op.source_copy) {
      write_file_atomically(op_dir / layout::kSourceCopy, *op.source_copy);
      replace_all(yaml, "@SOURCE@", layout::kSourceCopy);
    }
    write_file_atomically(op_dir / layout::kOpSpec, yaml);
    std::map<std::string, CapturedCase> cases;
    ShapeList list;
    list.op = op.name;
    for (const DraftCase& entry : op.cases) {
      cases[entry.point_id] = entry.captured;
      list.shapes.push_back(entry.shape);
    }
    list.dtypes = {op.dtype};
    shapes.ops.push_back(std::move(list));
    write_file_atomically(op_dir / layout::kCases, encode_captured_cases(cases, dir));
    for (const std::string& sha : op.tensors) {
      const fs::path stored = dir / layout::stored_tensor(sha);
      if (fs::exists(stored)) continue;
      std::error_code error;
      fs::rename(tensors / (sha + ".bin"), stored, error);
      if (error) throw StorageError(fmt::format("cannot move the stored tensor {} into {}: {}", sha, dir.string(), error.message()));
    }
  }
  write_file_atomically(dir / layout::kShapes,
                        "# Every distinct specialization abtool capture saw, one shape per point (capture.json says which).\n" +
                            shape_set_to_yaml(shapes));
  write_file_atomically(dir / layout::kManifest, manifest.to_json().dump(1) + "\n");
}

}  // namespace abt::capture
