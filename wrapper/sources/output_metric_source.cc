#include "wrapper/sources/output_metric_source.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>

#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"

namespace timeit {
namespace {

/// Enough for any number a program prints; a longer capture is not one.
constexpr std::size_t kMaxCapture = 64;
/// Backtracking steps per line before PCRE2 gives up: a pathological regex on
/// a 64 KiB line must not stall the command, whose output waits for us.
constexpr std::uint32_t kMatchLimit = 1'000'000;

std::string Quote(std::string_view text) {
  constexpr std::size_t kMax = 40;
  return "'" + std::string(text.substr(0, kMax)) + (text.size() > kMax ? "...'" : "'");
}

bool IsNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '.';
}

/// The number in `text` as ParseCellNumber reads it (blanks around it
/// allowed, a leading '+' too), or nullopt: "1.2k", "3,400", "inf" and "nan"
/// are not numbers here.
std::optional<double> FiniteNumber(std::string_view text) {
  const std::optional<double> v = ParseCellNumber(text);
  return v && std::isfinite(*v) ? v : std::nullopt;
}

struct CodeDeleter {
  void operator()(pcre2_code* c) const { pcre2_code_free(c); }
};
struct MatchDataDeleter {
  void operator()(pcre2_match_data* m) const { pcre2_match_data_free(m); }
};
struct MatchContextDeleter {
  void operator()(pcre2_match_context* m) const { pcre2_match_context_free(m); }
};

/// One metric: its compiled regex and what the current run's output gave.
struct OutputMetric {
  OutputMetricSpec spec;
  std::unique_ptr<pcre2_code, CodeDeleter> code;
  std::unique_ptr<pcre2_match_data, MatchDataDeleter> match;
  bool jit = false;  ///< compiled to machine code: pcre2_jit_match skips the checks
  // The current run's last match, written by the reader thread.
  bool matched = false;
  std::array<char, kMaxCapture> capture{};
  std::size_t capture_size = 0;  ///< > kMaxCapture: too long to be a number
  bool gave_up = false;          ///< PCRE2's match limit on some line
  int misses = 0;                ///< runs without a value (no match, not a number)
};

class OutputMetricSource : public MeasurementSource {
 public:
  explicit OutputMetricSource(std::vector<OutputMetric> metrics,
                              std::unique_ptr<pcre2_match_context, MatchContextDeleter> context)
      : metrics_(std::move(metrics)), context_(std::move(context)) {}

  std::vector<std::string> Columns() const override {
    std::vector<std::string> names;
    for (const OutputMetric& m : metrics_) names.push_back(m.spec.name);
    return names;
  }
  bool AttachesBeforeExec() const override { return false; }
  bool ReadsOutput() const override { return true; }
  std::vector<std::string> HigherIsBetter() const override {
    std::vector<std::string> names;
    for (const OutputMetric& m : metrics_)
      if (m.spec.higher_is_better) names.push_back(m.spec.name);
    return names;
  }

  void OnOutputLine(std::string_view line) override {
    if (line.size() >= kMaxOutputLine) cut_line_ = true;
    for (OutputMetric& m : metrics_) Search(m, line);
  }

  void Collect(const RunExit& /*exit*/, MetricValues& out) override {
    ++runs_;
    row_notes_.clear();
    for (OutputMetric& m : metrics_) {
      std::optional<double> value;
      const std::string_view capture(m.capture.data(), std::min(m.capture_size, m.capture.size()));
      std::string miss;
      if (!m.matched) {
        miss = m.spec.name + ": no match for " + Quote(m.spec.pattern) + " in the output";
      } else if (m.capture_size > kMaxCapture || !(value = FiniteNumber(capture))) {
        miss = m.spec.name + ": " + Quote(capture) +
               (m.capture_size > kMaxCapture ? " (cut)" : "") + " in the output is not a number";
      }
      // Said the first time; every row's notes keep why its cell is empty,
      // and the end of the series counts them (EndSeriesNotes).
      if (!miss.empty()) (++m.misses == 1 ? notes_ : row_notes_).push_back(std::move(miss));
      if (m.gave_up && !told_gave_up_) {
        told_gave_up_ = true;
        notes_.push_back(m.spec.name + ": the regex hit PCRE2's match limit on a line, which " +
                         "counted as no match (reported once)");
      }
      out.push_back(value);
      m.matched = m.gave_up = false;
      m.capture_size = 0;
    }
    if (cut_line_ && !told_cut_line_) {
      told_cut_line_ = true;
      notes_.push_back("a line of the output was longer than " +
                       std::to_string(kMaxOutputLine / 1024) +
                       " KiB: only its start was searched (reported once)");
    }
    cut_line_ = false;
  }

  std::vector<std::string> TakeNotes() override { return std::exchange(notes_, {}); }
  std::vector<std::string> RowNotes() const override { return row_notes_; }
  std::vector<std::string> EndSeriesNotes() const override {
    std::vector<std::string> notes;
    for (const OutputMetric& m : metrics_)
      if (m.misses > 1)
        notes.push_back(m.spec.name + ": no value in " + std::to_string(m.misses) + " of " +
                        std::to_string(runs_) + " runs; each one's notes in the CSV say why");
    return notes;
  }

