// code_bytes (model/metric.h): the executable code in each compared side's binary, the sizes of
// its ELF sections that execute (SHF_EXECINSTR), for a host .so and a cubin alike. A compiler
// result like the time: LNT keeps a binary's size beside its run time. Read after the rounds from
// the file each side loaded; deterministic, so one read.
#include <elf.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>
#include <optional>

#include "../after_timing.h"
#include "util/mapped_file.h"

namespace abt {
namespace {

// nullopt: not a 64-bit ELF file, or its section table lies outside it.
std::optional<uint64_t> executable_bytes(std::string_view elf) {
  if (elf.size() < sizeof(Elf64_Ehdr) || elf.substr(0, SELFMAG) != std::string_view(ELFMAG, SELFMAG) ||
      elf[EI_CLASS] != ELFCLASS64)
    return std::nullopt;
  Elf64_Ehdr header;
  std::memcpy(&header, elf.data(), sizeof header);
  const uint64_t table_bytes = uint64_t(header.e_shnum) * sizeof(Elf64_Shdr);
  if (header.e_shoff == 0 || header.e_shentsize != sizeof(Elf64_Shdr) || header.e_shoff > elf.size() ||
      table_bytes > elf.size() - header.e_shoff)
    return std::nullopt;
  uint64_t bytes = 0;
  for (uint16_t i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr section;
    std::memcpy(&section, elf.data() + header.e_shoff + i * sizeof(Elf64_Shdr), sizeof section);
    if ((section.sh_flags & SHF_EXECINSTR) && section.sh_type != SHT_NOBITS) bytes += section.sh_size;
  }
  return bytes;
}

class CodeSize : public AfterTiming {
 public:
  StepKind step() const override { return StepKind::measuring; }
  std::string progress_text(size_t points) const override { return fmt::format("reading the code size of {} point(s)", points); }

  void measure(const OpSession& session, std::vector<PendingPoint>& batch) const override {
    measure_each(session, batch, step(), false, nullptr, [](PendingPoint& pending) {
      std::vector<std::string> unread;
      for (Side* side : compared_sides(pending)) {
        std::optional<uint64_t> bytes;
        if (!side->counted.binary.empty()) bytes = executable_bytes(MappedFile(side->counted.binary).text());
        if (bytes) side->metrics.set(MetricId::code_bytes, {double(*bytes)});
        else unread.push_back(fmt::format("{} ({})", side_name(*side), side->counted.binary.string()));
      }
      // Only what is unusual reaches run.log: every point's size is in results.json.
      return unread.empty() ? std::string()
                            : fmt::format("{}: no code size: not an ELF binary: {}", pending.point.id(), fmt::join(unread, ", "));
    });
  }
};

}  // namespace

std::unique_ptr<AfterTiming> code_size_reading() { return std::make_unique<CodeSize>(); }

}  // namespace abt
