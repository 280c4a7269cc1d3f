#include "triton_fork_server.h"

#include <fmt/format.h>
#include <signal.h>

#include <boost/filesystem/path.hpp>
#include <boost/process.hpp>
#include <future>
#include <sstream>
#include <vector>

namespace bp = boost::process;

namespace abt {
namespace {

constexpr auto kStartLimit = std::chrono::seconds(120);  // Python and `import triton`, on a busy machine
constexpr auto kReapLimit = std::chrono::seconds(10);    // a killed batch's end to be reported
constexpr auto kQuitLimit = std::chrono::seconds(1);     // the server's own end, its batches done

// Why the server gave no description: a Python traceback's last line says it ("ModuleNotFoundError:
// No module named 'triton'").
std::string why_it_failed(bool answered, int exit_code, const std::string& line, const std::string& said) {
  if (!answered) return "the Triton helper did not answer within 120 s";
  std::vector<std::string> lines;
  std::istringstream text(said + "\n" + line);
  for (std::string each; std::getline(text, each);)
    if (each.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(each);
  if (lines.empty()) return fmt::format("the Triton helper ended (exit status {}) without a word", exit_code);
  return lines.back();
}

}  // namespace

class TritonForkServer::Process {
 public:
  Process(const std::string& python, std::vector<std::string> args, const std::map<std::string, std::string>& env,
          const std::filesystem::path& errors) {
    bp::environment environment = boost::this_process::environment();
    for (const auto& [key, value] : env) environment[key] = value;
    child = bp::child(python, bp::args(args), bp::std_in < input, bp::std_out > output, bp::std_err > errors.string(),
                      environment);
  }
  bp::opstream input;
  bp::ipstream output;
  bp::child child;
};

TritonForkServer::TritonForkServer(const std::string& python, const std::string& helper,
                                   const std::map<std::string, std::string>& env, Digest digest)
    : files_("abtool-triton-server-") {
  const std::filesystem::path errors = files_.path() / "server.err";
  std::vector<std::string> args{helper, "--serve"};
  if (digest == Digest::known) args.push_back("--no-digest");
  process_ = std::make_unique<Process>(python, args, env, errors);
  // The first line describes the install; reading it waits for `import triton` (not for the
  // digest: it comes later, as a message of its own).
  auto first = std::async(std::launch::async, [this] {
    std::string line;
    std::getline(process_->output, line);
    return line;
  });
  std::string line;
  const bool answered = first.wait_for(kStartLimit) == std::future_status::ready;
  if (answered) line = first.get();
  try {
    description_ = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception&) {
    std::error_code ignored;
    if (!answered) process_->child.terminate(ignored);
    if (first.valid()) first.wait();
    process_->child.wait(ignored);
    throw std::runtime_error(why_it_failed(answered, process_->child.exit_code(), line,
                                           read_file_if_present(errors).value_or("")));
  }
  reader_ = std::thread([this] { read_messages(); });
}

TritonForkServer::~TritonForkServer() {
  process_->input.pipe().close();  // end of requests: the server ends once its batches have
  // Every batch has been answered by now (run() waits for it); what may still be under way is a
  // preparation nobody needed (a run whose variants all came from the cache): not waited for.
  std::error_code ignored;
  if (!process_->child.wait_for(kQuitLimit, ignored)) process_->child.terminate(ignored);
  if (reader_.joinable()) reader_.join();
}

void TritonForkServer::read_messages() {
  for (std::string line; std::getline(process_->output, line);) {
    nlohmann::json message = nlohmann::json::parse(line, nullptr, false);
    if (message.is_object() && message.contains("libtriton_sha256") && message["libtriton_sha256"].is_string()) {
      std::lock_guard lock(mutex_);
      libtriton_sha256_ = message["libtriton_sha256"].get<std::string>();
      changed_.notify_all();
      continue;
    }
    if (!message.is_object() || !message.contains("id")) continue;
    std::lock_guard lock(mutex_);
    auto found = batches_.find(message["id"].get<uint64_t>());
    if (found == batches_.end()) continue;
    Batch& batch = found->second;
    if (message.contains("pid")) batch.pid = message["pid"].get<int>();
    if (message.contains("exit")) batch.exit_code = message["exit"].get<int>();
    if (message.contains("signal")) batch.signal = message["signal"].get<int>();
    changed_.notify_all();
  }
  std::lock_guard lock(mutex_);
  gone_ = true;
  gone_why_ = read_file_if_present(files_.path() / "server.err").value_or("");
  changed_.notify_all();
}

std::string TritonForkServer::libtriton_sha256() {
  std::unique_lock lock(mutex_);
  if (!changed_.wait_for(lock, kStartLimit, [&] { return libtriton_sha256_ || gone_; }))
    throw std::runtime_error("the Triton helper did not hash libtriton.so within 120 s");
  if (!libtriton_sha256_) throw std::runtime_error("the Triton fork server ended before it hashed libtriton.so: " + gone_why_);
  return *libtriton_sha256_;
}

void TritonForkServer::prepare(const nlohmann::json& request) {
  std::lock_guard lock(mutex_);
  if (gone_) throw std::runtime_error("the Triton fork server ended: " + gone_why_);
  process_->input << request.dump() << std::endl;
}

ProcessResult TritonForkServer::run(nlohmann::json request, std::chrono::seconds limit) {
  std::unique_lock lock(mutex_);
  if (gone_) throw std::runtime_error("the Triton fork server ended: " + gone_why_);
  const uint64_t id = next_id_++;
  Batch& batch = batches_[id];
  const std::filesystem::path replies = files_.path() / fmt::format("{}.replies", id);
  const std::filesystem::path errors = files_.path() / fmt::format("{}.err", id);
  request["id"] = id;
  request["replies"] = replies.string();
  request["errors"] = errors.string();
  process_->input << request.dump() << std::endl;
  const auto started = std::chrono::steady_clock::now();
  auto ended = [&] { return batch.exit_code || batch.signal || gone_; };
  ProcessResult result;
  if (!changed_.wait_until(lock, started + limit, ended)) {
    if (batch.pid) ::kill(*batch.pid, SIGKILL);  // the batch, not the server
    result.timed_out = true;
    changed_.wait_for(lock, kReapLimit, ended);
  }
  if (gone_ && !batch.exit_code && !batch.signal) {
    batches_.erase(id);
    throw std::runtime_error("the Triton fork server ended: " + gone_why_);
  }
  result.exit_code = batch.exit_code.value_or(-1);
  batches_.erase(id);
  lock.unlock();
  result.out = read_file_if_present(replies).value_or("");
  result.err = read_file_if_present(errors).value_or("");
  std::error_code ignored;
  std::filesystem::remove(replies, ignored);
  std::filesystem::remove(errors, ignored);
  return result;
}

}  // namespace abt