 private:
  /// Every match in `line`; the last one's first group is kept.
  void Search(OutputMetric& m, std::string_view line) {
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(line.data());
    PCRE2_SIZE from = 0;
    while (from <= line.size()) {
      const int rc = m.jit ? pcre2_jit_match(m.code.get(), subject, line.size(), from, 0,
                                             m.match.get(), context_.get())
                           : pcre2_match(m.code.get(), subject, line.size(), from, 0, m.match.get(),
                                         context_.get());
      if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
          rc == PCRE2_ERROR_HEAPLIMIT) {
        m.gave_up = true;
        return;
      }
      if (rc < 0) return;  // no (more) match
      const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(m.match.get());
      m.matched = true;
      if (rc >= 2 && ov[2] != PCRE2_UNSET) {
        m.capture_size = ov[3] - ov[2];
        std::memcpy(m.capture.data(), line.data() + ov[2], std::min(m.capture_size, kMaxCapture));
      } else {
        m.capture_size = 0;  // the group took no part: "" is not a number
      }
      from = ov[1] > ov[0] ? ov[1] : ov[1] + 1;  // an empty match moves on by one
    }
  }

  std::vector<OutputMetric> metrics_;
  std::unique_ptr<pcre2_match_context, MatchContextDeleter> context_;
  std::vector<std::string> notes_;
  std::vector<std::string> row_notes_;  ///< the current run's, not said again
  int runs_ = 0;
  bool cut_line_ = false;
  bool told_cut_line_ = false;
  bool told_gave_up_ = false;
};

OutputMetric Compile(OutputMetricSpec spec) {
  int error = 0;
  PCRE2_SIZE offset = 0;
  OutputMetric m;
  m.code.reset(pcre2_compile(reinterpret_cast<PCRE2_SPTR>(spec.pattern.data()), spec.pattern.size(),
                             0, &error, &offset, nullptr));
  if (!m.code) {
    std::array<PCRE2_UCHAR, 256> why{};
    pcre2_get_error_message(error, why.data(), why.size());
    throw UsageError("--metric " + spec.name + ": " + Quote(spec.pattern) + " at offset " +
                     std::to_string(offset) + ": " + reinterpret_cast<const char*>(why.data()));
  }
  std::uint32_t groups = 0;
  pcre2_pattern_info(m.code.get(), PCRE2_INFO_CAPTURECOUNT, &groups);
  if (groups == 0)
    throw UsageError("--metric " + spec.name + ": " + Quote(spec.pattern) +
                     " has no capture group; put the number in parentheses, e.g. "
                     "'Queries per second: ([0-9.]+)'");
  m.jit = pcre2_jit_compile(m.code.get(), PCRE2_JIT_COMPLETE) == 0;  // else the interpreter
  m.match.reset(pcre2_match_data_create_from_pattern(m.code.get(), nullptr));
  if (!m.match) throw Error("--metric: out of memory", kExitBadInput);
  m.spec = std::move(spec);
  return m;
}

}  // namespace

OutputMetricSpec ParseOutputMetric(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos)
    throw UsageError("--metric: expected NAME=REGEX[,higher|lower], got " + Quote(text));
  OutputMetricSpec spec;
  spec.name = text.substr(0, eq);
  spec.pattern = text.substr(eq + 1);
  if (spec.name.empty() || !std::all_of(spec.name.begin(), spec.name.end(), IsNameChar) ||
      FiniteNumber(spec.name) || IsRunningColumn(spec.name))
    throw UsageError(
        "--metric: the NAME before '=' must be a word of letters, digits, '_', "
        "'-' and '.' (not a number, not ending in .running), got " +
        Quote(spec.name));
  for (const auto& [suffix, higher] : {std::pair{",higher", true}, std::pair{",lower", false}}) {
    if (spec.pattern.ends_with(suffix)) {
      spec.pattern.resize(spec.pattern.size() - std::strlen(suffix));
      spec.higher_is_better = higher;
      break;
    }
  }
  if (spec.pattern.empty())
    throw UsageError("--metric " + spec.name + ": the REGEX after '=' is empty");
  return spec;
}

std::unique_ptr<MeasurementSource> MakeOutputMetricSource(std::vector<OutputMetricSpec> specs) {
  std::vector<OutputMetric> metrics;
  for (OutputMetricSpec& spec : specs) {
    for (const OutputMetric& m : metrics)
      if (m.spec.name == spec.name)
        throw UsageError("--metric: the name " + Quote(spec.name) + " is given twice");
    metrics.push_back(Compile(std::move(spec)));
  }
  std::unique_ptr<pcre2_match_context, MatchContextDeleter> context(
      pcre2_match_context_create(nullptr));
  if (!context) throw Error("--metric: out of memory", kExitBadInput);
  pcre2_set_match_limit(context.get(), kMatchLimit);
  return std::make_unique<OutputMetricSource>(std::move(metrics), std::move(context));
}

}  // namespace timeit
