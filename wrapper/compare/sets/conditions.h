#pragma once

#include <string>
#include <utility>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// What the recorded conditions say about the fairness of a comparison, one
/// warning each (docs/guide.md, "Warnings"):
///
/// - every set against the first, the baseline: a condition in which the two
///   differ, naming both values (`kernel-a and kernel-b also differ in
///   cmdline: 'quiet' → 'quiet mitigations=off'`). What defines the sets is
///   not compared: the kernel release of `label@release` sets. Nor is
///   boot_id (another kernel is another boot); load1 differs when the values
///   are 1 or more apart. Only conditions both sets recorded are compared.
/// - within a set: a condition that changed between its runs (another
///   governor, another command line), naming the values and where the new
///   one starts; not boot_id, as boots within a set are the mixed model's
///   unit.
/// - a set that recorded no conditions (a file of an earlier timeit) while
///   others did: said once, as nothing can be checked for it.
/// - a set over several hosts (a fleet's label) whose hosts differ in CPU
///   model, kernel release or a condition: one line per set naming each
///   column's values and the hosts of each (HostDifferences). Different
///   kernels on a fleet's hosts within one label are no spread between
///   machines, yet the model would count them as one. Such a column is not
///   also said to have changed between the set's runs.
std::vector<std::string> ConditionWarnings(const CompareInput& in);

/// A machine column in which a set's hosts differ: each host's values (one,
/// or several where its runs changed), with the hosts that had them, in
/// order of the hosts' names.
struct HostDifference {
  std::string name;  ///< "kernel_release", "cpu_model", "governor"
  struct Group {
    std::vector<std::string> values, hosts;
  };
  std::vector<Group> groups;
};
/// The columns of CompareSet::host_values in which `set`'s hosts differ:
/// cpu_model, kernel_release, then the conditions in column order. Only
/// hosts that recorded the column are compared.
std::vector<HostDifference> HostDifferences(const CompareSet& set);

/// A condition in which a set differs from the baseline, by the rule of the
/// warnings above, with the values as a message shows them.
struct ConditionDifference {
  std::string name;  ///< the column: "governor", "kernel_release"
  std::string base_values, other_values;
};
std::vector<ConditionDifference> ConditionDifferences(const CompareSet& base,
                                                      const CompareSet& other);

/// Two values as a message shows them: quoted whole when short; long ones
/// (a kernel command line) without the words they share at either end,
/// marked "…": `'… quiet'` → `'… quiet mitigations=off'`.
std::pair<std::string, std::string> ContrastValues(const std::string& a, const std::string& b);

}  // namespace timeit
