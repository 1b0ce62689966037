#pragma once

namespace timeit {

/// Each subcommand takes the arguments after its own name (argv[0] is the
/// subcommand's name) and returns the exit status. Errors that end the
/// program are thrown as timeit::Error and printed by main().
using SubcommandMain = int (*)(int argc, char** argv);

struct Subcommand {
  const char* name;
  const char* summary;
  SubcommandMain main;
};

}  // namespace timeit
