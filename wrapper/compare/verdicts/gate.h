#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "stats/verdict.h"
#include "wrapper/compare/verdicts/comparison_rows.h"

namespace timeit {

/// One summary row the gate names, with the numbers that decided.
struct GateRow {
  std::size_t row = 0;  ///< its index in the rows judged
  /// Its p after Holm's adjustment over the family; NaN when its verdict
  /// rests on no test (an exact difference, or a verdict Holm does not
  /// judge: inconclusive, same, constant, no difference).
  double p_adjusted = 0;
};

/// What --fail-on decides over a comparison's summary rows.
struct GateDecision {
  std::vector<GateRow> fired;  ///< the rows that fail the gate, in row order
  /// Rows whose verdict alone is one of fail_on's differences (worse, better,
  /// below threshold) whose Holm-adjusted p is not below alpha: the family's
  /// size makes them chance, so they do not fail the gate.
  std::vector<GateRow> held;
  /// The family Holm adjusts over: the rows with a test's p (every gated
  /// metric of every set, each group of identical metrics once; not the
  /// exact differences of constant metrics).
  std::size_t family = 0;
  bool several_sets = false;  ///< the family spans sets: "comparisons", not "metrics"
};

/// Whether `v` says a difference was found (worse, better, below
/// threshold): the verdicts whose false alarms grow with the number of
/// metrics, and which the gate judges over the family.
bool IsDifferenceVerdict(stats::Verdict v);

/// Judges `rows` (every gated metric of every set against the baseline:
/// -m's metrics, else all compared) for --fail-on, keeping the family-wise
/// false-alarm rate at 1 - confidence: a row whose verdict is one of
/// `fail_on` fires when that verdict is a difference (worse, better, below
/// threshold) and its p, after Holm's step-down over the family, is below
/// alpha, or when its difference is exact (a constant metric: no chance
/// involved). A verdict of no difference (inconclusive, same, constant, no
/// difference) fires as it stands: it is no test's rejection, and more
/// metrics make none of them likelier by chance than each is alone.
GateDecision JudgeGate(const std::vector<ComparisonRow>& rows,
                       const std::vector<stats::Verdict>& fail_on, double confidence_percent);

/// The lines (without "timeit: " and newline) that say what the gate did:
/// the rows held by Holm, if any ("page-faults worse in b (p 0.031,
/// Holm-adjusted 0.37) at 95% alone, not over the 12 metrics gated: the
/// gate holds"), then the rows that failed it ("failing (--fail-on, Holm
/// over 12 metrics): real worse in b (adjusted p <0.0001)"). Empty when
/// nothing was gated.
std::vector<std::string> GateLines(const GateDecision& decision,
                                   const std::vector<ComparisonRow>& rows,
                                   double confidence_percent);

}  // namespace timeit
