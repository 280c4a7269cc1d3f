// One point's bench: its inputs, the reference outputs, and the two things done to a variant
// there: verify it (the gate) and time it. Where the point runs (host or device) is the
// session's ExecutionTarget; the bench is the same for both.
#pragma once
#include <chrono>
#include <memory>
#include <optional>

#include "launch/execution_target.h"
#include "engine/op_session.h"
#include "model/point_phases.h"
#include "model/verify_outcome.h"

namespace abt {

// Seconds the session's compile caches (the op's variants, its reference kernel) have spent so far.
double compile_seconds(const OpSession& session);

class PointBench {
 public:
  // Builds inputs and runs the reference. Throws PointError when the reference cannot be built.
  PointBench(const OpSession& session, const Point& point);

  const Point& point() const { return point_; }
  const OpSession& session() const { return session_; }
  TuneKey key() const;
  std::string variant_name(const Config& config) const;
  const std::string& input_digest() const { return input_digest_; }
  // What the variants are compiled for at this point (Triton: its integer arguments).
  const Specialization& specialization() const { return specialization_; }
  // Every compiled variant of this point's (config, dtype, specialization).
  const CompiledVariant& compiled(const Config& config) const;
  std::string params_text(const Config& config) const;  // index.tsv's params: config, then specialization

  // Loads a variant with the launch geometry of this point and config. Throws PointError.
  std::unique_ptr<LoadedVariant> load(const CompiledVariant& variant, const Config& config) const;
  // Restores inputs, poisons outputs, runs once and compares with the reference where the outputs
  // are (on a device: there); a run that fails runs again to see whether the variant's outputs vary
  // from run to run (verify/run_to_run.h). A launch the driver refuses throws PointError; a kernel
  // that faults throws DeviceFault.
  VerifyOutcome verify(const LoadedVariant& variant);
  // Of the outputs of the last run (verify's), where they are.
  std::string output_digest() const;
  // The last run's outputs kept as `copy`; one set of outputs against another, bit for bit.
  void keep_outputs(OutputsAt copy);
  OutputsCompared compare_bits(OutputsAt got, OutputsAt want) const;
  Measurement time(const LoadedVariant& variant, const TimingSettings& settings);
  // The point's buffers at another placement (Workspace::relocate), inputs intact.
  void relocate(uint64_t placement) { workspace_->relocate(placement); }
  Workspace& workspace() { return *workspace_; }  // an instruction counter's arguments
  // Seconds it took to set the point up: its inputs, and the reference outputs.
  double setup_s() const { return setup_s_; }
  // Where the bench's own time went: inputs, reference, load, verify, warmup, timing (compiles are
  // the compile caches' to count: compile_seconds()).
  const PhaseTimes& phases() const { return phases_; }
  // A clock adding to the bench's phase `phase` until it goes: what a chooser spends on the point
  // outside the bench (its record written: `files`).
  PhaseClock clock(PointPhase phase) const { return PhaseClock(phases_, phase); }

 private:
  void prepare_reference();
  void prepare_baseline_reference();  // reference: baseline (OpSpec::reference_from_baseline)
  // Runs `kernel` on the point's inputs and keeps its outputs as the reference; `what` names it in errors.
  void take_reference_from(const LoadedVariant& kernel, const std::string& what);
  VerifyOutcome with_against(VerifyOutcome outcome) const;  // names what the outcome was checked against
  void run_on_inputs(const LoadedVariant& variant);
  // A failed run held to the reference as closely as the variant agrees with itself.
  VerifyOutcome against_own_spread(const LoadedVariant& variant, const Tolerance& tolerance, double reference_scale,
                                   VerifyOutcome failed);

  const OpSession& session_;
  Point point_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();  // before the workspace
  double setup_s_ = 0;
  std::unique_ptr<Workspace> workspace_;
  mutable PhaseTimes phases_;  // const reads (load, compare) take time too
  std::optional<VerifiedAgainst> against_;  // what the kept reference is; in every outcome of verify()
  std::string input_digest_;
  bool spread_told_ = false;  // run.log has the point's run-to-run spread
  Specialization specialization_;
};

}  // namespace abt
