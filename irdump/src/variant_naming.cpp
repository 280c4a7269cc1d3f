#include "irdump/variant_naming.h"

#include <cctype>
#include <set>
#include <sstream>

namespace abt {

std::string VariantNaming::abbreviate(const std::string& parameter) {
  if (parameter == "num_warps") return "w";
  if (parameter == "num_stages") return "s";
  if (parameter == "num_ctas") return "c";
  std::vector<std::string> words;
  std::stringstream stream(parameter);
  for (std::string word; std::getline(stream, word, '_');)
    if (!word.empty()) words.push_back(word);
  if (words.size() < 2) return parameter;
  std::string initials;
  for (const auto& word : words) initials += word[0];
  return initials;
}

VariantNaming::VariantNaming(const OpSpec& op, bool dtype_suffix, bool kernel_shared)
    : op_name_(op.name), dtype_suffix_(dtype_suffix), triton_(op.language == Language::triton) {
  if (kernel_shared && op.name != op.kernel) op_suffix_ = "__" + op.name;
  std::map<std::string, int> uses;
  for (const auto& param : op.tune)
    if (param.values.size() > 1) ++uses[abbreviate(param.name)];
  for (const auto& param : op.tune) {
    if (param.values.size() <= 1) continue;
    std::string short_name = abbreviate(param.name);
    // Two parameters with the same initials would make names ambiguous: keep both in full.
    short_names_[param.name] = uses[short_name] > 1 ? param.name : short_name;
  }
}

std::string VariantNaming::name(const Config& config, DType dtype) const {
  std::string text;
  bool previous_lower = false;
  for (const auto& [param, value] : config) {
    auto found = short_names_.find(param);
    if (found == short_names_.end()) continue;
    std::string token = found->second + value;
    bool lower = std::islower(static_cast<unsigned char>(token[0]));
    if (!text.empty() && !(lower && previous_lower)) text += "_";
    text += token;
    previous_lower = lower;
  }
  if (text.empty()) text = "default";
  for (char& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') c = '-';
  if (dtype_suffix_) text += "__" + dtype_name(dtype);
  return text + op_suffix_;
}

std::string VariantNaming::legend_markdown() const {
  std::string text = "## " + op_name_ + "\n\n";
  if (short_names_.empty()) {
    text += "No parameter varies: every variant is named `default`.\n";
  } else {
    text += "| in file names | parameter |\n|---|---|\n";
    for (const auto& [param, short_name] : short_names_) text += "| `" + short_name + "` | `" + param + "` |\n";
  }
  if (dtype_suffix_) text += "\nShapes measured in several dtypes carry a `__<dtype>` suffix.\n";
  if (!op_suffix_.empty())
    text += "\nOther ops of this run launch the same kernel: this op's variants end in `" + op_suffix_ + "`.\n";
  if (triton_)
    text += "\nTriton variants are specialized on the point's integer arguments as Triton's JIT does (`=1`: compiled in "
            "as a constexpr, `=div16`: divisible by 16); index.tsv's params list it after `|`. It is a function of the "
            "shape and dtype, so it never tells two files of one folder apart and needs no `__<arg>div16` suffix.\n";
  return text + "\n";
}

}  // namespace abt
