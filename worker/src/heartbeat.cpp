#include "worker/heartbeat.h"

#include <nlohmann/json.hpp>

#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

fs::path heartbeat_file(const fs::path& control) { return control / "heartbeat"; }

namespace {

// Two slots of kSlotBytes, written in place by turns (slot = sequence % 2), each its JSON line
// padded with NULs. Not a temporary renamed over the file: on ext4 a rename over an existing file
// forces the new one's data to disk, about 0.1 ms (far more on a busy disk) at each of a point's
// steps. A slot written in place stays in the page cache, which the supervisor reads, and outlives
// a worker that dies; a reader that meets the slot being written still has the other one, whole.
constexpr size_t kSlotBytes = 16384;

std::optional<Heartbeat> parse_slot(std::string_view slot);

}  // namespace

void write_heartbeat(const fs::path& control, const Heartbeat& beat) {
  nlohmann::json json{{"run_dir", beat.run_dir.string()},
                      {"kernel", beat.kernel},
                      {"step", {{"kind", spelling(beat.step.kind)}, {"variant", beat.step.variant}, {"round", beat.step.round}}},
                      {"sequence", beat.sequence}};
  if (beat.point)
    json["point"] = {{"op", beat.point->op}, {"shape", beat.point->shape}, {"dtype", dtype_name(beat.point->dtype)}};
  if (beat.exit_code) json["exit_code"] = *beat.exit_code;
  std::string slot = json.dump() + "\n";
  if (slot.size() >= kSlotBytes) throw std::length_error("heartbeat of " + std::to_string(slot.size()) + " bytes");
  slot.resize(kSlotBytes, '\0');
  write_file_at(heartbeat_file(control), (beat.sequence % 2) * kSlotBytes, slot);
}

std::optional<Heartbeat> read_heartbeat(const fs::path& control) {
  const auto text = read_file_if_present(heartbeat_file(control));
  if (!text) return std::nullopt;
  std::optional<Heartbeat> newest;
  for (size_t at = 0; at < text->size(); at += kSlotBytes) {
    auto beat = parse_slot(std::string_view(*text).substr(at, kSlotBytes));
    if (beat && (!newest || beat->sequence > newest->sequence)) newest = std::move(beat);
  }
  return newest;
}

namespace {

std::optional<Heartbeat> parse_slot(std::string_view slot) {
  slot = slot.substr(0, slot.find('\0'));
  if (slot.empty() || slot.back() != '\n') return std::nullopt;  // never written, or being written
  try {
    const nlohmann::json json = nlohmann::json::parse(slot);
    Heartbeat beat;
    beat.run_dir = json.at("run_dir").get<std::string>();
    beat.kernel = json.at("kernel").get<std::string>();
    const auto& step = json.at("step");
    const auto kind = parse_spelling<StepKind>(step.at("kind").get<std::string>());
    if (!kind) return std::nullopt;
    beat.step = Step{*kind, step.at("variant").get<std::string>(), step.at("round").get<int>()};
    beat.sequence = json.at("sequence").get<uint64_t>();
    if (json.contains("point")) {
      const auto& point = json.at("point");
      auto dtype = parse_dtype(point.at("dtype").get<std::string>());
      if (dtype) beat.point = Point{point.at("op").get<std::string>(), point.at("shape").get<std::vector<long long>>(), *dtype};
    }
    if (json.contains("exit_code")) beat.exit_code = json.at("exit_code").get<int>();
    return beat;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // written by this program only; a damaged one is as good as none
  }
}

}  // namespace
}  // namespace abt
