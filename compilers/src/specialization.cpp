#include "compilers/specialization.h"

#include <fmt/format.h>

#include <cmath>

#include "util/errors.h"

namespace abt {

std::string Specialization::text() const {
  std::string text;
  for (const auto& [name, kind] : scalars)
    text += (text.empty() ? "" : " ") + name + (kind == Kind::equal_one ? "=1" : "=div16");
  return text;
}

Specialization specialization_at(const OpSpec& op, const Point& point) {
  Specialization specialization;
  if (op.language != Language::triton) return specialization;
  const Symbols symbols = op.symbols(point.shape, point.dtype, {});
  for (const ArgSpec& arg : op.args) {
    if (arg.is_buffer()) continue;
    const DType dtype = arg.resolve_dtype(point.dtype);
    if (dtype != DType::i32 && dtype != DType::i64) continue;  // Triton does not specialize float scalars
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
