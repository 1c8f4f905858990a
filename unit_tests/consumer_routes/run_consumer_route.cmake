# ctest driver for a consumer route (consumer_add_subdirectory, consumer_fetchcontent): configures
# the CMake project ROUTE in a fresh WORK_DIR/build, builds it and runs its program, which must exit
# 0 and print a line matching EXPECTED.
#
#   cmake -DROUTE=<project dir> -DWORK_DIR=<dir> -DSETTINGS=<initial cache file>
#         -DGENERATOR=<generator> [-DCONFIG=<build type>] [-DPROGRAM=<target>]
#         -DEXPECTED=<regex> -P run_consumer_route.cmake
#
# SETTINGS (written by unit_tests/CMakeLists.txt) holds what the parent build found: KokkosTile's
# source tree, Kokkos_DIR, the compiler, the build type, the make program and
# KOKKOSTILE_INTERFACE_DEFINITIONS; the route's configure step reads it with -C. With
# KOKKOSTILE_APP_BUILD_ONLY set in the environment (a machine without the flavour's device), the
# program is built and not run.
foreach(required ROUTE WORK_DIR SETTINGS GENERATOR EXPECTED)
  if(NOT DEFINED ${required} OR "${${required}}" STREQUAL "")
    message(FATAL_ERROR "run_consumer_route.cmake: ${required} is not set")
  endif()
endforeach()
if(NOT PROGRAM)
  set(PROGRAM kokkostile_app)
endif()

function(run_step what)
  execute_process(COMMAND ${ARGN} COMMAND_ECHO STDOUT RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "consumer route ${ROUTE}: ${what} failed (${status})")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(build "${WORK_DIR}/build")
run_step(configure "${CMAKE_COMMAND}" -C "${SETTINGS}" -S "${ROUTE}" -B "${build}"
         -G "${GENERATOR}")
set(config_args "")
if(CONFIG)
  set(config_args --config "${CONFIG}")
endif()
run_step(build "${CMAKE_COMMAND}" --build "${build}" ${config_args})

set(program "")
foreach(candidate "${build}/${PROGRAM}" "${build}/${CONFIG}/${PROGRAM}")
  if(EXISTS "${candidate}" AND NOT IS_DIRECTORY "${candidate}")
    set(program "${candidate}")
    break()
  endif()
endforeach()
if(NOT program)
  message(FATAL_ERROR "consumer route ${ROUTE}: the build made no ${PROGRAM} in ${build}")
endif()
if(DEFINED ENV{KOKKOSTILE_APP_BUILD_ONLY} AND NOT "$ENV{KOKKOSTILE_APP_BUILD_ONLY}" STREQUAL "")
  message(STATUS "consumer route: built ${program}; not run (KOKKOSTILE_APP_BUILD_ONLY)")
  return()
endif()
execute_process(COMMAND "${program}" COMMAND_ECHO STDOUT RESULT_VARIABLE status
                OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "consumer route ${ROUTE}: ${program} failed (${status})")
endif()
if(NOT output MATCHES "${EXPECTED}")
  message(FATAL_ERROR "consumer route ${ROUTE}: the output does not show '${EXPECTED}'")
endif()
message(STATUS "consumer route ${ROUTE}: passed")
