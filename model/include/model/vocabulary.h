// The words of the contract (../shared/SPEC.md): timers, timing methods, compiler backends, run
// modes and states, where a config came from, what became of a compiled variant. Files, flags
// and reports spell them as the tables below do; code compares the enum values.
#pragma once
#include "util/spelling.h"

namespace abt {

// --timer: how CUDA ops are timed (host ops are always wall-clock timed).
enum class TimerKind { graph, cupti, direct };
template <>
struct Spellings<TimerKind> {
  static constexpr std::array<std::pair<TimerKind, std::string_view>, 3> table{
      {{TimerKind::graph, "graph"}, {TimerKind::cupti, "cupti"}, {TimerKind::direct, "direct"}}};
};

// How a point was actually timed: `mixed` when its rounds used different methods, `none` when
// it was never timed (it failed before).
enum class TimingMethod { none, host, graph, direct, cupti, mixed };
template <>
struct Spellings<TimingMethod> {
  static constexpr std::array<std::pair<TimingMethod, std::string_view>, 6> table{
      {{TimingMethod::none, "none"}, {TimingMethod::host, "host"}, {TimingMethod::graph, "graph"},
       {TimingMethod::direct, "direct"}, {TimingMethod::cupti, "cupti"}, {TimingMethod::mixed, "mixed"}}};
};

enum class BackendKind { host, nvrtc, nvcc, triton };
template <>
struct Spellings<BackendKind> {
  static constexpr std::array<std::pair<BackendKind, std::string_view>, 4> table{
      {{BackendKind::host, "host"}, {BackendKind::nvrtc, "nvrtc"}, {BackendKind::nvcc, "nvcc"}, {BackendKind::triton, "triton"}}};
};

enum class RunMode { record, replay };
template <>
struct Spellings<RunMode> {
  static constexpr std::array<std::pair<RunMode, std::string_view>, 2> table{
      {{RunMode::record, "record"}, {RunMode::replay, "replay"}}};
};

// meta.json "status": `running` until the run ends; a killed run stays `running`.
// interrupted: stopped by SIGINT/SIGTERM; `--resume` finishes it (so can it a killed `running` one).
enum class RunStatus { running, finished, aborted, interrupted };
template <>
struct Spellings<RunStatus> {
  static constexpr std::array<std::pair<RunStatus, std::string_view>, 4> table{
      {{RunStatus::running, "running"}, {RunStatus::finished, "finished"}, {RunStatus::aborted, "aborted"},
       {RunStatus::interrupted, "interrupted"}}};
};

// Where a point's config came from: A's sweep, the library's own pick (a captured op under
// `record --configs library`), A's record (replay), or a replay's own sweep.
enum class ConfigSource { none, sweep, library, replay, fallback_sweep };
template <>
struct Spellings<ConfigSource> {
  static constexpr std::array<std::pair<ConfigSource, std::string_view>, 5> table{
      {{ConfigSource::none, ""}, {ConfigSource::sweep, "sweep"}, {ConfigSource::library, "library"},
       {ConfigSource::replay, "replay"}, {ConfigSource::fallback_sweep, "fallback_sweep"}}};
};

// How a record picks A's config (`record --configs`): its own sweep of the op's space, or, for a
// captured op, the config the library's own tuner chose in the workload.
enum class ConfigPolicy { sweep, library };
template <>
struct Spellings<ConfigPolicy> {
  static constexpr std::array<std::pair<ConfigPolicy, std::string_view>, 2> table{
      {{ConfigPolicy::sweep, "sweep"}, {ConfigPolicy::library, "library"}}};
};

// index.tsv's role column.
enum class VariantRole { measured, sweep_loser, compile_failed };
template <>
struct Spellings<VariantRole> {
  static constexpr std::array<std::pair<VariantRole, std::string_view>, 3> table{
      {{VariantRole::measured, "measured"}, {VariantRole::sweep_loser, "sweep_loser"},
       {VariantRole::compile_failed, "compile_failed"}}};
};

// What became of one sweep candidate (autotune.sqlite, autotune_records/<op>.json).
// screened_out: verified and timed briefly (the sweep's first stage), too slow to be timed longer.
enum class CandidateStatus { ok, compile_failed, launch_failed, verify_failed, timing_failed, screened_out };
template <>
struct Spellings<CandidateStatus> {
  static constexpr std::array<std::pair<CandidateStatus, std::string_view>, 6> table{
      {{CandidateStatus::ok, "ok"}, {CandidateStatus::compile_failed, "compile_failed"},
       {CandidateStatus::launch_failed, "launch_failed"}, {CandidateStatus::verify_failed, "verify_failed"},
       {CandidateStatus::timing_failed, "timing_failed"}, {CandidateStatus::screened_out, "screened_out"}}};
};

// --metric: what a point's verdict is decided from. `instructions`: the kernel call's instruction
// count on each side (host ops: Valgrind's callgrind), beside the time.
enum class Metric { time, instructions };
template <>
struct Spellings<Metric> {
  static constexpr std::array<std::pair<Metric, std::string_view>, 2> table{
      {{Metric::time, "time"}, {Metric::instructions, "instructions"}}};
};

// --counters: whose hardware counters a run reads after timing. `changed`: the points whose
// sides differ as timed (a replay's FASTER/SLOWER); a record has no other side, so every point.
enum class CounterSelection { none, changed, all };
template <>
struct Spellings<CounterSelection> {
  static constexpr std::array<std::pair<CounterSelection, std::string_view>, 3> table{
      {{CounterSelection::none, "none"}, {CounterSelection::changed, "changed"}, {CounterSelection::all, "all"}}};
};

// A point's verdict (docs/verdicts.md): decided by verdict/, judged with its trust checks by compare/.
enum class Verdict { faster, slower, same, ambiguous, untrusted, failed, missing };
template <>
struct Spellings<Verdict> {
  static constexpr std::array<std::pair<Verdict, std::string_view>, 7> table{
      {{Verdict::faster, "FASTER"}, {Verdict::slower, "SLOWER"}, {Verdict::same, "SAME"},
       {Verdict::ambiguous, "AMBIGUOUS"}, {Verdict::untrusted, "UNTRUSTED"}, {Verdict::failed, "FAILED"},
       {Verdict::missing, "MISSING"}}};
};

}  // namespace abt
