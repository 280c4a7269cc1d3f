#include "irdump/ir_dump.h"

#include <sstream>

#include "irdump/cuda_binary_ir.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

namespace {

std::string variant_key(const std::string& shape, const std::string& kernel, const std::string& variant) {
  return shape + "\t" + kernel + "\t" + variant;
}

}  // namespace

IrDump::IrDump(RunLayout run) : run_(std::move(run)) {
  fs::create_directories(run_.ir());
  if (auto index = read_file_if_present(run_.ir_index())) {  // a resumed run: its rows so far stay
    std::istringstream lines(*index);
    std::string line;
    std::getline(lines, line);  // the header
    while (std::getline(lines, line))
      if (auto row = IndexRow::parse_tsv_line(line)) {
        by_variant_[variant_key(row->shape, row->kernel, row->variant)].push_back(rows_.size());
        rows_.push_back(std::move(*row));
      }
  }
  loaded_rows_ = rows_.size();
  rewrite_index();
}

IrDump::~IrDump() {
  try {
    flush();
  } catch (const std::exception&) {
  }
}

std::vector<std::string> WrittenIr::all() const {
  std::vector<std::string> everything = files;
  if (disassembled.valid())
    for (const auto& file : disassembled.get()) everything.push_back(file);
  return everything;
}

WrittenIr IrDump::write_measured(IndexRow row, const std::map<std::string, fs::path>& ir) {
  std::lock_guard lock(mutex_);
  WrittenIr written;
  fs::path folder = run_.ir_folder(row.shape, row.kernel);
  fs::create_directories(folder);
  for (const auto& [extension, source] : ir) {
    if (extension == "cubin" && ir.count("sass")) continue;  // disassembled when it was compiled
    if (extension == "cubin") {  // not IR itself: what the disassemblers read, beside the timing
      written.disassembled = std::async(std::launch::async, [this, source, hash = row.binary_hash, stem = folder / row.variant] {
                               return write_cuda_binary_ir(source, hash, stem);
                             }).share();
      continue;
    }
    fs::path target = run_.ir_file(row.shape, row.kernel, row.variant, extension);
    copy_file_atomically(source, target);
    written.files.push_back(run_.relative(target));
  }
  row.role = VariantRole::measured;
  auto known = by_variant_.find(variant_key(row.shape, row.kernel, row.variant));
  if (known == by_variant_.end()) {
    add_locked(std::move(row));
  } else {
    for (size_t index : known->second) {
      rows_[index].role = VariantRole::measured;  // a sweep candidate that won
      rows_[index].launches += row.launches;
    }
    changed_locked();
  }
  return written;
}

BinaryManifest IrDump::write_binary(const IndexRow& row, const CompiledVariant& variant) {
  std::string extension = variant.binary.extension().string();
  if (!extension.empty()) extension.erase(0, 1);
  const fs::path target = run_.bin_file(row.shape, row.kernel, row.variant, extension);
  fs::create_directories(target.parent_path());
  copy_file_atomically(variant.binary, target);
  return BinaryManifest{run_.relative(target), variant.binary_hash, variant.entry_symbol, variant.triton};
}

