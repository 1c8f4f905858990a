# The hip flavour of cmake/provision.sh (sourced by it inside the flavour's Debian unstable root;
# not run on its own): KokkosTile compiled by hipcc against a Kokkos with the HIP and Serial
# backends, for AMD GPUs. No AMD GPU is needed or used: `build` compiles the library, the unit
# suite, the benchmarks and the README snippets for each architecture; `test` and `bench` refuse.
#
# The root holds Debian's HIP toolchain (hipcc, libamdhip64-dev, rocm-device-libs). Kokkos is
# built once per architecture from ../shared/deps/kokkos-*.tar.gz (or KOKKOSTILE_KOKKOS_SOURCE, an
# archive), Release, C++17, HIP + Serial, rocThrust off, into the root's /var/cache/kokkostile (the
# cuda flavour's cached-install helper; a rebuilt root rebuilds it). GoogleTest and Google
# Benchmark are Debian's. The unit tests and README snippets are built for the HIP backend only
# (every hipcc file compiles for the GPU and the host, which doubles its cost; the host flavours
# test Serial): -DKOKKOSTILE_TEST_BACKENDS="Serial;HIP" in KOKKOSTILE_CMAKE_ARGS adds Serial's.
#
#   KOKKOSTILE_HIP_ARCHS   AMD architectures, each a build tree build/root-hip-<arch>
#                          (default "gfx90a gfx942": MI250X and MI300)
#   KOKKOSTILE_BUILD_TARGETS  build only these targets in each tree (CI: kokkostile_readme_HIP)

hip_main() {
  local deps_dir=${KOKKOSTILE_DEPS_DIR:-/kokkostile-deps} archive arch kokkos_root build_dir
  local generator=()
  command -v hipcc >/dev/null 2>&1 || die "the hip flavour needs hipcc (the root's hipcc package)"
  command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
  case "$command" in
    test | bench)
      die "the hip flavour compiles for AMD GPUs but cannot run without one: use 'build' (no AMD GPU is reachable from the machines this project tests on)" ;;
    compile-time | app)
      die "the hip flavour supports build, shell and exec" ;;
  esac
  # The cached-install helper keeps its builds here, inside the root, so that they go with it.
  cuda_cache=/var/cache/kokkostile
  mkdir -p "$cuda_cache"
  archive=${KOKKOSTILE_KOKKOS_SOURCE:-$(find "$deps_dir" -maxdepth 1 -name 'kokkos-*.tar.gz' 2>/dev/null | sort | tail -n 1)}
  [ -n "$archive" ] && [ -f "$archive" ] ||
    die "no Kokkos to build: no kokkos-*.tar.gz in ../shared/deps (mounted at $deps_dir), and KOKKOSTILE_KOKKOS_SOURCE is not set"

  for arch in ${KOKKOSTILE_HIP_ARCHS:-gfx90a gfx942}; do
    [[ "$arch" =~ ^gfx[0-9a-f]+$ ]] || die "KOKKOSTILE_HIP_ARCHS: '$arch' is not an AMD architecture such as gfx90a"
    kokkos_root=$(cuda_cached_cmake_install "Kokkos (HIP + Serial, $arch, C++17)" "$archive" \
      "kokkos-hip-$arch" -DCMAKE_CXX_COMPILER=hipcc -DCMAKE_CXX_STANDARD=17 \
      -DKokkos_ENABLE_HIP=ON -DKokkos_ENABLE_SERIAL=ON "-DKokkos_ARCH_AMD_${arch^^}=ON" \
      -DKokkos_ENABLE_ROCTHRUST=OFF -DKokkos_ENABLE_TESTS=OFF -DKokkos_ENABLE_EXAMPLES=OFF)
    build_dir="$source_dir/build/root-hip-$arch"
    shell_or_exec_with_kokkos "$kokkos_root" "$build_dir"
    stage "configuring ${build_dir#"$source_dir"/} (CMake, hipcc, $arch)"
    # shellcheck disable=SC2086  # KOKKOSTILE_CMAKE_ARGS is a list of arguments
    cmake -S "$source_dir" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_COMPILER=hipcc -DKokkos_ROOT="$kokkos_root" -DKOKKOSTILE_WARNINGS_AS_ERRORS=ON \
      -DKOKKOSTILE_PROVISION_FLAVOUR=hip "${scope_defaults[@]}" -DKOKKOSTILE_TEST_BACKENDS=HIP \
      ${KOKKOSTILE_CMAKE_ARGS:-}
    # shellcheck disable=SC2086  # a list of targets
    build_stage "$build_dir" "build-hip-$arch" "about 8 minutes on 2 cores" ${KOKKOSTILE_BUILD_TARGETS:-}
  done
}
