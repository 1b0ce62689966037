#include "counters/run_counters.h"

namespace timeit::counters {
namespace {

class InheritedCounters : public RunCounters {
 public:
  InheritedCounters(std::vector<EventEncoding> events, bool user_only, std::string pmu_counters,
                    std::vector<std::vector<std::size_t>> rotation)
      : tree_(std::move(events), user_only, std::move(pmu_counters), std::move(rotation)) {}
  void SelectGroup(std::size_t group) override { tree_.SelectGroup(group); }
  void Attach(pid_t pid) override { tree_.Attach(pid); }
  bool AttachesBeforeExec() const override { return true; }
  std::vector<CounterReading> Collect() override { return tree_.Collect(); }

 private:
  TreeCounters tree_;
};

}  // namespace

std::unique_ptr<RunCounters> CountByInheritance(std::vector<EventEncoding> events, bool user_only,
                                                std::string pmu_counters,
                                                std::vector<std::vector<std::size_t>> rotation) {
  return std::make_unique<InheritedCounters>(std::move(events), user_only, std::move(pmu_counters),
                                             std::move(rotation));
}

}  // namespace timeit::counters
