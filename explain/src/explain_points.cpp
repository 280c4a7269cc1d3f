// Each point's two measured variants compiled again (one process per side, as many at once as there
// are cores), with per-pass dumps, then compared pass by pass and stage by stage.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>

#include "compilers/specialization.h"
#include "dump_folder.h"
#include "explain/explain.h"
#include "side_compiler.h"
#include "stage_divergence.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/parallel.h"
#include "util/process.h"

namespace abt {
namespace fs = std::filesystem;

std::string two_families_reason(const CompilerFingerprint& a, const CompilerFingerprint& b) {
  const std::string family_a = compiler_family(a), family_b = compiler_family(b);
  if (family_a.empty() || family_b.empty() || family_a == family_b) return "";
  return fmt::format("A's compiler is {} and B's {}: two compiler families run no pass of the same name, so only their "
                     "stages compare (compiled without pass dumps)",
                     family_a, family_b);
}

std::vector<std::string> points_whose_code_differs(const RunData& a, const RunData& b) {
  std::vector<std::string> ids;
  for (const PointRecord& in_b : b.results.points) {
    const PointRecord* in_a = a.find(in_b.id());
    if (in_a && in_a->success && in_b.success && in_a->binary_hash != in_b.binary_hash) ids.push_back(in_b.id());
  }
  return ids;
}

namespace {

struct SideOfPoint {
  const PointRecord* record;
  SideCompiler* side;
  char name;  // 'a' or 'b'
};

CompileJob job_of(const SideOfPoint& side, const fs::path& work_dir) {
  const OpSpec& op = side.side->op(side.record->point.op);
  CompileJob job;
  job.source = op.source;
  job.kernel = op.kernel;
  job.args = &op.args;
  job.python = op.python.empty() ? nullptr : &op.python;
  job.config = side.record->config;
  job.dtype = side.record->point.dtype;
  job.specialization = specialization_at(op, side.record->point);
  job.work_dir = work_dir;
  fs::create_directories(job.work_dir);
  return job;
}

// `no_pass_dumps`: why dumping passes is not worth a compile (two compiler families): the variant
// compiled plainly, for its stages.
PassCompile compile_side(const SideOfPoint& side, const fs::path& work_dir, const std::string& no_pass_dumps) {
  if (!no_pass_dumps.empty()) return PassCompile{side.side->compiler().compile(job_of(side, work_dir)), {}, no_pass_dumps};
  return side.side->compiler().compile_with_pass_dumps(job_of(side, work_dir));
}

bool is_mlir(PassStage stage) { return stage == PassStage::ttir || stage == PassStage::ttgir || stage == PassStage::mlir_llvm; }

// "TritonGPUCoalesce (tritongpu-coalesce)" -> "tritongpu-coalesce": the name abtool_skip_passes takes.
std::string pass_argument(const std::string& pass) {
  const size_t open = pass.rfind('('), close = pass.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return "";
  return pass.substr(open + 1, close - open - 1);
}

constexpr size_t kMostPassesLeftOut = 8;

bool is_gcc(PassStage stage) { return stage == PassStage::gcc_ipa || stage == PassStage::gcc_tree || stage == PassStage::gcc_rtl; }

struct Candidate {
  std::string pass;  // as explain names it: "tritongpu-coalesce", "tree vect"
  std::string flag;  // what B's compiler is given to leave it out
};

// How B's compiler leaves `point`'s pass out, where it can: Triton's MLIR passes by their argument
// (abtool_skip_passes=tritongpu-coalesce), GCC's by stage and name (-fdisable-tree-vect). LLVM's and
// the machine passes have no such switch.
std::optional<Candidate> leaving_out(const PassPoint& point) {
  if (is_mlir(point.stage)) {
    const std::string argument = pass_argument(point.pass);
    if (argument.empty()) return std::nullopt;
    return Candidate{argument, "abtool_skip_passes=" + argument};
  }
  if (is_gcc(point.stage))
    return Candidate{fmt::format("{} {}", spelling(point.stage), point.pass),
                     fmt::format("-fdisable-{}-{}", spelling(point.stage), point.pass)};
  return std::nullopt;
}

// The passes of B worth leaving out, in this order: those B ran on its own since the last output
// both had alike, the first divergent pass, those only B's pipeline has, then each pass after the
// divergence that changed B's IR; each once, at most kMostPassesLeftOut.
std::vector<Candidate> passes_to_leave_out(const PassExplanation& found, const std::vector<PassPoint>& b) {
  std::map<std::string, const PassPoint*> point_of;
  for (const PassPoint& point : b) point_of.emplace(point.pass, &point);
  std::vector<Candidate> chosen;
  auto take = [&](const std::string& named) {
    // the lists of one-sided passes name each with its stage first: "ttgir TritonGPUCoalesce (tritongpu-coalesce)"
    auto found = point_of.find(named);
    if (found == point_of.end() && named.find(' ') != std::string::npos) found = point_of.find(named.substr(named.find(' ') + 1));
    if (found == point_of.end() || chosen.size() >= kMostPassesLeftOut) return;
    const std::optional<Candidate> candidate = leaving_out(*found->second);
    if (!candidate) return;
    if (std::none_of(chosen.begin(), chosen.end(), [&](const Candidate& taken) { return taken.flag == candidate->flag; }))
      chosen.push_back(*candidate);
  };
  const PassDivergence& divergence = found.divergence;
  for (const std::string& pass : divergence.since_same_only_in_b) take(pass);
  if (found.outcome == ExplainOutcome::pass) take(divergence.pass);
  if (found.outcome == ExplainOutcome::pass && divergence.code) take(divergence.code->pass);
  for (const std::string& pass : divergence.pipeline_only_in_b) take(pass);
  bool after = false;
  for (size_t i = 1; i < b.size(); ++i) {
    after = after || b[i].pass == divergence.pass;
    if (after && b[i].ir != b[i - 1].ir) take(b[i].pass);
  }
  return chosen;
}

// The compiler's own first error where it gave one ("k.cpp:3:5: error: ..."), else its last line.
std::string why_not_compiled(const std::string& log) {
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);)
    if (line.find("error") != std::string::npos) return line;
  return last_line(log);
}

