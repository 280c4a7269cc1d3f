#include "counters/host_instruction_counter.h"

#include <fmt/format.h>

#include <map>

#include "args_file.h"
#include "launch/point_workspace.h"
#include "util/errors.h"
#include "util/valgrind.h"
#include "util/files.h"
#include "util/process.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

class HostInstructionCounter : public InstructionCounter {
 public:
  HostInstructionCounter(HostCountingTools tools, std::chrono::seconds limit) : tools_(std::move(tools)), limit_(limit) {}

  std::vector<InstructionCount> count(Workspace& workspace, const std::vector<CountedVariant>& variants) const override {
    try {
      return count_on_host(workspace, variants);
    } catch (const CountError&) {
      throw;
    } catch (const StorageError&) {
      throw;  // the machine, not the point: the run stops
    } catch (const std::runtime_error& error) {  // Valgrind could not be started, a temporary folder not made
      throw CountError(error.what());
    }
  }

 private:
  std::vector<InstructionCount> count_on_host(Workspace& workspace, const std::vector<CountedVariant>& variants) const {
    auto* host = dynamic_cast<PointWorkspace*>(&workspace);
    if (!host) throw CountError("instruction counts are counted for host ops only (this point runs on a device)");
    host->restore_inputs();
    host->poison_outputs();
    std::vector<std::string_view> blocks;
    for (const ArgBuffer& buffer : host->buffers())
      blocks.emplace_back(reinterpret_cast<const char*>(buffer.data.data()), buffer.bytes());

    TempDir dir("abtool-count-");
    const fs::path args_file = dir.path() / "args", dumps = dir.path() / "callgrind.out";
    write_file_atomically(args_file, encode_count_args(blocks));
    ProcessRequest request;
    request.program = tools_.valgrind;
    request.args = {"--tool=callgrind", "-q", "--callgrind-out-file=" + dumps.string(), "--collect-atstart=no",
                    "--instr-atstart=no", "--dump-line=no", "--compress-strings=no", "--compress-pos=no",
                    tools_.runner.string(), args_file.string(), std::to_string(kCountedCalls)};
    for (const auto& variant : variants) {
      request.args.push_back(variant.binary.string());
      request.args.push_back(variant.entry_symbol);
    }
    request.timeout = limit_;
    const ProcessResult result = run_process(request);
    if (result.timed_out) throw CountError(fmt::format("callgrind ran longer than {} s", limit_.count()));
    if (result.exit_code != 0) {
      const bool illegal = result.err.find("SIGILL") != std::string::npos;
      throw CountError(fmt::format("callgrind {}: {}{}", result.exit_code < 0 ? "was ended by a signal" : "failed",
                                   last_line(result.err),
                                   illegal ? " (an instruction Valgrind cannot run: built for a newer instruction set?)" : ""));
    }
    std::map<std::string, uint64_t> by_trigger;
    for (const auto& entry : fs::directory_iterator(dir.path())) {
      if (entry.path().filename().string().rfind("callgrind.out.", 0) != 0) continue;
      if (auto dump = parse_callgrind_dump(read_text_file(entry.path()))) by_trigger[dump->trigger] = dump->instructions;
    }
    auto counted = [&](const std::string& trigger) {
      auto found = by_trigger.find(trigger);
      if (found == by_trigger.end()) throw CountError("callgrind wrote no count for " + trigger);
      return found->second;
    };
    const uint64_t counting = counted("empty");
    std::vector<InstructionCount> counts(variants.size(), InstructionCount{"callgrind", {}});
    for (int call = 0; call < kCountedCalls; ++call)
      for (size_t side = 0; side < variants.size(); ++side) {
        const uint64_t total = counted(fmt::format("side{}.call{}", side, call));
        counts[side].calls.push_back(total > counting ? total - counting : 0);
      }
    return counts;
  }

  HostCountingTools tools_;
  std::chrono::seconds limit_;
};

}  // namespace

HostCountingTools find_host_counting_tools(const fs::path& runner_dir) {
  const std::string valgrind = find_working_valgrind("--metric instructions");
  const fs::path runner = runner_dir / kHostCountRunner;
  std::error_code error;
  if (!fs::is_regular_file(runner, error))
    throw InputError(fmt::format("--metric instructions: {} is missing beside abtool (at {})", kHostCountRunner, runner.string()));
  return {valgrind, runner};
}

std::unique_ptr<InstructionCounter> make_host_instruction_counter(HostCountingTools tools, std::chrono::seconds limit) {
  return std::make_unique<HostInstructionCounter>(std::move(tools), limit);
}

}  // namespace abt
