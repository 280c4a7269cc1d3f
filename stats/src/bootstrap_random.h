// The bootstrap's random numbers.
#pragma once
#include <boost/random/mersenne_twister.hpp>
#include <cstdint>

namespace abt {

// The standard's mt19937_64, number for number (the standard fixes its output for a seed), as
// Boost writes it: its state update has no branch on a random bit, where libstdc++'s has one,
// mispredicted for every other number drawn. What is drawn from it is drawn by the standard
// library's distributions, which need the constexpr bounds Boost 1.74 does not declare.
class BootstrapRandom {
 public:
  using result_type = uint64_t;
  BootstrapRandom() = default;  // the standard's default seed, 5489
  explicit BootstrapRandom(result_type seed) : engine_(seed) {}
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type(0); }
  result_type operator()() { return engine_(); }

 private:
  boost::random::mt19937_64 engine_;
};

}  // namespace abt