std::vector<std::string> IrDump::write_cuda_binary_ir(const fs::path& cubin, const std::string& binary_hash, const fs::path& stem) {
  // A binary measured at several points (a variant whose specialization no shape changes) is
  // disassembled once; the first to ask does it, the others wait for it.
  std::promise<Disassembly> mine;
  std::shared_future<Disassembly> disassembly;
  bool disassemble = true;
  {
    std::lock_guard lock(mutex_);
    auto [entry, added] = disassembled_.try_emplace(binary_hash.empty() ? cubin.string() : binary_hash, mine.get_future().share());
    disassemble = added;
    disassembly = entry->second;
  }
  if (disassemble) {
    try {
      mine.set_value({cubin_sass(cubin), cubin_resource_usage(cubin)});
    } catch (...) {
      mine.set_exception(std::current_exception());
    }
  }
  const auto& [sass, resources] = disassembly.get();
  std::vector<std::string> written;
  if (sass) {
    write_file_atomically(fs::path(stem.string() + ".sass"), *sass);
    written.push_back(run_.relative(fs::path(stem.string() + ".sass")));
  }
  if (resources) {
    write_file_atomically(fs::path(stem.string() + ".res"), *resources);
    written.push_back(run_.relative(fs::path(stem.string() + ".res")));
  }
  std::lock_guard lock(mutex_);
  if ((!sass || !resources) && missing_tools_note_.empty()) {
    missing_tools_note_ =
        "\n**Not written here:** `.sass` needs nvdisasm or cuobjdump, `.res` needs cuobjdump; neither was found on PATH, "
        "in $CUDA_HOME/bin or in /usr/local/cuda/bin when this run wrote its IR.\n";
    write_naming();
  }
  return written;
}

void IrDump::add_row(IndexRow row) {
  std::lock_guard lock(mutex_);
  add_locked(std::move(row));
}

void IrDump::add_locked(IndexRow row) {
  std::vector<size_t>& same_key = by_variant_[variant_key(row.shape, row.kernel, row.variant)];
  // A resumed run compiles again what its first part had listed: that row is there already (with
  // whatever role it had at the last rewrite before the kill). Rows of this process are all kept: a
  // variant may be listed in two roles (pinned and measured, and a loser of B's own sweep).
  for (size_t index : same_key) {
    const IndexRow& known = rows_[index];
    if (index < loaded_rows_ && known.dtype == row.dtype && known.params == row.params && known.binary_hash == row.binary_hash)
      return;
  }
  index_file_->append(row.tsv_line());
  same_key.push_back(rows_.size());
  rows_.push_back(std::move(row));
}

void IrDump::add_launches(const std::string& shape, const std::string& kernel, const std::string& variant,
                          long long count) {
  std::lock_guard lock(mutex_);
  auto known = by_variant_.find(variant_key(shape, kernel, variant));
  if (known == by_variant_.end() || count == 0) return;
  for (size_t index : known->second) rows_[index].launches += count;
  changed_locked();
}

void IrDump::changed_locked() {
  if (++changed_ >= 64 + rows_.size() / 4) rewrite_index();
}

void IrDump::flush() {
  std::lock_guard lock(mutex_);
  if (changed_) rewrite_index();
}

void IrDump::add_legend(const std::string& op, const std::string& markdown) {
  std::lock_guard lock(mutex_);
  if (legends_.count(op)) return;
  legends_[op] = markdown;
  write_naming();
}

void IrDump::write_naming() {
  std::string text =
      "# IR file names\n\n"
      "Files are `ir/<shape>/<kernel>/<variant>.<ext>`. A variant name lists only the parameters that\n"
      "vary within its op's config space, multi-word names shortened to their initials\n"
      "(`BLOCK_SIZE_M` -> `BSM`, `num_warps` -> `w`, `num_stages` -> `s`). `index.tsv` lists every\n"
      "compiled variant: `measured` ones have IR here, `sweep_loser` and `compile_failed` ones do not.\n\n"
      "CUDA variants: `.ptx` as the compiler emitted it; `.sass` disassembled from the CUBIN with instruction\n"
      "addresses and encodings removed (so a diff shows changed instructions, not shifted offsets); `.res`\n"
      "registers, shared, local (spill) and constant memory per kernel from `cuobjdump --dump-resource-usage`.\n\n";
  for (const auto& [name, legend] : legends_) text += legend;
  text += missing_tools_note_;
  write_file_atomically(run_.ir_naming(), text);
}

void IrDump::rewrite_index() {
  std::string text = IndexRow::tsv_header();
  for (const auto& row : rows_) text += row.tsv_line();
  index_file_.reset();
  write_file_atomically(run_.ir_index(), text);
  index_file_.emplace(run_.ir_index());  // the new file: the old one's descriptor would append to nothing
  changed_ = 0;
}

}  // namespace abt
