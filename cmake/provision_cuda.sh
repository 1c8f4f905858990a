# The cuda flavour of cmake/provision.sh (sourced by it; not run on its own): KokkosTile built with
# nvcc against a Kokkos with the Cuda and OpenMP backends, natively on this machine, since GPU
# machines usually have no Debian archive to reach. OpenMP is the host backend so that one build on a
# GPU machine runs every test and benchmark on the GPU and on all of the machine's cores, side by
# side.
#
# Kokkos comes from, in this order:
#   - Kokkos_ROOT (environment, or -DKokkos_ROOT=... in KOKKOSTILE_CMAKE_ARGS): your own install,
#     which must have the Cuda backend; its bin/nvcc_wrapper is the compiler unless
#     KOKKOSTILE_CMAKE_ARGS names -DCMAKE_CXX_COMPILER;
#   - KOKKOSTILE_KOKKOS_SOURCE: a Kokkos source directory (a git checkout) or archive (.tar.gz, a
#     release tarball), built here and installed in the cache; KOKKOSTILE_KOKKOS_PATCHES lists
#     patches (-p1) to apply to an archive first;
#   - else ../shared/deps/kokkos-<version>-*.tar.gz beside the checkout, with the patches
#     kokkos-<version>-*.patch found next to it.
# A built Kokkos is installed under <cache>/cuda/kokkos-<key>, the key hashing the source, the
# patches, nvcc's version, the architecture and the C++ standard, so a second run reuses it.
# GoogleTest and Google Benchmark come from this machine when CMake finds them, else from
# ../shared/deps (KOKKOSTILE_GTEST_SOURCE, KOKKOSTILE_BENCHMARK_SOURCE), built with the host compiler
# and cached the same way. Kokkos Kernels (BLAS and batched, the GPU peer of the GEMM benchmarks)
# is built from ../shared/deps/kokkoskernels-*.tar.gz against a Kokkos built here (not against
# yours) unless KOKKOSTILE_CMAKE_ARGS has -DKOKKOSTILE_ENABLE_KOKKOSKERNELS=OFF.
#
# Architecture: the first GPU's compute capability (nvidia-smi), else KOKKOSTILE_CUDA_ARCH (e.g. 90
# or sm_90), else Hopper (90). C++ standard: KOKKOSTILE_CXX_STANDARD, 17 (default) or 20. C++17 is
# the one that runs the tests: Kokkos 4.6.99 built as C++20 with nvcc 13.0 miscompiled
# parallel_reduce (../shared/deps/README.md); C++20 must still compile, as Kokkos 5 requires it.
# Build trees: build/cuda-cxx<std>-sm<arch>. KOKKOSTILE_BUILD_TARGETS narrows what `build` builds
# (default: everything, then the README's application steps are run, building and not running the
# application: the ctest case readme_app_provision).

# nvcc: CUDACXX, else PATH, else the toolkit's usual place.
cuda_find_nvcc() {
  local candidate
  for candidate in "${CUDACXX:-}" "$(command -v nvcc 2>/dev/null || true)" \
    "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" /usr/local/cuda/bin/nvcc; do
    [ -n "$candidate" ] && [ -x "$candidate" ] && { echo "$candidate"; return 0; }
  done
  return 1
}

# "9.0", "sm_90", "90", "compute_90" -> 90.
cuda_normalise_arch() {
  local arch=${1#sm_}
  arch=${arch#compute_}
  arch=${arch//./}
  [[ "$arch" =~ ^[0-9]+[a-z]?$ ]] || return 1
  echo "$arch"
}

# Kokkos' CMake name of an architecture.
cuda_kokkos_arch_option() {
  case "$1" in
    70) echo VOLTA70 ;; 72) echo VOLTA72 ;; 75) echo TURING75 ;;
    80) echo AMPERE80 ;; 86) echo AMPERE86 ;; 87) echo AMPERE87 ;; 89) echo ADA89 ;;
    90) echo HOPPER90 ;; 100) echo BLACKWELL100 ;; 120) echo BLACKWELL120 ;;
    *) return 1 ;;
  esac
}

cuda_hash() { sha256sum | cut -c1-12; }

