#include "wrapper/compare/sets/boots.h"

#include <limits>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace timeit {
namespace {

constexpr std::size_t kNoBootId = std::numeric_limits<std::size_t>::max();

}  // namespace

std::vector<std::string> BootKeys(const CompareSet& set, const MetricSeries& series) {
  std::vector<std::string> keys;
  for (std::size_t run : series.run_index) {
    const std::string& boot = run < set.run_boots.size() ? set.run_boots[run] : std::string();
    keys.push_back(boot.empty() ? "set:" + set.label : "id:" + boot);
  }
  return keys;
}

std::vector<std::string> HostKeys(const CompareSet& set, const MetricSeries& series) {
  std::vector<std::string> keys;
  for (std::size_t run : series.run_index)
    keys.push_back(run < set.run_hosts.size() ? set.run_hosts[run] : std::string());
  return keys;
}

std::size_t CountDistinct(const std::vector<std::string>& keys) {
  return std::unordered_set<std::string_view>(keys.begin(), keys.end()).size();
}

stats::MixedDesign BootDesign(const std::vector<const CompareSet*>& sets,
                              const std::vector<const MetricSeries*>& series, bool by_host) {
  // The keys of BootKeys and HostKeys, numbered without making them: a
  // boot_id's text, or the set's label when the run has none (BootKeys'
  // "id:" and "set:" keys apart), and the host's text.
  std::unordered_map<std::string_view, std::size_t> boot_ids, label_ids, host_ids;
  const auto id = [](std::unordered_map<std::string_view, std::size_t>& ids, std::string_view key) {
    return ids.emplace(key, ids.size()).first->second;
  };
  stats::MixedDesign d;
  d.levels.resize(by_host ? 2 : 1);
  for (std::size_t s = 0; s < sets.size(); ++s) {
    const CompareSet& set = *sets[s];
    d.values.insert(d.values.end(), series[s]->values.begin(), series[s]->values.end());
    d.set.insert(d.set.end(), series[s]->values.size(), s);
    for (std::size_t run : series[s]->run_index) {
      const std::string_view boot =
          run < set.run_boots.size() ? std::string_view(set.run_boots[run]) : std::string_view();
      // A run without a boot_id is its set's boot, numbered from the top.
      d.levels.back().push_back(boot.empty() ? kNoBootId - id(label_ids, set.label)
                                             : id(boot_ids, boot));
      if (by_host)
        d.levels[0].push_back(id(host_ids, run < set.run_hosts.size()
                                               ? std::string_view(set.run_hosts[run])
                                               : std::string_view()));
    }
  }
  return d;
}

}  // namespace timeit
