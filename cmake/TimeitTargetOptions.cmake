# timeit_target_options(<target>): the settings every target of ours shares.
# Applied per target (never through global flags) so Debian's libraries and
# GoogleTest are compiled exactly as packaged.
if(TIMEIT_CLANG_TIDY)
  find_program(TIMEIT_CLANG_TIDY_EXE NAMES clang-tidy clang-tidy-14 REQUIRED)
endif()

function(timeit_target_options target)
  target_compile_features(${target} PUBLIC cxx_std_20)
  set_target_properties(${target} PROPERTIES CXX_EXTENSIONS OFF)
  # Includes are written from the repository root: #include "stats/summary.h".
  target_include_directories(${target} PUBLIC "${PROJECT_SOURCE_DIR}")
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wconversion)
  if(TIMEIT_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(TIMEIT_SANITIZE)
    list(JOIN TIMEIT_SANITIZE "," _san)
    # PUBLIC so that whatever links a sanitized library links the runtime too.
    target_compile_options(${target} PUBLIC -fsanitize=${_san} -fno-omit-frame-pointer
                                            -fno-sanitize-recover=all)
    target_link_options(${target} PUBLIC -fsanitize=${_san})
  endif()
  if(TIMEIT_CLANG_TIDY)
    set_target_properties(${target} PROPERTIES CXX_CLANG_TIDY "${TIMEIT_CLANG_TIDY_EXE}")
  endif()
endfunction()