PassExplanation compare_compiles(const PassCompile& a, const PassCompile& b, bool raw) {
  PassExplanation found;
  found.a_passes = a.passes.size();
  found.b_passes = b.passes.size();
  found.no_passes = a.no_passes == b.no_passes ? a.no_passes  // both sides' reason (two families)
                    : !a.no_passes.empty()        ? "A: " + a.no_passes
                    : !b.no_passes.empty()        ? "B: " + b.no_passes
                                                  : "";
  if (!a.times.empty() && !b.times.empty())
    found.pass_times = PassExplanation::PassTimes{a.times.total_ms, b.times.total_ms, largest_time_changes(a.times, b.times)};
  if (!a.passes.empty() && !b.passes.empty()) {
    found.divergence = first_divergence(a.passes, b.passes, !raw);
    if (found.divergence.aligned == 0) {
      found.no_passes = "A's and B's compilers run no pass of the same name (two different compilers): only their stages compare";
      found.divergence = {};
    }
    if (found.divergence.diverged) {
      found.outcome = ExplainOutcome::pass;
      return found;
    }
  }
  const std::optional<std::string> stage = first_divergent_stage(a.variant, b.variant);
  found.outcome = stage ? ExplainOutcome::stage : ExplainOutcome::no_divergence;
  found.stage = stage.value_or("");
  return found;
}

// One point's explanation from its two compiles; its dumps stored in the --out folder.
PointExplanation explain_point(const std::string& id, const std::array<SideOfPoint, 2>& sides,
                               const std::array<PassCompile, 2>& compiled, std::optional<DumpFolder>& dumps, bool raw) {
  PointExplanation point{id, sides[0].record->variant, sides[1].record->variant, {}};
  if (!sides[0].record->success || !sides[1].record->success) {
    point.passes.error = fmt::format("not measured on both sides (A: {}, B: {})", sides[0].record->success ? "SUCCESS" : "FAILED",
                                     sides[1].record->success ? "SUCCESS" : "FAILED");
    return point;
  }
  for (size_t i = 0; i < 2; ++i)
    if (!compiled[i].variant.ok) {
      point.passes.error = fmt::format("{}'s variant {} does not compile again: {}", i ? "B" : "A", sides[i].record->variant,
                                       why_not_compiled(compiled[i].variant.log));
      return point;
    }
  point.passes = compare_compiles(compiled[0], compiled[1], raw);
  point.passes.a_rebuilt_measured = compiled[0].variant.binary_hash == sides[0].record->binary_hash;
  point.passes.b_rebuilt_measured = compiled[1].variant.binary_hash == sides[1].record->binary_hash;
  if (dumps)
    for (size_t i = 0; i < 2; ++i) dumps->store(id, sides[i].name, compiled[i].passes);
  return point;
}

