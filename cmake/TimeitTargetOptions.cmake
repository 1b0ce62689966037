# timeit_target_options(<target> [TEST]): the settings every target of ours
# shares. Applied per target (never through global flags) so Debian's
# libraries and GoogleTest are compiled exactly as packaged. TEST marks a
# test program: with TIMEIT_SANITIZE it links the sanitizers' runtime but is
# compiled as in the plain build (see below).
include(TimeitUnity)

if(TIMEIT_CLANG_TIDY)
  find_program(TIMEIT_CLANG_TIDY_EXE NAMES clang-tidy clang-tidy-14 REQUIRED)
endif()

function(timeit_target_options target)
  cmake_parse_arguments(ARG "TEST" "" "" ${ARGN})
  target_compile_features(${target} PUBLIC cxx_std_20)
  set_target_properties(${target} PROPERTIES CXX_EXTENSIONS OFF)
  # Includes are written from the repository root: #include "stats/summary.h".
  target_include_directories(${target} PUBLIC "${PROJECT_SOURCE_DIR}")
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wconversion)
  # With sanitizers, only where the code is compiled as in the plain build
  # (the test programs): the same flags let ccache give back the plain
  # build's objects (-Werror alone made every test object of the ASan build
  # a miss, 1312 of its 2395 compile-seconds on a cold cache), and the
  # instrumented code at -O1 is not what any developer build warns about.
  if(TIMEIT_WERROR AND (ARG_TEST OR NOT TIMEIT_SANITIZE))
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  # A test program's own code (gtest bodies, std::regex, JSON) is compiled
  # without optimisation: -O2 made the tests' objects 60% of a cold build's
  # compile time (1214 of 1993 s), for code that mostly starts timeit and
  # reads its files; -O0 compiles one in about half the time. The code it
  # tests, in the libraries it links, keeps the build's flags. Not on 32-bit
  # x86, whose x87 keeps doubles in 80-bit registers at -O2 and rounds them
  # at every store at -O0: a test computing what the library computes, in
  # the same order, then gets another result (SummarizeUnorderedTest's
  # 1e16 + 1 - 1e16 + 1, 0.25 against the library's 0.5).
  if(ARG_TEST AND NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^i[3-6]86$")
    target_compile_options(${target} PRIVATE -O0)
  endif()
  if(TIMEIT_SANITIZE)
    list(JOIN TIMEIT_SANITIZE "," _san)
    # PUBLIC so that whatever links a sanitized library links the runtime too.
    target_link_options(${target} PUBLIC -fsanitize=${_san})
    # The sanitizers watch timeit's code, which the tests call or run; the
    # test programs' own code is compiled exactly as in the plain build, so
    # that ccache finds it there: instrumenting the CLI tests' gtest bodies
    # at -O2 was half of the ASan build (2030 of 4136 compile-seconds) for
    # nothing they could find. timeit's code is instrumented at -O1 with line
    # tables only (-g1): what the sanitizers' reports need, at about half
    # the compile time of -O2 -g.
    if(NOT ARG_TEST)
      target_compile_options(${target} PRIVATE -fsanitize=${_san} -fno-omit-frame-pointer
                                               -fno-sanitize-recover=all -O1 -g1)
    endif()
  endif()
  if(TIMEIT_UNITY AND NOT TIMEIT_CLANG_TIDY)
    # A deferred call reads its arguments when it runs: EVAL puts the name in now.
    cmake_language(EVAL CODE "cmake_language(DEFER CALL timeit_unity [[${target}]])")
  endif()
  if(TIMEIT_CLANG_TIDY)
    set_target_properties(${target} PROPERTIES CXX_CLANG_TIDY "${TIMEIT_CLANG_TIDY_EXE}")
  endif()
endfunction()
