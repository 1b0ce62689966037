#include "wrapper/compare/sets/boots.h"

#include <map>
#include <set>

namespace timeit {

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
  return std::set<std::string>(keys.begin(), keys.end()).size();
}

stats::MixedDesign BootDesign(const std::vector<const CompareSet*>& sets,
                              const std::vector<const MetricSeries*>& series, bool by_host) {
  std::vector<std::string> boots, hosts;
  stats::MixedDesign d;
  for (std::size_t s = 0; s < sets.size(); ++s) {
    const std::vector<std::string> b = BootKeys(*sets[s], *series[s]);
    const std::vector<std::string> h = HostKeys(*sets[s], *series[s]);
    boots.insert(boots.end(), b.begin(), b.end());
    hosts.insert(hosts.end(), h.begin(), h.end());
    d.values.insert(d.values.end(), series[s]->values.begin(), series[s]->values.end());
    d.set.insert(d.set.end(), series[s]->values.size(), s);
  }
  std::map<std::string, std::size_t> ids;
  const auto id = [&ids](const std::string& key) {
    return ids.emplace(key, ids.size()).first->second;
  };
  const bool fleet = by_host;
  d.levels.resize(fleet ? 2 : 1);
  for (std::size_t i = 0; i < boots.size(); ++i) {
    if (fleet) d.levels[0].push_back(id("host:" + hosts[i]));
    d.levels.back().push_back(id("boot:" + boots[i]));
  }
  return d;
}

}  // namespace timeit
