#pragma once

#include "wrapper/base/option_word.h"

namespace timeit {

/// `timeit events [--platform NAME] [--cpuinfo PATH]`: the detected
/// platform and PMUs, then one line per metric: the event, its perf_event
/// encoding, and whether this machine can count it now (and why not).
/// With --platform, a named platform's table without detection.
int EventsMain(int argc, char** argv);

/// The options' words, for `timeit completion`.
OptionWords EventsOptionWords();

}  // namespace timeit