# shell and exec for the flavours that build against a Kokkos of their own (cuda, threads, hip):
# a shell, or the command, in the source tree with Kokkos_ROOT set; any other command returns.
shell_or_exec_with_kokkos() {
  local kokkos_root=$1 build_dir=$2
  case "$command" in
    shell)
      say "shell in $source_dir with Kokkos_ROOT=$kokkos_root; the build tree is $build_dir (exit to leave)"
      cd "$source_dir"
      Kokkos_ROOT=$kokkos_root exec bash -i ;;
    exec)
      cd "$source_dir"
      Kokkos_ROOT=$kokkos_root exec "${exec_args[@]}" ;;
  esac
}

# The identity of a source: an archive's checksum, or a directory's path, git commit and changes.
cuda_source_identity() {
  local source=$1
  if [ -f "$source" ]; then
    sha256sum "$source" | cut -d' ' -f1
  else
    printf '%s\n' "$(cd "$source" && pwd)"
    git -C "$source" rev-parse HEAD 2>/dev/null || true
    git -C "$source" diff HEAD 2>/dev/null | sha256sum || true
  fi
}

# Unpacks an archive into a fresh directory and prints the one top folder inside it.
cuda_unpack() {
  local archive=$1 into=$2 top
  rm -rf "$into"
  mkdir -p "$into"
  tar -xf "$archive" -C "$into" || die "cannot unpack $archive"
  top=$(find "$into" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  [ -n "$top" ] || die "$archive holds no folder"
  echo "$top"
}

# Builds and installs a CMake project from an archive with the host compiler, once per key.
cuda_cached_cmake_install() {
  local what=$1 archive=$2 prefix_name=$3
  shift 3
  local key prefix work top started
  key=$( { cuda_source_identity "$archive"; c++ --version 2>/dev/null | head -n 1; echo "$*"; } | cuda_hash)
  prefix="$cuda_cache/$prefix_name-$key"
  if [ -f "$prefix/.kokkostile-complete" ]; then
    echo "$prefix"
    return 0
  fi
  [ -f "$archive" ] || die "$what not found by CMake here, and its source archive $archive is missing; install it or set the variable naming its source"
  started=$(date +%s)
  stage "building $what from $archive into $prefix" \
    "$(usual "deps-$prefix_name" "1 to 3 minutes on 2 cores")"
  work="$cuda_cache/work-$prefix_name-$key"
  top=$(cuda_unpack "$archive" "$work")
  rm -rf "$prefix"
  cmake -S "$top" -B "$work/build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" "$@" >"$work.log" 2>&1 &&
    cmake --build "$work/build" -j "$jobs" >>"$work.log" 2>&1 &&
    cmake --install "$work/build" >>"$work.log" 2>&1 || die "building $what failed; see $work.log"
  touch "$prefix/.kokkostile-complete"
  rm -rf "$work"
  finished "deps-$prefix_name" "$started" "$what built"
  echo "$prefix"
}

# Does CMake find GoogleTest and Google Benchmark on this machine?
cuda_native_test_libraries() {
  local probe status=0
  probe=$(mktemp -d)
  cat >"$probe/CMakeLists.txt" <<'PROBE'
cmake_minimum_required(VERSION 3.16)
project(KokkosTileCudaProbe LANGUAGES CXX)
find_package(GTest REQUIRED)
find_package(benchmark REQUIRED)
PROBE
  cmake -S "$probe" -B "$probe/build" >/dev/null 2>&1 || status=1
  rm -rf "$probe"
  return $status
}

# Kokkos with Cuda + OpenMP for this nvcc, architecture and standard; prints its install prefix.
cuda_kokkos_prefix() {
  local source patches=() patch key prefix work top started version
  source=${KOKKOSTILE_KOKKOS_SOURCE:-}
  if [ -n "$source" ]; then
    [ -e "$source" ] || die "KOKKOSTILE_KOKKOS_SOURCE=$source does not exist"
    # shellcheck disable=SC2206  # a space-separated list of patch files
    patches=(${KOKKOSTILE_KOKKOS_PATCHES:-})
  else
    [ -d "$deps_dir" ] || die "no Kokkos to build: set Kokkos_ROOT to a Kokkos with Cuda, or KOKKOSTILE_KOKKOS_SOURCE to a Kokkos source directory or archive (no $deps_dir here)"
    source=$(find "$deps_dir" -maxdepth 1 -name 'kokkos-*.tar.gz' | sort | tail -n 1)
    [ -n "$source" ] || die "no kokkos-*.tar.gz in $deps_dir; set KOKKOSTILE_KOKKOS_SOURCE"
    version=$(basename "$source" | sed -n 's/^kokkos-\([0-9][0-9.]*[0-9]\).*/\1/p')
    if [ -n "${KOKKOSTILE_KOKKOS_PATCHES+set}" ]; then
      # shellcheck disable=SC2206
      patches=(${KOKKOSTILE_KOKKOS_PATCHES})
    else
      while IFS= read -r patch; do patches+=("$patch"); done < <(
        find "$deps_dir" -maxdepth 1 -name "kokkos-$version-*.patch" | sort)
    fi
  fi
  for patch in "${patches[@]}"; do
    [ -f "$patch" ] || die "Kokkos patch $patch is missing"
  done
  [ ${#patches[@]} -eq 0 ] || [ -f "$source" ] ||
    die "patches apply to an archive only; apply them to your checkout $source yourself"

  key=$( {
    echo "kokkos cuda+openmp release v1"
    cuda_source_identity "$source"
    for patch in "${patches[@]}"; do sha256sum "$patch" | cut -d' ' -f1; done
    "$nvcc" --version | tail -n 2
    c++ --version 2>/dev/null | head -n 1
    echo "sm_$arch c++$standard"
  } | cuda_hash)
  prefix="$cuda_cache/kokkos-$key"
  if [ -f "$prefix/.kokkostile-complete" ]; then
    say "Kokkos (Cuda, OpenMP; sm_$arch, C++$standard) from $(cat "$prefix/.kokkostile-complete")"
    echo "$prefix"
    return 0
  fi

  started=$(date +%s)
  work="$cuda_cache/work-kokkos-$key"
  if [ -f "$source" ]; then
    top=$(cuda_unpack "$source" "$work")
    for patch in "${patches[@]}"; do
      patch -p1 --dry-run --forward -d "$top" <"$patch" >"$work.patch.log" 2>&1 ||
        die "patch $patch does not apply to $source (see $work.patch.log)"
      patch -p1 --forward --quiet -d "$top" <"$patch" >/dev/null
      say "applied $(basename "$patch")"
    done
  else
    top=$(cd "$source" && pwd)
    rm -rf "$work"
    mkdir -p "$work"
  fi
  [ -f "$top/CMakeLists.txt" ] && [ -x "$top/bin/nvcc_wrapper" ] ||
    die "$source is not a Kokkos source tree (no CMakeLists.txt and bin/nvcc_wrapper)"
  stage "building Kokkos (Cuda + OpenMP, Release, sm_$arch, C++$standard) from $source into $prefix" \
    "$(usual "deps-kokkos-cuda" "about 1 to 2 minutes on 2 cores, 30 s on 16")"
  rm -rf "$prefix"
  NVCC_WRAPPER_DEFAULT_ARCH=sm_$arch NVCC_WRAPPER_DEFAULT_COMPILER=${NVCC_WRAPPER_DEFAULT_COMPILER:-c++} \
    cmake -S "$top" -B "$work/build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$top/bin/nvcc_wrapper" -DCMAKE_CXX_STANDARD="$standard" \
    -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_OPENMP=ON -DKokkos_ARCH_"$kokkos_arch"=ON \
    -DKokkos_ENABLE_TESTS=OFF -DKokkos_ENABLE_EXAMPLES=OFF -DCMAKE_INSTALL_PREFIX="$prefix" \
    >"$work.log" 2>&1 || die "configuring Kokkos failed; see $work.log"
  cmake --build "$work/build" -j "$jobs" >>"$work.log" 2>&1 || die "building Kokkos failed; see $work.log"
  cmake --install "$work/build" >>"$work.log" 2>&1 || die "installing Kokkos failed; see $work.log"
  echo "$source${patches[*]:+ with ${patches[*]##*/}}" >"$prefix/.kokkostile-complete"
  rm -rf "$work"
  finished "deps-kokkos-cuda" "$started" "Kokkos built"
  echo "$prefix"
}

# Kokkos Kernels from ../shared/deps/kokkoskernels-*.tar.gz (KOKKOSTILE_KOKKOSKERNELS_SOURCE), built
# against the Kokkos in $1 with its nvcc_wrapper, once per key: the peer that the GEMM and batched
# GEMM benchmarks measure on the GPU (KokkosBlas, KokkosBatched) and the unit tests' oracle. Only
# the BLAS and batched components, no instantiations compiled ahead (the calls instantiate what they
# use), cuBLAS as KokkosBlas' TPL as a Kokkos Kernels user on CUDA would have it: 20 s on 2 cores.
# Prints the install prefix, or nothing when there is no archive.
cuda_kokkoskernels_prefix() {
  local kokkos_root=$1 archive
  archive=${KOKKOSTILE_KOKKOSKERNELS_SOURCE:-$(find "$deps_dir" -maxdepth 1 -name 'kokkoskernels-*.tar.gz' 2>/dev/null | sort | tail -n 1)}
  [ -n "$archive" ] || return 0
  [ -f "$archive" ] || die "KOKKOSTILE_KOKKOSKERNELS_SOURCE=$archive does not exist"
  # The Kokkos prefix carries Kokkos' own key (source, patches, nvcc, architecture, standard), so
  # naming it in the arguments keys this build on all of those too.
  cuda_cached_cmake_install "Kokkos Kernels (BLAS, batched)" "$archive" kokkoskernels \
    -DCMAKE_CXX_COMPILER="$kokkos_root/bin/nvcc_wrapper" -DKokkos_ROOT="$kokkos_root" \
    -DKokkosKernels_ENABLE_ALL_COMPONENTS=OFF \
    -DKokkosKernels_ENABLE_COMPONENT_BATCHED=ON -DKokkosKernels_ENABLE_COMPONENT_BLAS=ON \
    -DKokkosKernels_ADD_DEFAULT_ETI=OFF -DKokkosKernels_ENABLE_TPL_CUBLAS=ON \
    -DKokkosKernels_ENABLE_TPL_CUSPARSE=OFF -DKokkosKernels_ENABLE_TPL_CUSOLVER=OFF \
    -DKokkosKernels_ENABLE_TESTS=OFF -DKokkosKernels_ENABLE_EXAMPLES=OFF \
    -DKokkosKernels_ENABLE_PERFTESTS=OFF -DKokkosKernels_ENABLE_BENCHMARK=OFF
}

cuda_main() {
  local nvcc arch standard kokkos_arch kokkos_root="" compiler="" cuda_cache deps_dir build_dir
  local generator=() cmake_args=() prefix_path=() supported gpu_arch="" kokkos_built_here=""
  nvcc=$(cuda_find_nvcc) || die "the cuda flavour needs nvcc: none on PATH, in CUDACXX or in /usr/local/cuda/bin (install the CUDA toolkit)"
  command -v cmake >/dev/null 2>&1 || die "the cuda flavour needs cmake on PATH"
  command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
  deps_dir=${KOKKOSTILE_DEPS_DIR:-$(cd "$source_dir/.." && pwd)/shared/deps}
  cuda_cache=${KOKKOSTILE_CACHE_DIR:-$source_dir/.cache}/cuda
  mkdir -p "$cuda_cache"

  standard=${KOKKOSTILE_CXX_STANDARD:-17}
  case "$standard" in 17 | 20) ;; *) die "KOKKOSTILE_CXX_STANDARD must be 17 or 20 (got '$standard')" ;; esac

  if command -v nvidia-smi >/dev/null 2>&1; then
    gpu_arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 || true)
  fi
  if [ -n "$gpu_arch" ]; then
    arch=$(cuda_normalise_arch "$gpu_arch") || die "cannot read nvidia-smi's compute capability '$gpu_arch'"
  elif [ -n "${KOKKOSTILE_CUDA_ARCH:-}" ]; then
    arch=$(cuda_normalise_arch "$KOKKOSTILE_CUDA_ARCH") ||
      die "KOKKOSTILE_CUDA_ARCH=$KOKKOSTILE_CUDA_ARCH is not an architecture (e.g. 90 or sm_90)"
  else
    arch=90
  fi
  kokkos_arch=$(cuda_kokkos_arch_option "$arch") ||
    die "Kokkos has no architecture option for sm_$arch known to this script (70 to 120)"
  supported=$("$nvcc" --list-gpu-arch 2>/dev/null | tr '\n' ' ')
  [[ " $supported " == *" compute_$arch "* ]] ||
    die "$nvcc ($("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')) cannot compile for sm_$arch; it supports: ${supported:-nothing it would list}"
  local arch_from="no GPU found, no KOKKOSTILE_CUDA_ARCH: the default"
  [ -n "${KOKKOSTILE_CUDA_ARCH:-}" ] && arch_from="KOKKOSTILE_CUDA_ARCH"
  [ -n "$gpu_arch" ] && arch_from="the GPU's compute capability $gpu_arch"
  say "cuda flavour: $nvcc, sm_$arch ($arch_from), C++$standard"
  export PATH="$(dirname "$nvcc"):$PATH"

  # Kokkos: the user's, or built here.
  if [ -n "${Kokkos_ROOT:-}" ]; then
    kokkos_root=$Kokkos_ROOT
  elif [[ " ${KOKKOSTILE_CMAKE_ARGS:-} " =~ [[:space:]]-DKokkos_ROOT(:[A-Z]+)?=([^[:space:]]+) ]]; then
    kokkos_root=${BASH_REMATCH[2]}
  fi
  if [ -n "$kokkos_root" ]; then
    [ -d "$kokkos_root" ] || die "Kokkos_ROOT=$kokkos_root does not exist"
    grep -rqsE 'Kokkos_ENABLE_CUDA[ "]+(ON|TRUE)|set\(Kokkos_DEVICES[^)]*CUDA' \
      "$kokkos_root"/lib*/cmake/Kokkos/ ||
      die "the Kokkos in Kokkos_ROOT=$kokkos_root has no Cuda backend; the cuda flavour needs one built with -DKokkos_ENABLE_CUDA=ON"
    say "using your Kokkos in $kokkos_root"
  else
    kokkos_root=$(cuda_kokkos_prefix)
    kokkos_built_here=1
  fi
  if [[ " ${KOKKOSTILE_CMAKE_ARGS:-} " != *" -DCMAKE_CXX_COMPILER"* ]]; then
    compiler="$kokkos_root/bin/nvcc_wrapper"
    [ -x "$compiler" ] || die "no $compiler: name the compiler in KOKKOSTILE_CMAKE_ARGS (-DCMAKE_CXX_COMPILER=...)"
    cmake_args+=(-DCMAKE_CXX_COMPILER="$compiler")
  fi
  export NVCC_WRAPPER_DEFAULT_ARCH=sm_$arch

  # The test and benchmark dependencies (not needed by exec, shell or app).
  if [ "$command" != exec ] && [ "$command" != shell ] && [ "$command" != app ]; then
    # GoogleTest and Google Benchmark: this machine's, else built from ../shared/deps.
    if ! cuda_native_test_libraries; then
      local gtest_archive bench_archive
      gtest_archive=${KOKKOSTILE_GTEST_SOURCE:-$(find "$deps_dir" -maxdepth 1 -name 'googletest-*.tar.gz' 2>/dev/null | sort | tail -n 1)}
      bench_archive=${KOKKOSTILE_BENCHMARK_SOURCE:-$(find "$deps_dir" -maxdepth 1 -name 'google-benchmark-*.tar.gz' 2>/dev/null | sort | tail -n 1)}
      prefix_path+=("$(cuda_cached_cmake_install GoogleTest "${gtest_archive:-$deps_dir/googletest-*.tar.gz}" googletest -DBUILD_GMOCK=OFF -DINSTALL_GTEST=ON)")
      prefix_path+=("$(cuda_cached_cmake_install "Google Benchmark" "${bench_archive:-$deps_dir/google-benchmark-*.tar.gz}" benchmark -DBENCHMARK_ENABLE_TESTING=OFF -DBENCHMARK_ENABLE_GTEST_TESTS=OFF -DBENCHMARK_ENABLE_WERROR=OFF)")
    fi
    # Kokkos Kernels: built from ../shared/deps against a Kokkos built here (with your own Kokkos,
    # CMake finds your Kokkos Kernels, if any, as in the other flavours), unless switched off.
    if [ -n "$kokkos_built_here" ] &&
      [[ " ${KOKKOSTILE_CMAKE_ARGS:-} " != *" -DKOKKOSTILE_ENABLE_KOKKOSKERNELS=OFF "* ]]; then
      local kokkoskernels
      kokkoskernels=$(cuda_kokkoskernels_prefix "$kokkos_root")
      [ -z "$kokkoskernels" ] || prefix_path+=("$kokkoskernels")
    fi
  fi
  if [ ${#prefix_path[@]} -gt 0 ]; then
    local joined
    joined=$(IFS=';'; echo "${prefix_path[*]}")
    cmake_args+=(-DCMAKE_PREFIX_PATH="$joined")
  fi

  build_dir="$source_dir/build/cuda-cxx$standard-sm$arch"
  # A tree configured with another nvcc_wrapper (a Kokkos of another cache key, after the sources
  # in the deps folder changed) makes CMake drop its cache and configure again without the -D
  # options given here, and then it finds no Kokkos: configure such a tree afresh instead.
  if [ -n "${compiler:-}" ] && [ -f "$build_dir/CMakeCache.txt" ]; then
    local configured_compiler
    configured_compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
    if [ -n "$configured_compiler" ] && [ "$configured_compiler" != "$compiler" ]; then
      say "${build_dir#"$source_dir"/} was configured with $configured_compiler; configuring it afresh"
      rm -rf "$build_dir/CMakeCache.txt" "$build_dir/CMakeFiles"
    fi
  fi
  shell_or_exec_with_kokkos "$kokkos_root" "$build_dir"
  case "$command" in
    app)
      if [ ${#app_runs[@]} -gt 0 ] && [ -z "${KOKKOSTILE_APP_BUILD_ONLY:-}" ]; then
        command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 ||
          die "app --run runs on an NVIDIA GPU and nvidia-smi finds none here; without --run, app builds only"
      fi
      build_app "$build_dir" -DKokkos_ROOT="$kokkos_root" ${compiler:+-DCMAKE_CXX_COMPILER="$compiler"}
      return ;;
  esac

  if [ "$command" = test ] || [ "$command" = bench ]; then
    command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 ||
      die "'$command' runs on an NVIDIA GPU and nvidia-smi finds none here; 'build' compiles without one"
  fi

  stage "configuring ${build_dir#"$source_dir"/} (CMake)"
  # shellcheck disable=SC2086  # KOKKOSTILE_CMAKE_ARGS is a list of arguments
  cmake -S "$source_dir" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DKokkos_ROOT="$kokkos_root" -DKOKKOSTILE_REQUIRE_CUDA=ON -DKOKKOSTILE_WARNINGS_AS_ERRORS=ON \
    -DKOKKOSTILE_PROVISION_FLAVOUR=cuda \
    "${cmake_args[@]}" "${scope_defaults[@]}" ${KOKKOSTILE_CMAKE_ARGS:-}
  if [ "$command" = compile-time ]; then
    run_compile_times "$build_dir" "cuda-cxx$standard"
    return
  fi
  if [ -n "${KOKKOSTILE_BUILD_TARGETS:-}" ] && [ "$command" = build ]; then
    # shellcheck disable=SC2086  # a list of targets
    build_stage "$build_dir" "build-cuda-cxx$standard" "about 10 minutes on 2 cores, 3 on 16" ${KOKKOSTILE_BUILD_TARGETS}
  else
    build_stage "$build_dir" "build-cuda-cxx$standard" "about 10 minutes on 2 cores, 3 on 16"
  fi

  case "$command" in
    build)
      if [ -z "${KOKKOSTILE_BUILD_TARGETS:-}" ]; then
        # The README's application steps for this flavour (readme_app_provision: install, configure,
        # build examples/app) and the add_subdirectory and FetchContent routes (consumer_*), built
        # with nvcc; running them needs a GPU.
        (cd "$build_dir" && KOKKOSTILE_APP_BUILD_ONLY=1 ctest -R '^(readme_app_provision|consumer_.*)$' --output-on-failure)
      fi ;;
    test)
      test_stage "$build_dir" "test-cuda" ;;
    bench)
      run_benchmarks "$build_dir" "cuda" "${KOKKOSTILE_BENCH_FILTER:-.}" ;;
  esac
}
