#include "launch/host_kernel.h"

#include "launch/point_workspace.h"
#include "util/errors.h"

namespace abt {

HostKernel::HostKernel(const std::filesystem::path& library, const std::string& entry_symbol) : symbol_(entry_symbol) {
  try {
    library_ = std::make_unique<DynamicLibrary>(library.string());
    library_->resolve(entry_, entry_symbol);
  } catch (const std::runtime_error& error) {
    throw PointError(std::string("cannot load the variant: ") + error.what());
  }
}

HostKernel::~HostKernel() = default;

namespace {

class HostTarget : public ExecutionTarget {
 public:
  std::string kind() const override { return "host"; }
  std::unique_ptr<Workspace> make_workspace(const OpSpec& op, const Point& point, uint64_t seed) override {
    return std::make_unique<PointWorkspace>(op, point, seed);
  }
  std::unique_ptr<LoadedVariant> load(const std::filesystem::path& binary, const std::string& entry_symbol,
                                      const LaunchPlan&) override {
    return std::make_unique<HostKernel>(binary, entry_symbol);
  }
};

}  // namespace

std::unique_ptr<ExecutionTarget> make_host_target() { return std::make_unique<HostTarget>(); }

}  // namespace abt
