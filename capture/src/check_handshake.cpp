#include "capture/check_handshake.h"

#include <chrono>
#include <fstream>
#include <set>
#include <thread>

#include "util/errors.h"
#include "util/files.h"
#include "util/stop_signals.h"

namespace abt::capture {
namespace fs = std::filesystem;
namespace {

constexpr const char* kGo = "go";
constexpr auto kPoll = std::chrono::milliseconds(50);

// Every module named so far, in the order the files list them (a line still being written, one
// without its newline, waits for the next look).
std::vector<std::string> modules_named(const fs::path& dir) {
  std::vector<std::string> modules;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("imports-", 0) != 0 || entry.path().extension() != ".txt") continue;
    std::ifstream file(entry.path());
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    for (size_t begin = 0, end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1)
      if (end > begin) modules.push_back(text.substr(begin, end - begin));
  }
  return modules;
}

}  // namespace

void await_capture(const fs::path& dir, const std::function<void(const std::vector<std::string>&)>& preload) {
  std::set<std::string> handed;
  for (;;) {
    if (int signal = stop_signal()) throw Interrupted(signal);
    std::error_code error;
    if (!fs::is_directory(dir, error))
      throw InputError("--after-capture " + dir.string() + ": the capture's folder is gone (it ended without its check)");
    const bool released = fs::exists(dir / kGo, error);  // before the imports: none written before it is missed
    std::vector<std::string> fresh;
    for (std::string& module : modules_named(dir))
      if (handed.insert(module).second) fresh.push_back(std::move(module));
    if (!fresh.empty()) preload(fresh);
    if (released) return;
    std::this_thread::sleep_for(kPoll);
  }
}

void release_check(const fs::path& dir) { write_file_atomically(dir / kGo, "the capture is written\n"); }

}  // namespace abt::capture
