// The ETA the progress line shows, from the model's (eta_model.h) at each draw: it counts down
// between steps, takes good news at once, and rises at most a quarter plus a second per second of
// wall time. The model's estimate moves in steps (a point's cost learned, a long Valgrind count
// priced only once it ends): shown raw, the ETA stood still, fell to 0:00, then jumped up by 2x.
#pragma once
#include <algorithm>
#include <optional>

namespace abt {

class EtaDisplay {
 public:
  // What to show `now_s` into the run for the model's `model_s` seconds left (nullopt: nothing to go by).
  std::optional<double> shown(std::optional<double> model_s, double now_s) {
    if (!model_s) return shown_ ? std::optional<double>(countdown(now_s)) : std::nullopt;
    if (!shown_) return remember(*model_s, now_s);
    const double counted_down = countdown(now_s);
    if (*model_s <= counted_down) return remember(*model_s, now_s);
    const double seconds = std::clamp(now_s - at_s_, 0.0, 1.0);
    return remember(std::min(*model_s, counted_down + (counted_down / 4 + 1) * seconds), now_s);
  }

 private:
  double countdown(double now_s) const { return std::max(0.0, *shown_ - (now_s - at_s_)); }
  double remember(double value, double now_s) {
    shown_ = value;
    at_s_ = now_s;
    return value;
  }
  std::optional<double> shown_;
  double at_s_ = 0;
};

}  // namespace abt
