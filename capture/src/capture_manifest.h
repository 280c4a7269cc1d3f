// capture.json (kCaptureFormat, SPEC section 5b): what a capture holds and what it left out, per
// kernel, with every reason. A typed record and its one codec; run_capture fills it from what the
// shim saw and the ops drafted from it (capture_summary), capture_dir writes it.
#pragma once
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "capture_miss.h"
#include "op_drafts.h"
#include "raw_capture.h"

namespace abt::capture {

struct CaptureManifest {
  struct NotCaptured {
    std::string shape;  // the launch's tensors: "x_ptr=fp32[4096] y_ptr=fp32[4096]"
    std::vector<Miss> why;
    bool operator==(const NotCaptured&) const = default;
  };
  struct Kernel {
    std::string name, module, file;
    bool importable = false;  // its module imports again (else its file is named)
    TunerKind tuner = no_tuner();
    long long launches = 0;
    double shim_s = 0;
    int specializations = 0, captured = 0;
    std::vector<std::string> ops;
    std::vector<NotCaptured> not_captured;
    bool operator==(const Kernel&) const = default;
  };
  struct Op {
    std::string op, kernel;
    TunerKind tuner = no_tuner();
    std::vector<std::string> points, notes;
    bool operator==(const Op&) const = default;
  };

  std::vector<std::string> command;
  // The workload was stopped before it ended (SIGINT, SIGTERM, --timeout, or it died): what it had
  // launched until then is the capture, and this says why it is no more.
  bool partial = false;
  std::string partial_reason;
  std::map<std::string, std::string> versions;
  double max_input_mb = 0;
  size_t processes = 0;
  double wall_s = 0, shim_overhead_s = 0;
  std::map<std::string, double> shim_phases_s;
  // The suite's own timing loops run once each (do_bench outside tuners), by function: how many
  // times; --full-timing left them as they are.
  bool full_timing = false;
  std::map<std::string, long long> shortened;
  std::vector<std::string> shim_errors;
  std::vector<Kernel> kernels;
  std::vector<Op> ops;
  // Every captured specialization compiled and launched once on its captured inputs and compared
  // with its captured outputs, as `record` does (replay_check.h): the number that record can measure.
  struct ReplayCheck {
    bool ran = false;
    std::string not_run;  // why not (--no-check, no GPU here, stopped, record could not run)
    double seconds = 0;
    int replays = 0;
    struct Failure {
      std::string point, why;
      bool operator==(const Failure&) const = default;
    };
    std::vector<Failure> does_not_replay;
    bool operator==(const ReplayCheck&) const = default;
  };
  ReplayCheck check;

  int specializations() const;
  int captured() const;
  long long launches() const;
  // Specializations not captured, counted once per kind of reason each had.
  std::map<MissReason, int> not_captured_by_reason() const;

  bool operator==(const CaptureManifest&) const = default;
  nlohmann::json to_json() const;
  // Throws InputError naming `file` and the field when it is not a kCaptureFormat manifest.
  static CaptureManifest from_json(const nlohmann::json& json, const std::string& file);

  // What `abtool capture` prints: a line per kernel captured and per specialization left out, the
  // shim's errors, and the summary line ("capture: 6 kernel(s), 11 specialization(s): ...").
  void print_kernels(std::ostream& out) const;
  // A line per specialization that does not replay, with the reason (after the check).
  void print_check(std::ostream& out) const;
  std::string summary_line() const;
};

// The kernels and ops of a capture: every distinct specialization's kernel, what became ops, what
// could not and why.
void summarize_capture(const std::vector<const RawLaunch*>& launches, const Drafts& drafts, CaptureManifest& manifest);

}  // namespace abt::capture
