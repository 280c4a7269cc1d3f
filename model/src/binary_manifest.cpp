#include "model/binary_manifest.h"

#include "model/json_fields.h"

namespace abt {

nlohmann::json TensorMapMeta::to_json() const {
  return {{"swizzle", swizzle}, {"element_bytes", element_bytes}, {"data_type", data_type}, {"block", block}};
}

TensorMapMeta TensorMapMeta::from_json(const JsonFields& fields) {
  TensorMapMeta meta;
  meta.swizzle = int(fields.integer("swizzle"));
  meta.element_bytes = int(fields.integer("element_bytes"));
  meta.data_type = int(fields.integer("data_type"));
  meta.block = fields.integers("block");
  return meta;
}

nlohmann::json TritonLaunchContract::to_json() const {
  nlohmann::json maps = nlohmann::json::array();
  for (const TensorMapMeta& map : tensor_maps) maps.push_back(map.to_json());
  return {{"num_warps", num_warps},
          {"shared_bytes", shared_bytes},
          {"passed_args", passed_args},
          {"global_scratch_bytes", global_scratch_bytes},
          {"global_scratch_align", global_scratch_align},
          {"profile_scratch_bytes", profile_scratch_bytes},
          {"profile_scratch_align", profile_scratch_align},
          {"tensor_maps", maps},
          {"unsupported", unsupported}};
}

TritonLaunchContract TritonLaunchContract::from_json(const JsonFields& fields) {
  TritonLaunchContract contract;
  contract.num_warps = unsigned(fields.unsigned_integer("num_warps"));
  contract.shared_bytes = unsigned(fields.unsigned_integer("shared_bytes"));
  contract.passed_args = fields.texts("passed_args");
  contract.global_scratch_bytes = fields.unsigned_integer("global_scratch_bytes");
  contract.global_scratch_align = fields.unsigned_integer("global_scratch_align");
  contract.profile_scratch_bytes = fields.unsigned_integer("profile_scratch_bytes");
  contract.profile_scratch_align = fields.unsigned_integer("profile_scratch_align");
  contract.unsupported = fields.text("unsupported");
  if (fields.has("tensor_maps"))  // absent in runs made before descriptors could be launched
    for (const JsonFields& map : fields.objects("tensor_maps", "tensor map")) contract.tensor_maps.push_back(TensorMapMeta::from_json(map));
  return contract;
}

nlohmann::json BinaryManifest::to_json() const {
  return {{"file", file},
          {"sha256", sha256},
          {"entry_symbol", entry_symbol},
          {"triton", triton ? triton->to_json() : nlohmann::json()}};
}

BinaryManifest BinaryManifest::from_json(const JsonFields& fields) {
  BinaryManifest manifest;
  manifest.file = fields.inner_path("file");
  manifest.sha256 = fields.text("sha256");
  manifest.entry_symbol = fields.text("entry_symbol");
  if (fields.has("triton")) manifest.triton = TritonLaunchContract::from_json(fields.object("triton"));
  return manifest;
}

}  // namespace abt
