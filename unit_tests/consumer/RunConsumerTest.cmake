# ctest driver (cmake -P): install the KokkosTile build tree into WORK_DIR/install, then configure,
# build and run the consumer project against it.
foreach(var KOKKOSTILE_BINARY_DIR CONSUMER_SOURCE_DIR WORK_DIR CXX_COMPILER GENERATOR MAKE_PROGRAM
            Kokkos_DIR BUILD_TYPE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RunConsumerTest.cmake: ${var} is not set")
  endif()
endforeach()

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "consumer test: ${what} failed (${result})")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
run_step("install" ${CMAKE_COMMAND} --install "${KOKKOSTILE_BINARY_DIR}" --prefix "${WORK_DIR}/install")
run_step("configure" ${CMAKE_COMMAND} -S "${CONSUMER_SOURCE_DIR}" -B "${WORK_DIR}/build"
         -G "${GENERATOR}" "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}"
         "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
         "-DCMAKE_PREFIX_PATH=${WORK_DIR}/install" "-DKokkos_DIR=${Kokkos_DIR}")
run_step("build" ${CMAKE_COMMAND} --build "${WORK_DIR}/build")
if(DEFINED ENV{KOKKOSTILE_CONSUMER_BUILD_ONLY})
  # provision.sh --flavour cuda build: compiled and linked on a machine that may have no GPU.
  message(STATUS "consumer built; not run (KOKKOSTILE_CONSUMER_BUILD_ONLY)")
else()
  run_step("run" "${WORK_DIR}/build/consumer")
endif()
