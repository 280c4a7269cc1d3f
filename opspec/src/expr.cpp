#include "opspec/expr.h"

#include <fmt/format.h>
#include <muParser.h>

#include <algorithm>

#include <cmath>
#include <deque>
#include <stdexcept>

namespace abt {

struct Expr::Compiled {
  mu::Parser parser;
  std::deque<double> storage;               // stable addresses for muparser's variables
  std::map<std::string, double*> variables;
  std::set<std::string> names;
};

namespace {

double ceil_div(double a, double b) { return std::ceil(a / b); }
double floor_div(double a, double b) { return std::floor(a / b); }
double next_pow2(double a) { return std::exp2(std::ceil(std::log2(std::max(a, 1.0)))); }

double* create_variable(const char* name, void* user_data) {
  auto* compiled = static_cast<Expr::Compiled*>(user_data);
  compiled->storage.push_back(0.0);
  double* slot = &compiled->storage.back();
  compiled->variables[name] = slot;
  compiled->names.insert(name);
  return slot;
}

}  // namespace

Expr::Expr(const std::string& text) : text_(text), compiled_(std::make_shared<Compiled>()) {
  auto& parser = compiled_->parser;
  try {
    parser.DefineFun("cdiv", ceil_div);
    parser.DefineFun("floordiv", floor_div);
    parser.DefineFun("next_pow2", next_pow2);
    parser.SetVarFactory(create_variable, compiled_.get());
    parser.SetExpr(text);
    parser.Eval();  // parses now and calls the factory for every variable named
  } catch (const mu::Parser::exception_type& error) {
    std::string hint;
    if (std::count(text.begin(), text.end(), '(') > std::count(text.begin(), text.end(), ')'))
      hint = " (in a YAML [list], quote an expression with a comma: [\"cdiv(N, BLOCK)\"])";
    throw std::invalid_argument("cannot parse expression '" + text + "': " + error.GetMsg() + hint);
  }
}

const std::set<std::string>& Expr::symbols() const {
  static const std::set<std::string> kNone;
  return compiled_ ? compiled_->names : kNone;
}

double Expr::eval(const Symbols& values) const {
  if (!compiled_) throw std::invalid_argument("empty expression");
  for (auto& [name, slot] : compiled_->variables) {
    auto found = values.find(name);
    if (found == values.end())
      throw std::invalid_argument("expression '" + text_ + "' names unknown symbol '" + name + "'");
    *slot = found->second;
  }
  try {
    return compiled_->parser.Eval();
  } catch (const mu::Parser::exception_type& error) {
    throw std::invalid_argument("cannot evaluate '" + text_ + "': " + error.GetMsg());
  }
}

long long Expr::eval_int(const Symbols& values) const {
  double value = eval(values);
  double rounded = std::round(value);
  if (!std::isfinite(value) || std::fabs(value - rounded) > 1e-9 * std::max(1.0, std::fabs(value)))
    throw std::invalid_argument("expression '" + text_ + "' is not an integer (" + std::to_string(value) + ")");
  if (std::fabs(rounded) > kMaxExactInteger)  // doubles hold integers exactly up to 2^53
    throw std::invalid_argument(fmt::format("expression '{}' is too large ({:g}; at most 2^53)", text_, value));
  return static_cast<long long>(rounded);
}

}  // namespace abt
