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
std::vector<std::string> ConditionWarnings(const CompareInput& in);

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
