#pragma once

namespace timeit {

/// `timeit plan [options] FILE...`: how many runs per boot and boots per
/// kernel a comparison needs, from a pilot series of several boots.
int PlanMain(int argc, char** argv);

}  // namespace timeit
