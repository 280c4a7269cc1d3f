#include "compilers/specialization.h"

#include <fmt/format.h>

#include <cmath>

#include "util/errors.h"

namespace abt {

std::string Specialization::text() const {
  std::string text;
  auto add = [&](const std::string& word) { text += (text.empty() ? "" : " ") + word; };
  for (const auto& [name, kind] : scalars) add(name + (kind == Kind::equal_one ? "=1" : "=div16"));
  for (const auto& [name, value] : constexprs) add(name + "=" + value);
  for (const auto& name : unaligned) add(name + ":unaligned");
  return text;
}

namespace {

std::string number_text(double value) {
  if (std::nearbyint(value) == value && std::fabs(value) < 9.2e18) return std::to_string(std::llround(value));
  return fmt::format("{}", value);
}

// A captured op: what the JIT specialized at the captured launch, repeated exactly.
Specialization captured_specialization(const OpSpec& op, const Point& point) {
  Specialization specialization;
  const CapturedCase& found = op.captured->at(point);
  for (const ArgSpec& arg : op.args) {
    const bool divisible = found.divisible.count(arg.name) > 0;
    if (arg.kind == ArgKind::constexpr_value) {
      if (arg.literal) specialization.constexprs[arg.name] = *arg.literal;
      else if (arg.captured_value) specialization.constexprs[arg.name] = *found.args.at(arg.name).value;
      else specialization.constexprs[arg.name] = number_text(arg.value.eval(op.symbols(point.shape, point.dtype, {})));
    } else if (arg.is_buffer()) {
      if (!divisible) specialization.unaligned.insert(arg.name);
    } else if (found.equal_one.count(arg.name)) {
      specialization.scalars[arg.name] = Specialization::Kind::equal_one;
    } else if (divisible) {
      specialization.scalars[arg.name] = Specialization::Kind::divisible_by_16;
    }
  }
  return specialization;
}

}  // namespace

Specialization specialization_at(const OpSpec& op, const Point& point) {
  Specialization specialization;
  if (op.language != Language::triton) return specialization;
  try {
    if (op.captured) return captured_specialization(op, point);
  } catch (const std::invalid_argument& error) {
    throw InputError(fmt::format("{}: point {}: {}", op.file.string(), point.id(), error.what()));
  }
  const Symbols symbols = op.symbols(point.shape, point.dtype, {});
  for (const ArgSpec& arg : op.args) {
    if (arg.is_buffer()) {
      if (!arg.align16) specialization.unaligned.insert(arg.name);
      continue;
    }
    if (arg.kind == ArgKind::constexpr_value) {
      try {
        specialization.constexprs[arg.name] = arg.literal ? *arg.literal : number_text(arg.value.eval(symbols));
      } catch (const std::invalid_argument& error) {
        throw InputError(fmt::format("{}: point {}: args.{}: {}", op.file.string(), point.id(), arg.name, error.what()));
      }
      continue;
    }
    const DType dtype = arg.resolve_dtype(point.dtype);
    if (!arg.specialize || (dtype != DType::i32 && dtype != DType::i64)) continue;  // Triton does not specialize float scalars
    double value = 0;
    try {
      value = arg.value.eval(symbols);
    } catch (const std::invalid_argument& error) {
      throw InputError(fmt::format("{}: point {}: args.{}: {}", op.file.string(), point.id(), arg.name, error.what()));
    }
    const long long integer = std::llround(value);
    if (integer == 1) specialization.scalars[arg.name] = Specialization::Kind::equal_one;
    else if (integer % 16 == 0) specialization.scalars[arg.name] = Specialization::Kind::divisible_by_16;
  }
  return specialization;
}

}  // namespace abt
