// timeit's entry point: the only place errors become a printed line and an
// exit status. Parsing and dispatch live in wrapper/dispatch.cc.
#include <cstdio>
#include <exception>

#include "wrapper/base/errors.h"
#include "wrapper/dispatch.h"

int main(int argc, char** argv) {
  try {
    return timeit::Dispatch(argc, argv);
  } catch (const timeit::Error& e) {
    std::fprintf(stderr, "timeit: %s\n", e.what());
    return e.exit_status();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "timeit: internal error: %s\n", e.what());
    return timeit::kExitCommandFailed;
  }
}
