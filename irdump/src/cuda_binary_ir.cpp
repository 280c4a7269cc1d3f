#include "util/environment.h"
#include "irdump/cuda_binary_ir.h"

#include <cstdlib>
#include <future>
#include <regex>
#include <sstream>

#include "util/files.h"
#include "util/process.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

std::optional<std::string> find_cuda_tool(const std::string& name) {
  if (auto found = find_program(name)) return found;
  std::vector<fs::path> dirs;
  if (const auto& home = environment().cuda_home) dirs.push_back(*home / "bin");
  dirs.push_back("/usr/local/cuda/bin");
  for (const auto& dir : dirs)
    if (fs::exists(dir / name)) return (dir / name).string();
  return std::nullopt;
}

std::optional<std::string> run_tool(const std::optional<std::string>& tool, std::vector<std::string> args) {
  if (!tool) return std::nullopt;
  try {
    ProcessResult result = run_process({*tool, std::move(args), "", {}, std::chrono::seconds(120)});
    if (result.exit_code != 0) return std::nullopt;
    return result.out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

const CudaBinaryTools& CudaBinaryTools::find() {
  static const CudaBinaryTools tools{find_cuda_tool("nvdisasm"), find_cuda_tool("cuobjdump")};
  return tools;
}

std::string normalize_sass(const std::string& disassembly) {
  static const std::regex address(R"(/\*[0-9a-f]{4,}\*/)");
  static const std::regex encoding(R"(/\* 0x[0-9a-f]{16} \*/)");
  std::istringstream lines(disassembly);
  std::string line, text;
  while (std::getline(lines, line)) {
    line = std::regex_replace(std::regex_replace(line, address, ""), encoding, "");
    auto end = line.find_last_not_of(" \t");
    if (end == std::string::npos) continue;
    text += line.substr(0, end + 1) + "\n";
  }
  return text;
}

std::optional<std::string> cubin_sass(const fs::path& cubin) {
  const CudaBinaryTools& tools = CudaBinaryTools::find();
  if (auto text = run_tool(tools.nvdisasm, {"-c", cubin.string()})) return normalize_sass(*text);
  if (auto text = run_tool(tools.cuobjdump, {"-sass", cubin.string()})) return normalize_sass(*text);
  return std::nullopt;
}

std::optional<std::string> cubin_resource_usage(const fs::path& cubin) {
  auto text = run_tool(CudaBinaryTools::find().cuobjdump, {"--dump-resource-usage", cubin.string()});
  if (!text) return std::nullopt;
  // The first lines name the (temporary) file: keep only what describes the code.
  std::istringstream lines(*text);
  std::string line, kept;
  while (std::getline(lines, line))
    if (line.find("Fatbin") == std::string::npos && line.find(cubin.string()) == std::string::npos && !line.empty())
      kept += line + "\n";
  return kept;
}

void derive_cuda_binary_ir(CompiledVariant& variant) {
  const auto cubin = variant.ir.find("cubin");
  if (!variant.ok || cubin == variant.ir.end() || variant.ir.count("sass")) return;
  const fs::path binary = cubin->second;
  // The two disassemblers side by side: each is a process of its own.
  auto resources = std::async(std::launch::async, [&] { return cubin_resource_usage(binary); });
  const std::optional<std::string> sass = cubin_sass(binary);
  const std::optional<std::string> usage = resources.get();
  const fs::path stem = binary.parent_path() / binary.stem();
  if (sass) {
    write_file_atomically(fs::path(stem.string() + ".sass"), *sass);
    variant.ir["sass"] = fs::path(stem.string() + ".sass");
  }
  if (usage) {
    write_file_atomically(fs::path(stem.string() + ".res"), *usage);
    variant.ir["res"] = fs::path(stem.string() + ".res");
  }
}

}  // namespace abt
