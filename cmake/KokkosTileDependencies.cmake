# Finds what KokkosTile builds against and records what was found:
#   KOKKOSTILE_BACKENDS            enabled Kokkos backends (Serial OpenMP Threads Cuda HIP)
#   KOKKOSTILE_TEST_BACKENDS       the backends that get unit-test and README executables: the cache
#                                  variable of that name (e.g. "Cuda"; CI builds one backend per
#                                  flavour where another flavour covers the rest), else all of them
#   KOKKOSTILE_CXX_STANDARD        the C++ standard Kokkos was built with (Kokkos decides it)
#   KOKKOSTILE_HAVE_KOKKOSKERNELS  ON when Kokkos Kernels was found; target kokkostile_kokkoskernels
#   KOKKOSTILE_HAVE_CUDA           ON when Kokkos has CUDA; CUDA::cublas and CUB are then available

find_package(Kokkos REQUIRED)
# Kokkos' version file only accepts the same major version, so the 4.5 .. 5.x range is checked here.
if(Kokkos_VERSION VERSION_LESS 4.5 OR Kokkos_VERSION VERSION_GREATER_EQUAL 6)
  message(FATAL_ERROR "KokkosTile needs Kokkos 4.5 through 5.x; found ${Kokkos_VERSION} in ${Kokkos_DIR}")
endif()

set(KOKKOSTILE_CXX_STANDARD "${Kokkos_CXX_STANDARD}")
set(KOKKOSTILE_BACKENDS "")
foreach(_kt_backend IN ITEMS Serial OpenMP Threads Cuda HIP)
  string(TOUPPER "${_kt_backend}" _kt_upper)
  if(Kokkos_ENABLE_${_kt_upper} OR "${_kt_upper}" IN_LIST Kokkos_DEVICES)
    list(APPEND KOKKOSTILE_BACKENDS ${_kt_backend})
  endif()
endforeach()
if(NOT KOKKOSTILE_BACKENDS)
  message(FATAL_ERROR "KokkosTile: Kokkos in ${Kokkos_DIR} enables none of Serial, OpenMP, Threads, "
                      "Cuda, HIP (devices: ${Kokkos_DEVICES})")
endif()

set(KOKKOSTILE_TEST_BACKENDS "" CACHE STRING
    "Backends to build unit tests and README snippets for (empty: every enabled backend)")
if(KOKKOSTILE_TEST_BACKENDS)
  foreach(_kt_backend IN LISTS KOKKOSTILE_TEST_BACKENDS)
    if(NOT _kt_backend IN_LIST KOKKOSTILE_BACKENDS)
      message(FATAL_ERROR "KokkosTile: KOKKOSTILE_TEST_BACKENDS names ${_kt_backend}, which this "
                          "Kokkos does not enable (backends: ${KOKKOSTILE_BACKENDS})")
    endif()
  endforeach()
  set(KOKKOSTILE_TESTED_BACKENDS ${KOKKOSTILE_TEST_BACKENDS})
else()
  set(KOKKOSTILE_TESTED_BACKENDS ${KOKKOSTILE_BACKENDS})
endif()

set(KOKKOSTILE_HAVE_CUDA OFF)
if(KOKKOSTILE_REQUIRE_CUDA AND NOT "Cuda" IN_LIST KOKKOSTILE_BACKENDS)
  message(FATAL_ERROR "KokkosTile: the Kokkos in ${Kokkos_DIR} has no Cuda backend (backends: "
                      "${KOKKOSTILE_BACKENDS}); the cuda flavour needs a Kokkos built with "
                      "-DKokkos_ENABLE_CUDA=ON")
endif()
if("Cuda" IN_LIST KOKKOSTILE_BACKENDS)
  set(KOKKOSTILE_HAVE_CUDA ON)
  # The benchmarks compare against the toolkit's own libraries (cuBLAS, CUB).
  find_package(CUDAToolkit REQUIRED)
endif()

# Kokkos Kernels is optional. A standalone install exports Kokkos::kokkoskernels, Trilinos'
# packaging (Debian's libtrilinos-kokkos-kernels-dev) exports KokkosKernels::all_libs: accept both
# behind one local target.
set(KOKKOSTILE_HAVE_KOKKOSKERNELS OFF)
if(KOKKOSTILE_ENABLE_KOKKOSKERNELS)
  find_package(KokkosKernels QUIET)
  if(KokkosKernels_FOUND)
    add_library(kokkostile_kokkoskernels INTERFACE)
    if(TARGET Kokkos::kokkoskernels)
      target_link_libraries(kokkostile_kokkoskernels INTERFACE Kokkos::kokkoskernels)
    elseif(TARGET KokkosKernels::all_libs)
      target_link_libraries(kokkostile_kokkoskernels INTERFACE KokkosKernels::all_libs)
    else()
      message(FATAL_ERROR "KokkosTile: Kokkos Kernels found in ${KokkosKernels_DIR} exports neither "
                          "Kokkos::kokkoskernels nor KokkosKernels::all_libs")
    endif()
    set(KOKKOSTILE_HAVE_KOKKOSKERNELS ON)
    message(STATUS "KokkosTile: Kokkos Kernels ${KokkosKernels_VERSION} found: KokkosBlas is a test "
                   "oracle and a benchmark baseline")
  else()
    message(STATUS "KokkosTile: Kokkos Kernels not found: the tests and benchmarks that use "
                   "KokkosBlas are skipped")
  endif()
else()
  message(STATUS "KokkosTile: Kokkos Kernels disabled (KOKKOSTILE_ENABLE_KOKKOSKERNELS=OFF)")
endif()
