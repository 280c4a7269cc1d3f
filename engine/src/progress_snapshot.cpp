#include "engine/progress_snapshot.h"

#include <nlohmann/json.hpp>

#include "util/files.h"

namespace abt {

void ProgressSnapshot::write(const std::filesystem::path& file) const {
  const nlohmann::json json{{"done", done},
                            {"total", total},
                            {"elapsed_s", elapsed_s},
                            {"eta_s", eta_s ? nlohmann::json(*eta_s) : nlohmann::json()},
                            {"current", current}};
  write_file_atomically(file, json.dump());
}

std::optional<ProgressSnapshot> ProgressSnapshot::read(const std::filesystem::path& file) {
  auto text = read_file_if_present(file);
  if (!text) return std::nullopt;
  const nlohmann::json json = nlohmann::json::parse(*text, nullptr, false);
  if (!json.is_object()) return std::nullopt;
  try {
    ProgressSnapshot snapshot;
    snapshot.done = json.at("done").get<size_t>();
    snapshot.total = json.at("total").get<size_t>();
    snapshot.elapsed_s = json.at("elapsed_s").get<double>();
    if (json.at("eta_s").is_number()) snapshot.eta_s = json.at("eta_s").get<double>();
    snapshot.current = json.at("current").get<std::string>();
    return snapshot;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace abt
