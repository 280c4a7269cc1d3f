// Arithmetic over dims and config values (`cdiv(M, BLOCK_M)`, `2*M*N*K`), parsed by muparser.
#pragma once
#include <map>
#include <memory>
#include <set>
#include <string>

namespace abt {

// The largest integer a double holds exactly (2^53): sizes, dims and extents must stay below it.
inline constexpr double kMaxExactInteger = 9007199254740992.0;


using Symbols = std::map<std::string, double>;

class Expr {
 public:
  Expr() = default;
  // Throws std::invalid_argument with muparser's reason when the text does not parse.
  explicit Expr(const std::string& text);

  const std::string& text() const { return text_; }
  bool empty() const { return text_.empty(); }
  const std::set<std::string>& symbols() const;  // every variable the text names

  // Throws std::invalid_argument when a symbol has no value.
  double eval(const Symbols& values) const;
  long long eval_int(const Symbols& values) const;  // rounds; throws if not integral

  struct Compiled;  // muparser state; defined in expr.cpp

 private:
  std::string text_;
  std::shared_ptr<Compiled> compiled_;
};

}  // namespace abt
