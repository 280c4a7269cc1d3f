// Where a point's series (its values over builds, in build order) shifts level, knowing its noise
// and, where known, where its code changed.
//
// Optimal partitioning (Jackson et al., "An algorithm for optimal partitioning of data on an
// interval", 2005: the exact dynamic programme PELT prunes) of the values' logarithms, with the
// Gaussian cost of each segment in units of the point's own noise (sum of squared deviations from
// the segment's mean over sigma^2) and a penalty per level shift that depends on what happened
// between the two builds:
//   the code changed   a low penalty: a level shift there is expected, a step of 4 sigma is found
//                      even with two builds on a side (a pulse: a regression reverted after 2
//                      builds is two shifts);
//   the code was the   a high penalty, grown with the series' length like a scan over every build
//   same, or unknown   (so pure noise raises no alarm): what moved there is the machine, not the
//                      compiler (callers say so);
// and segments of at least two builds (one odd build is an outlier, not a level; a value far from
// the builds around it that ran the same code is pulled in to 3 sigma of them), but for the first
// or the last build alone where the code changed next to it (the newest build on new code is a
// level of its own). Every shift
// found must also move the level by `min_sigmas` of the noise and by the floor, or its boundary is
// ruled out and the partition made again. A shift's size is the ratio of the two neighbouring
// segments' geometric means, its 95% interval from the noise (in logarithms, so never below -100%).
//
// Exact metrics (no noise: an instruction count, a code size): every change of value is a shift,
// at its build, of its exact size (exact_shifts).
#pragma once
#include <cstddef>
#include <span>
#include <vector>

#include "stats/series_noise.h"

namespace abt {

struct ShiftSettings {
  double changed_penalty = 12;  // chi-square units, where the code changed
  // where it was the same or is unknown: scan_penalty_per_log x ln(builds) + scan_penalty
  double scan_penalty_per_log = 4;
  double scan_penalty = 8;
  size_t min_segment = 2;
  double min_sigmas = kStepSigmas;  // a shift smaller than this much noise is no step
  double floor = 0;                 // relative: a shift smaller than this is no step (--threshold)
  double outlier_sigmas = 3;        // a value this far from its identical-code neighbours' median is pulled in

  double penalty(CodeBoundary boundary, size_t builds) const;
};

// The penalty of a shift whose two-sided p-value (of its z, the shift over its standard error) is
// `pvalue`: z squared (0.001 -> 10.83).
double penalty_for_pvalue(double pvalue);

struct LevelShift {
  size_t index = 0;  // the first value of the new level
  CodeBoundary boundary = CodeBoundary::unknown;
  double level_before = 0, level_after = 0;  // the neighbouring segments' levels
  double change = 0;                         // level_after / level_before - 1
  double low = 0, high = 0;                  // its 95% interval (exact shifts: the change itself)
  double z = 0;                              // the shift over its standard error (exact: infinite)
  double pvalue = 1;                         // two-sided, of that z
  size_t n_before = 0, n_after = 0;          // builds in the neighbouring segments
};

// `boundaries` as in NoiseInput ([i] between value i-1 and i; empty: all unknown); `sigma`: the
// noise per build, relative (0.01 is 1%), > 0.
std::vector<LevelShift> level_shifts(std::span<const double> values, std::span<const CodeBoundary> boundaries, double sigma,
                                     const ShiftSettings& settings);

// Every change of value, each at its own build.
std::vector<LevelShift> exact_shifts(std::span<const double> values, std::span<const CodeBoundary> boundaries, double floor);

}  // namespace abt
