#include "wrapper/sources/counting_mode.h"

#include "counters/cgroup_counters.h"
#include "wrapper/base/errors.h"

namespace timeit {
CountingChoice ChooseCounting(CountBy asked, const CgroupOffer& offer,
                              const std::vector<int>& cpus) {
  if (asked == CountBy::kInherit)
    return {false, "counted by inheritance over the process tree (--count-by inherit)"};
  if (!offer.available) {
    if (asked == CountBy::kCgroup)
      throw UsageError("--count-by cgroup: the runs have no cgroup here: " + offer.why_not);
    return {false, "counted by inheritance over the process tree (the runs have no cgroup)", true};
  }
  if (const int err = counters::ProbeCgroupCounting(offer.series_fd, cpus.front()); err != 0) {
    const std::string why = counters::ExplainCgroupCountingErrno(err);
    if (asked == CountBy::kCgroup) throw UsageError("--count-by cgroup: " + why);
    return {false, "counted by inheritance over the process tree, not by cgroup: " + why, true};
  }
  return {true, "counted " + counters::CgroupCountingPhrase(cpus.size())};
}

}  // namespace timeit
