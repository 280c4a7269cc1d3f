#include "capture_manifest.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "opspec/captured_cases.h"
#include "util/errors.h"

namespace abt::capture {
namespace {

using nlohmann::json;

std::string shape_words(const RawLaunch& launch) {
  std::string text;
  for (const RawArg& arg : launch.args) {
    if (arg.role != ArgRole::tensor) continue;
    std::string dims;
    for (long long size : arg.shape) dims += (dims.empty() ? "" : "x") + std::to_string(size);
    text += (text.empty() ? "" : " ") + arg.name + "=" + arg.dtype_text + "[" + dims + "]";
  }
  return text.empty() ? "(no tensors)" : text;
}

TunerKind tuner_named(const std::string& name) {
  if (auto kind = tuner_kind_named(name)) return *kind;
  throw std::invalid_argument("tuner: '" + name + "' is not a tuner abtool knows");
}

std::set<MissReason> kinds_of(const std::vector<Miss>& why) {
  std::set<MissReason> kinds;
  for (const Miss& miss : why) kinds.insert(miss.reason);
  return kinds;
}

}  // namespace

int CaptureManifest::specializations() const {
  int total = 0;
  for (const Kernel& kernel : kernels) total += kernel.specializations;
  return total;
}

int CaptureManifest::captured() const {
  int total = 0;
  for (const Kernel& kernel : kernels) total += kernel.captured;
  return total;
}

long long CaptureManifest::launches() const {
  long long total = 0;
  for (const Kernel& kernel : kernels) total += kernel.launches;
  return total;
}

std::map<MissReason, int> CaptureManifest::not_captured_by_reason() const {
  std::map<MissReason, int> counts;
  for (const Kernel& kernel : kernels)
    for (const NotCaptured& missed : kernel.not_captured)
      for (MissReason reason : kinds_of(missed.why)) ++counts[reason];
  return counts;
}

namespace {

json check_json(const CaptureManifest::ReplayCheck& check) {
  json failures = json::array();
  for (const auto& failure : check.does_not_replay) failures.push_back({{"point", failure.point}, {"why", failure.why}});
  return {{"ran", check.ran}, {"not_run", check.ran ? json() : json(check.not_run)}, {"seconds", check.seconds},
          {"replays", check.replays}, {"does_not_replay", failures}};
}

}  // namespace

json CaptureManifest::to_json() const {
  json kernel_list = json::array();
  for (const Kernel& kernel : kernels) {
    json not_captured = json::array();
    for (const NotCaptured& missed : kernel.not_captured) {
      std::vector<std::string> texts, codes;
      std::set<MissReason> seen;
      for (const Miss& miss : missed.why) {
        texts.push_back(miss.text);
        if (seen.insert(miss.reason).second) codes.emplace_back(spelling(miss.reason));
      }
      // `why` and `reasons` side by side: each sentence's code is its own (`reason_of_why`).
      std::vector<std::string> each;
      for (const Miss& miss : missed.why) each.emplace_back(spelling(miss.reason));
      not_captured.push_back({{"shape", missed.shape}, {"why", texts}, {"reasons", codes}, {"reason_of_why", each}});
    }
    kernel_list.push_back({{"kernel", kernel.name}, {"module", kernel.module}, {"file", kernel.file}, {"importable", kernel.importable},
                           {"tuner", tuner_name(kernel.tuner)}, {"launches", kernel.launches}, {"shim_s", kernel.shim_s},
                           {"specializations", kernel.specializations}, {"captured", kernel.captured}, {"ops", kernel.ops},
                           {"not_captured", not_captured}});
  }
  json op_list = json::array();
  for (const Op& op : ops)
    op_list.push_back({{"op", op.op}, {"kernel", op.kernel}, {"tuner", tuner_name(op.tuner)}, {"points", op.points}, {"notes", op.notes}});
  json by_reason = json::object();
  for (const auto& [reason, count] : not_captured_by_reason()) by_reason[std::string(spelling(reason))] = count;
  return {{"schema", kCaptureFormat},
          {"command", command},
          {"partial", partial},
          {"partial_reason", partial ? json(partial_reason) : json()},
          {"versions", versions},
          {"max_input_mb", max_input_mb},
          {"processes", processes},
          {"wall_s", wall_s},
          {"shim_overhead_s", shim_overhead_s},
          {"shim_phases_s", shim_phases_s},
          {"full_timing", full_timing},
          {"shortened_timing_loops", shortened},
          {"shim_errors", shim_errors},
          {"summary", {{"kernels", kernels.size()}, {"specializations", specializations()}, {"captured", captured()},
                       {"not_captured", specializations() - captured()}, {"not_captured_by_reason", by_reason},
                       {"launches", launches()}}},
          {"kernels", kernel_list},
          {"ops", op_list},
          {"check", check_json(check)}};
}

CaptureManifest CaptureManifest::from_json(const json& document, const std::string& file) {
  CaptureManifest manifest;
  try {
    const std::string schema = document.value("schema", "");
    if (schema != kCaptureFormat && schema != kCaptureFormatV1)
      throw std::invalid_argument(fmt::format("schema: expected {}, got '{}'", kCaptureFormat, schema));
    manifest.command = document.at("command").get<std::vector<std::string>>();
    manifest.partial = document.value("partial", false);
    if (manifest.partial) manifest.partial_reason = document.at("partial_reason").get<std::string>();
    manifest.versions = document.at("versions").get<std::map<std::string, std::string>>();
    manifest.max_input_mb = document.at("max_input_mb").get<double>();
    manifest.processes = document.at("processes").get<size_t>();
    manifest.wall_s = document.at("wall_s").get<double>();
    manifest.shim_overhead_s = document.at("shim_overhead_s").get<double>();
    manifest.shim_phases_s = document.at("shim_phases_s").get<std::map<std::string, double>>();
    manifest.full_timing = document.value("full_timing", false);
    manifest.shortened = document.value("shortened_timing_loops", std::map<std::string, long long>{});
    manifest.shim_errors = document.at("shim_errors").get<std::vector<std::string>>();
    for (const json& entry : document.at("kernels")) {
      Kernel kernel;
      kernel.name = entry.at("kernel").get<std::string>();
      kernel.module = entry.at("module").get<std::string>();
      kernel.file = entry.at("file").get<std::string>();
      kernel.importable = entry.value("importable", !kernel.module.empty());
      kernel.tuner = tuner_named(entry.at("tuner").get<std::string>());
      kernel.launches = entry.at("launches").get<long long>();
      kernel.shim_s = entry.at("shim_s").get<double>();
      kernel.specializations = entry.at("specializations").get<int>();
      kernel.captured = entry.at("captured").get<int>();
      kernel.ops = entry.at("ops").get<std::vector<std::string>>();
      for (const json& missed : entry.at("not_captured")) {
        NotCaptured not_captured{missed.at("shape").get<std::string>(), {}};
        const auto texts = missed.at("why").get<std::vector<std::string>>();
        const auto codes = missed.value("reason_of_why", std::vector<std::string>(texts.size(), "other"));
        if (codes.size() != texts.size()) throw std::invalid_argument("not_captured: reason_of_why does not pair with why");
        for (size_t i = 0; i < texts.size(); ++i) {
          const auto reason = parse_spelling<MissReason>(codes[i]);
          if (!reason) throw std::invalid_argument(fmt::format("not_captured: '{}' is not one of {}", codes[i], spelling_list<MissReason>()));
          not_captured.why.push_back({*reason, texts[i]});
        }
        kernel.not_captured.push_back(std::move(not_captured));
      }
      manifest.kernels.push_back(std::move(kernel));
    }
    for (const json& entry : document.at("ops"))
      manifest.ops.push_back({entry.at("op").get<std::string>(), entry.at("kernel").get<std::string>(),
                              tuner_named(entry.at("tuner").get<std::string>()), entry.at("points").get<std::vector<std::string>>(),
                              entry.at("notes").get<std::vector<std::string>>()});
    if (document.contains("check")) {  // absent before the check
      const json& check = document.at("check");
      manifest.check.ran = check.at("ran").get<bool>();
      if (!manifest.check.ran) manifest.check.not_run = check.at("not_run").get<std::string>();
      manifest.check.seconds = check.at("seconds").get<double>();
      manifest.check.replays = check.at("replays").get<int>();
      for (const json& failure : check.at("does_not_replay"))
        manifest.check.does_not_replay.push_back({failure.at("point").get<std::string>(), failure.at("why").get<std::string>()});
    }
  } catch (const std::exception& error) {  // a field missing or of another type: nlohmann's words name it
    throw InputError(fmt::format("{}: not a capture's manifest: {}", file, error.what()));
  }
  return manifest;
}

void CaptureManifest::print_kernels(std::ostream& out) const {
  for (const Kernel& kernel : kernels) {
    const std::string where = kernel.importable ? kernel.module : std::filesystem::path(kernel.file).filename().string();
    if (kernel.captured)
      out << fmt::format("  captured      {} ({}): {} of {} specialization(s), {} launch(es), tuner {} -> ops/{}\n", kernel.name,
                         where, kernel.captured, kernel.specializations, kernel.launches, tuner_name(kernel.tuner),
                         fmt::join(kernel.ops, ", ops/"));
    for (const NotCaptured& missed : kernel.not_captured) {
      std::vector<std::string> texts;
      for (const Miss& miss : missed.why) texts.push_back(miss.text);
      out << fmt::format("  not captured  {} ({}) at {}: {}\n", kernel.name, where, missed.shape, fmt::join(texts, "; "));
    }
  }
  for (const auto& message : shim_errors) out << "  shim: " << message << "\n";
}

std::string CaptureManifest::summary_line() const {
  std::vector<std::string> by_reason;
  for (const auto& [reason, count] : not_captured_by_reason()) by_reason.push_back(fmt::format("{} {}", spelling(reason), count));
  const int total = specializations(), kept = captured();
  const std::string checked =
      check.ran ? fmt::format("; replay-checked in {:.1f} s: {} replay, {} do not", check.seconds, check.replays,
                              check.does_not_replay.size())
      : check.not_run.empty() ? ""  // a manifest from before the check
                              : "; not replay-checked (" + check.not_run + ")";
  std::vector<std::string> loops;
  for (const auto& [loop, calls] : shortened) loops.push_back(fmt::format("{} {}", loop, calls));
  const std::string timing = loops.empty() ? "" : fmt::format("; timing loops run once: {} (--full-timing keeps them)", fmt::join(loops, ", "));
  return fmt::format(
      "capture{}: {} kernel(s), {} specialization(s): {} captured ({:.0f}%), {} not{}{}; {} launch(es); workload {:.1f} s, shim {:.1f} s{}",
      partial ? " (partial: " + partial_reason + ")" : "", kernels.size(), total, kept, 100.0 * kept / std::max(1, total),
      total - kept, by_reason.empty() ? "" : fmt::format(" ({})", fmt::join(by_reason, ", ")), checked, launches(), wall_s,
      shim_overhead_s, timing);
}

void CaptureManifest::print_check(std::ostream& out) const {
  for (const auto& failure : check.does_not_replay)
    out << fmt::format("  captured, does not replay  {}: {}\n", failure.point, failure.why);
}

void summarize_capture(const std::vector<const RawLaunch*>& launches, const Drafts& drafts, CaptureManifest& manifest) {
  std::map<std::string, size_t> index;  // kernel_identity -> its entry (the first file seen names it)
  auto kernel_of = [&](const RawKernel& kernel, TunerKind tuner) -> CaptureManifest::Kernel& {
    auto [found, fresh] = index.try_emplace(kernel_identity(kernel), manifest.kernels.size());
    if (fresh) {
      CaptureManifest::Kernel entry;
      entry.name = kernel.name;
      entry.module = kernel.module;
      entry.file = kernel.file.string();
      entry.importable = kernel.importable;
      entry.tuner = tuner;
      manifest.kernels.push_back(std::move(entry));
    }
    return manifest.kernels[found->second];
  };
  for (const RawLaunch* launch : launches) {
    CaptureManifest::Kernel& kernel = kernel_of(launch->kernel, launch->tuner.kind);
    kernel.launches += launch->launches;
    kernel.shim_s += launch->shim_s;
    ++kernel.specializations;
  }
  for (const OpDraft& op : drafts.ops) {
    CaptureManifest::Kernel& kernel = kernel_of(*op.kernel, op.tuner);
    kernel.captured += int(op.cases.size());
    kernel.ops.push_back(op.name);
    CaptureManifest::Op entry{op.name, op.kernel->name, op.tuner, {}, op.notes};
    for (const DraftCase& point : op.cases) entry.points.push_back(point.point_id);
    manifest.ops.push_back(std::move(entry));
  }
  for (const Rejected& rejected : drafts.rejected)
    kernel_of(rejected.launch->kernel, rejected.launch->tuner.kind).not_captured.push_back({shape_words(*rejected.launch), rejected.why});
}

}  // namespace abt::capture
