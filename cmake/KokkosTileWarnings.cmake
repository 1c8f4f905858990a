# kokkostile_enable_warnings(<target>): warnings on for KokkosTile's own executables. The library is
# header-only, so its headers are compiled (and warned about) through the tests and benchmarks.
function(kokkostile_enable_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    set(_flags -Wall -Wextra -Wshadow)
    if(NOT KOKKOSTILE_HAVE_CUDA)
      # nvcc's generated host code trips -Wpedantic; keep it for the host compilers only.
      list(APPEND _flags -Wpedantic)
    endif()
    if(KOKKOSTILE_WARNINGS_AS_ERRORS)
      list(APPEND _flags -Werror)
    endif()
    target_compile_options(${target} PRIVATE ${_flags})
  endif()
endfunction()
