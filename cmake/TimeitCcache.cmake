# Every compile goes through ccache (Debian's package) where it is installed,
# so that CI's fresh clone in another folder reuses what the developer's own
# builds of the same tree compiled (issue "CI that a change can afford").
#
# Two settings make a hit independent of the folder:
# - base_dir: ccache rewrites absolute paths under the checkout (the -I of
#   our includes, the source file's own path) relative to the build folder,
#   which is the same in every clone (build/, build-asan/, ...).
# - hash_dir off: with -g the compiler's working directory goes into the
#   debug information and, by default, into ccache's hash; a hit then keeps
#   the folder of the build that filled the cache in DW_AT_comp_dir, which
#   only a debugger reads.
# Nothing else on the compile line may name the checkout: the tests get the
# paths of their data and programs at run time (tests/test_paths.h), not by -D.
option(TIMEIT_CCACHE "Compile through ccache where it is installed" ON)
find_program(TIMEIT_CCACHE_EXE ccache)
if(TIMEIT_CCACHE AND TIMEIT_CCACHE_EXE)
  set(_timeit_ccache ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}
                     CCACHE_NOHASHDIR=1 ${TIMEIT_CCACHE_EXE})
  set(CMAKE_C_COMPILER_LAUNCHER ${_timeit_ccache})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${_timeit_ccache})
endif()
