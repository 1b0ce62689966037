#include "wrapper/sources/counting_mode.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "counters/cgroup_counters.h"
#include "platforms/cgroup2.h"
#include "platforms/unique_fd.h"
#include "wrapper/base/errors.h"

namespace timeit {
namespace {

std::string ByCgroup() {
  const std::size_t cpus = counters::OnlineCpus().size();
  return "by cgroup: per-CPU events on each run's cgroup, " + std::to_string(cpus) + " CPU" +
         (cpus == 1 ? "" : "s") + ", no cost per fork";
}

}  // namespace

CountingChoice ChooseCounting(CountBy asked, const CgroupOffer& offer) {
  if (asked == CountBy::kInherit)
    return {false, "counted by inheritance over the process tree (--count-by inherit)"};
  if (!offer.available) {
    if (asked == CountBy::kCgroup)
      throw UsageError("--count-by cgroup: the runs have no cgroup here: " + offer.why_not);
    return {false, "counted by inheritance over the process tree (the runs have no cgroup)"};
  }
  if (const int err = counters::ProbeCgroupCounting(offer.series_fd); err != 0) {
    const std::string why = counters::ExplainCgroupCountingErrno(err);
    if (asked == CountBy::kCgroup) throw UsageError("--count-by cgroup: " + why);
    return {false, "counted by inheritance over the process tree, not by cgroup: " + why};
  }
  return {true, "counted " + ByCgroup()};
}

std::string CountingHere() {
  std::string why;
  const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
  if (!where) return "by inheritance: no cgroup for the runs (" + why + ")";
  if (::access((where->own_dir + "/cgroup.procs").c_str(), W_OK) != 0)
    return "by inheritance: no cgroup for the runs (" + where->own_dir +
           " is not writable: " + std::strerror(errno) + ")";
  const platforms::UniqueFd own(::open(where->own_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  const int err = own ? counters::ProbeCgroupCounting(own.get()) : errno;
  if (err != 0) return "by inheritance: " + counters::ExplainCgroupCountingErrno(err);
  return ByCgroup();
}

}  // namespace timeit
