// Order statistics of sample sets: what results.json summarises and what diff compares.
#pragma once
#include <cstddef>
#include <vector>

namespace abt {

struct SampleSummary {
  size_t n = 0;
  double median = 0, min = 0, max = 0, q1 = 0, q3 = 0, mean = 0, stddev = 0;
};

SampleSummary summarize(std::vector<double> samples);
double median_of(std::vector<double> samples);
double quantile_sorted(const std::vector<double>& sorted, double q);  // linear interpolation
// quantile_sorted's values at each of `ascending` (increasing q), in linear time: no sort.
std::vector<double> quantiles_of(std::vector<double> samples, const std::vector<double>& ascending);

// Of a set's n values in ascending order, the one that stands for them (the lower middle where n is
// even): a value that was measured, with its own interval and run, not a mean of two.
inline size_t median_position(size_t n) { return n ? (n - 1) / 2 : 0; }

// The relative 95% half-width of the mean of `samples` (Student's t: a few samples that happen to
// agree do not count as a known mean); infinite for fewer than two samples or a mean not above 0.
double relative_ci95_half_width(const std::vector<double>& samples);

// The two-sided 95% critical value of Student's t: a 95% interval of a mean from n samples is
// mean +- t(n - 1) * s / sqrt(n). From a table up to 30 degrees of freedom, within 0.1% above.
double student_t_975(size_t degrees_of_freedom);

}  // namespace abt