// explain --skip-passes: B's variant compiled with each candidate pass left out in turn (the compiles
// spread over the cores), each binary set against the ones A's and B's variants compiled to here.
std::vector<SkippedPass> leave_passes_out(const PointExplanation& point, const std::array<SideOfPoint, 2>& sides,
                                          const std::array<PassCompile, 2>& compiled, const fs::path& work_dir) {
  if (point.passes.outcome != ExplainOutcome::pass && point.passes.outcome != ExplainOutcome::stage) return {};
  const std::vector<Candidate> candidates = passes_to_leave_out(point.passes, compiled[1].passes);
  std::vector<SkippedPass> skipped(candidates.size());
  // A compiler per candidate, made and ended on this thread (a Triton compiler's server is waited for
  // when it ends, and child waits on several threads at once spin); their compiles run side by side.
  std::vector<std::unique_ptr<CompilerBackend>> compilers(candidates.size());
  for (size_t i = 0; i < candidates.size(); ++i) {
    skipped[i].pass = candidates[i].pass;
    skipped[i].flag = candidates[i].flag;
    try {
      compilers[i] = sides[1].side->compiler_with_flag(candidates[i].flag);
    } catch (const std::exception& error) {
      skipped[i].detail = error.what();
    }
  }
  for_each_index(candidates.size(), [&](size_t i) {
    SkippedPass& left_out = skipped[i];
    if (!compilers[i]) return;
    CompiledVariant variant;
    try {
      variant = compilers[i]->compile(job_of(sides[1], work_dir / ("skip-" + std::to_string(i))));
    } catch (const std::exception& error) {
      left_out.detail = error.what();
      return;
    }
    if (!variant.ok) {
      left_out.detail = why_not_compiled(variant.log);
      return;
    }
    left_out.outcome = variant.binary_hash == compiled[0].variant.binary_hash   ? SkipOutcome::restores_a
                       : variant.binary_hash == compiled[1].variant.binary_hash ? SkipOutcome::no_effect
                                                                                : SkipOutcome::other_code;
  });
  for (auto& compiler : compilers) compiler.reset();
  return skipped;
}

}  // namespace

std::vector<PointExplanation> explain_points(const RunData& a, const RunData& b, const ExplainRequest& request,
                                             const std::function<void(const std::string&)>& progress) {
  const std::vector<std::string> ids = request.points.empty() ? points_whose_code_differs(a, b) : request.points;
  for (const std::string& id : ids)
    for (const RunData* run : {&a, &b})
      if (!run->find(id))
        throw InputError(fmt::format("point {}: not in {} ({} lists its points)", id, run->layout.dir().string(),
                                     run->layout.results().string()));
  std::optional<DumpFolder> dumps;
  if (request.out) {
    std::vector<fs::path> inputs{a.layout.dir()};
    if (!request.out_in_b) inputs.push_back(b.layout.dir());
    dumps.emplace(*request.out, inputs, request.dump_cap_bytes);
  }
  std::vector<PointExplanation> explained;
  if (ids.empty()) return explained;
  // Two families run no pass of the same name: known from meta.json, before any compile with dumps.
  const std::string no_pass_dumps = two_families_reason(a.meta.compiler, b.meta.compiler);
  SideCompiler side_a(a), side_b(b);
  TempDir work("abtool-explain-");
  std::vector<std::array<SideOfPoint, 2>> sides;
  for (const std::string& id : ids) sides.push_back({SideOfPoint{a.find(id), &side_a, 'a'}, SideOfPoint{b.find(id), &side_b, 'b'}});
  // Every side of every point is one compile process of its own (a Triton compile with dumps takes
  // seconds): a batch of points at a time spread over the cores (their dumps held only until the
  // batch is compared and stored), compared in the points' order.
  const size_t batch = std::max<size_t>(1, logical_cores() / 2);
  std::mutex progress_lock;
  for (size_t first = 0; first < ids.size(); first += batch) {
    const size_t count = std::min(batch, ids.size() - first);
    std::vector<std::array<PassCompile, 2>> compiled(count);
    for_each_index(2 * count, [&](size_t job) {
      const size_t n = first + job / 2, i = job % 2;
      if (!sides[n][0].record->success || !sides[n][1].record->success) return;
      if (progress && i == 0) {
        std::lock_guard<std::mutex> hold(progress_lock);
        progress(ids[n]);
      }
      compiled[job / 2][i] =
          compile_side(sides[n][i], work.path() / std::to_string(n) / std::string(1, sides[n][i].name), no_pass_dumps);
    });
    for (size_t k = 0; k < count; ++k) {
      explained.push_back(explain_point(ids[first + k], sides[first + k], compiled[k], dumps, request.raw));
      if (request.skip_passes)
        explained.back().skipped =
            leave_passes_out(explained.back(), sides[first + k], compiled[k], work.path() / std::to_string(first + k));
    }
  }
  return explained;
}

}  // namespace abt
