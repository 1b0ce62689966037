#pragma once

#include <vector>

namespace timeit::stats {

/// Holm's step-down adjustment of `p` for the number of tests (R's
/// p.adjust(p, "holm")): sorted ascending, the i-th smallest (from 0) of m
/// becomes max over j <= i of min(1, (m - j) * p(j)). NaN entries (tests that
/// could not be run) stay NaN and are not counted in m. Controls the
/// family-wise error rate at any dependence between the tests.
std::vector<double> HolmAdjust(const std::vector<double>& p);

}  // namespace timeit::stats
