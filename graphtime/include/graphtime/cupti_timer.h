// --timer cupti: kernel durations from CUPTI activity records (SPEC section 7). Before every timed
// call: reset in-place inputs, then flush L2 by writing a buffer twice its size, both outside the
// recorded durations. Only the op's own kernels count: the kernel records on abtool's stream
// between the first and the last timed call (resets and flushes are copies and memsets, not
// kernels). Records are matched by stream, not by kernel name: on the H200 (CUPTI 13.0) the first
// point's timed call of `saxpy` produced a record named `saxpy_ref` -- the reference kernel, whose
// module had just been unloaded -- and none named `saxpy`. A sample is the sum of one call's kernels.
#pragma once
#include <memory>

#include "graphtime/timer.h"
#include "launch/device_target.h"

namespace abt {

class CuptiLibrary;
struct KernelRecord;

class CuptiTimer {
 public:
  // Throws PointError when libcupti cannot be opened or activity recording cannot start.
  explicit CuptiTimer(const DeviceTarget& target);
  ~CuptiTimer();
  CuptiTimer(const CuptiTimer&) = delete;
  CuptiTimer& operator=(const CuptiTimer&) = delete;
  Measurement measure(const TimedCall& call, const TimingSettings& settings);

 private:
  friend class CuptiSource;  // the four phases (sampling.h) of one cupti measurement
  void flush_l2();
  void discard_pending_records();
  void synchronize_context(const std::string& what);
  std::vector<KernelRecord> collect_records(size_t expected);
  std::vector<double> call_durations_us(const TimedCall& call, size_t calls, size_t kernels_per_call,
                                        std::vector<std::string>* other_names = nullptr);

  const DeviceTarget& target_;
  const CuptiLibrary* cupti_;  // process-wide, never closed
  std::unique_ptr<DeviceBuffer> l2_flush_;
  unsigned flush_value_ = 0;
  uint32_t stream_id_ = 0;
};

}  // namespace abt
