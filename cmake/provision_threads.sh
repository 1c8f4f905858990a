# The threads flavour of cmake/provision.sh (sourced by it; not run on its own): KokkosTile built
# with this machine's C++ compiler against a Kokkos with the Serial and Threads backends (no Debian
# package has Threads), so that the unit suite runs on Threads as it does on Serial and OpenMP.
#
# Kokkos comes from Kokkos_ROOT (your own install, which must have Threads), else
# KOKKOSTILE_KOKKOS_SOURCE (an archive), else ../shared/deps/kokkos-*.tar.gz beside the checkout.
# It is built Release, C++17, with Serial and Threads, and installed under
# <cache>/cuda/kokkos-threads-<key> (the key hashes the archive, the compiler and the options; the
# cuda flavour's cache, whose helpers this reuses), so a second run reuses it. GoogleTest and
# Google Benchmark come from this machine, else from ../shared/deps, as in the cuda flavour.
# Build tree: build/threads.

threads_main() {
  local cuda_cache deps_dir build_dir kokkos_root="" archive
  local generator=() cmake_args=() prefix_path=()
  command -v cmake >/dev/null 2>&1 || die "the threads flavour needs cmake on PATH"
  command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
  deps_dir=${KOKKOSTILE_DEPS_DIR:-$(cd "$source_dir/.." && pwd)/shared/deps}
  cuda_cache=${KOKKOSTILE_CACHE_DIR:-$source_dir/.cache}/cuda
  mkdir -p "$cuda_cache"

  # GCC 12 and Kokkos' mdspan-based View (kokkos/kokkos#7464, open for Kokkos 4.6.99): with
  # [[no_unique_address]] on BasicView's members, a default-constructed View's tracker holds 0
  # instead of its "no record" flag, so destroying it crashes in SharedAllocationRecord::decrement
  # (here: every TeamCopy test on Serial and Threads; a two-line program, `View<double*> s;`, with
  # GCC 12.2 at -O0 and -O2; compiled with the define below it runs clean). Kokkos and everything built against it then
  # compile mdspan without the attribute (nvcc builds never use it; the default flavour's GCC in
  # Debian unstable passes with it).
  local workaround=() interface_definitions=""
  if c++ --version 2>/dev/null | head -n 1 | grep -qE '^(c\+\+|g\+\+)' &&
    [ "$(c++ -dumpversion 2>/dev/null | cut -d. -f1)" -lt 13 ] 2>/dev/null; then
    interface_definitions="MDSPAN_IMPL_USE_ATTRIBUTE_NO_UNIQUE_ADDRESS=0"
    workaround=(-DCMAKE_CXX_FLAGS=-D$interface_definitions)
    say "GCC $(c++ -dumpversion) : building Kokkos and KokkosTile with -D$interface_definitions (kokkos/kokkos#7464)"
  fi

  if [ -n "${Kokkos_ROOT:-}" ]; then
    kokkos_root=$Kokkos_ROOT
    grep -rqsE 'Kokkos_ENABLE_THREADS[ "]+(ON|TRUE)|set\(Kokkos_DEVICES[^)]*THREADS' \
      "$kokkos_root"/lib*/cmake/Kokkos/ ||
      die "the Kokkos in Kokkos_ROOT=$kokkos_root has no Threads backend"
    say "using your Kokkos in $kokkos_root"
  else
    archive=${KOKKOSTILE_KOKKOS_SOURCE:-$(find "$deps_dir" -maxdepth 1 -name 'kokkos-*.tar.gz' 2>/dev/null | sort | tail -n 1)}
    [ -n "$archive" ] && [ -f "$archive" ] ||
      die "no Kokkos to build: set Kokkos_ROOT to a Kokkos with Threads, or KOKKOSTILE_KOKKOS_SOURCE to a Kokkos release archive (no kokkos-*.tar.gz in $deps_dir)"
    kokkos_root=$(cuda_cached_cmake_install "Kokkos (Serial + Threads, C++17)" "$archive" \
      kokkos-threads -DCMAKE_CXX_STANDARD=17 -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_THREADS=ON \
      -DKokkos_ENABLE_TESTS=OFF -DKokkos_ENABLE_EXAMPLES=OFF "${workaround[@]}")
  fi

  if [ "$command" != exec ] && [ "$command" != shell ] && [ "$command" != app ] &&
    ! cuda_native_test_libraries; then
    local gtest_archive bench_archive
    gtest_archive=${KOKKOSTILE_GTEST_SOURCE:-$(find "$deps_dir" -maxdepth 1 -name 'googletest-*.tar.gz' 2>/dev/null | sort | tail -n 1)}
    bench_archive=${KOKKOSTILE_BENCHMARK_SOURCE:-$(find "$deps_dir" -maxdepth 1 -name 'google-benchmark-*.tar.gz' 2>/dev/null | sort | tail -n 1)}
    prefix_path+=("$(cuda_cached_cmake_install GoogleTest "${gtest_archive:-$deps_dir/googletest-*.tar.gz}" googletest -DBUILD_GMOCK=OFF -DINSTALL_GTEST=ON)")
    prefix_path+=("$(cuda_cached_cmake_install "Google Benchmark" "${bench_archive:-$deps_dir/google-benchmark-*.tar.gz}" benchmark -DBENCHMARK_ENABLE_TESTING=OFF -DBENCHMARK_ENABLE_GTEST_TESTS=OFF -DBENCHMARK_ENABLE_WERROR=OFF)")
  fi
  if [ ${#prefix_path[@]} -gt 0 ]; then
    local joined
    joined=$(IFS=';'; echo "${prefix_path[*]}")
    cmake_args+=(-DCMAKE_PREFIX_PATH="$joined")
  fi

  build_dir="$source_dir/build/threads"
  shell_or_exec_with_kokkos "$kokkos_root" "$build_dir"
  case "$command" in
    app)
      # The installed package exports the GCC 12 workaround to the app, as to the tests.
      app_package_args=(-DKOKKOSTILE_INTERFACE_DEFINITIONS="$interface_definitions")
      build_app "$build_dir" -DKokkos_ROOT="$kokkos_root"
      return ;;
  esac

  stage "configuring ${build_dir#"$source_dir"/} (CMake)"
  # shellcheck disable=SC2086  # KOKKOSTILE_CMAKE_ARGS is a list of arguments
  cmake -S "$source_dir" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DKokkos_ROOT="$kokkos_root" -DKOKKOSTILE_WARNINGS_AS_ERRORS=ON \
    -DKOKKOSTILE_PROVISION_FLAVOUR=threads "${cmake_args[@]}" \
    -DKOKKOSTILE_INTERFACE_DEFINITIONS="$interface_definitions" \
    "${scope_defaults[@]}" ${KOKKOSTILE_CMAKE_ARGS:-}
  if [ "$command" = compile-time ]; then
    run_compile_times "$build_dir" threads
    return
  fi
  build_stage "$build_dir" "build-threads" "about 3 minutes on 2 cores"
  case "$command" in
    test)
      test_stage "$build_dir" "test-threads" ;;
    bench)
      run_benchmarks "$build_dir" "threads" "${KOKKOSTILE_BENCH_FILTER:-/Threads/}" ;;
  esac
}
