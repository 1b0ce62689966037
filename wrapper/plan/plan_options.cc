#include "wrapper/plan/plan_options.h"

#include <algorithm>

#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/option_parser.h"
#include "wrapper/compare/compare_options.h"

namespace timeit {
namespace {

const OptionSyntax kSyntax{.positional = "files",
                           .stop_at_first_positional = false,
                           .context = "plan",
                           .help_hint = "see timeit plan --help"};

po::options_description MakeOptions(PlanOptions* o) {
  static PlanOptions ignored;
  if (o == nullptr) o = &ignored;
  po::options_description d;
  auto add = d.add_options();
  add("target-ci",
      Read(&o->target_ci_percent, "PCT",
           [](const std::string& v) {
             return DoubleValue("--target-ci", v, 0, "a percentage above 0");
           }),
      "the wanted half width of the interval of two kernels' difference, in % of the mean "
      "(default 1)");
  add("boot-cost",
      Read(&o->boot_cost_seconds, "SECONDS",
           [](const std::string& v) {
             return std::optional<double>(DoubleValue("--boot-cost", v, 0, "seconds above 0"));
           }),
      "what a boot costs (reboot and warm-up), instead of measuring it from the pilot's start "
      "and boot_id columns");
  add("metrics,m",
      Read(&o->metrics, "METRIC,...",
           [](const std::string& v) { return ParseMetricList("-m", v); }),
      "plan for these metrics, comma-separated (default real)");
  add("confidence,c",
      Read(&o->confidence_percent, "CONF",
           [](const std::string& v) {
             return DoubleValue("-c", v, 0, "a confidence level between 0 and 100 (percent)", 100);
           }),
      "confidence level of the interval in percent (default 95)");
  add("help,h", po::bool_switch(&o->help), "this text");
  add("files", po::value(&o->files), "");  // positional: not in the help
  return d;
}

}  // namespace

OptionWords PlanOptionWords() { return WordsOf(MakeOptions(nullptr)); }

std::string PlanUsage() {
  return "usage: timeit plan [--target-ci PCT] [--boot-cost SECONDS] [-m METRIC,...] [-c CONF]\n"
         "                   FILE...\n"
         "From a pilot series (several boots of one kernel, appended to one file across\n"
         "reboots) estimates the variance between boots and between runs of a boot, and\n"
         "prints how many runs per boot and boots per kernel give two kernels' difference\n"
         "an interval within +/-PCT% at least cost (Kalibera and Jones), with an\n"
         "interleaved boot order.\n\noptions:\n" +
         FormatOptionHelp(MakeOptions(nullptr));
}

PlanOptions ParsePlanOptions(int argc, char** argv) {
  PlanOptions o;
  ParseOptions(std::vector<std::string>(argv + std::min(argc, 1), argv + argc), MakeOptions(&o),
               kSyntax);
  if (o.files.empty() && !o.help)
    throw UsageError("plan: no pilot series (" + kSyntax.help_hint + ")");
  return o;
}

}  // namespace timeit
