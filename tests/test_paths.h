#pragma once

namespace timeit::test {

/// The path CMake recorded under `name` for this test program: the checkout
/// (TIMEIT_SOURCE_DIR), the test's own folder (TIMEIT_TEST_DATA_DIR), and the
/// programs the tests run (TIMEIT_BINARY, BURN_CPU_BINARY, ...). Those names
/// are macros on the compile line that call this function with their own name;
/// the paths themselves live in a source generated per test program
/// (timeit_test_path in tests/CMakeLists.txt). A compile line that named the
/// checkout's folder would miss ccache in every fresh clone
/// (cmake/TimeitCcache.cmake). Ends the program on a name never recorded.
const char* TestPath(const char* name);

}  // namespace timeit::test
