// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What Kokkos Tools see of KokkosTile: every public entry point opens one region named after the
// call ("KokkosTile::<call>", as kokkos-fft does), every kernel it launches runs inside that
// region, and every kernel has a label (KokkosTile's own, or Kokkos' for the deep_copy and View
// work Kokkos does on the library's behalf), never a functor's type name. The callbacks are
// registered through Kokkos' Tools::Experimental API, as a tool library would.
#include <KokkosTile.hpp>

#include "TestHelpers.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

struct ToolsEvent {
  enum Kind { push, pop, kernel } kind;
  std::string name;
};

std::vector<ToolsEvent>& recorded() {
  static std::vector<ToolsEvent> events;
  return events;
}

void on_push(const char* name) {
  recorded().push_back({ToolsEvent::push, name});
}
void on_pop() {
  recorded().push_back({ToolsEvent::pop, ""});
}
void on_begin(const char* name, const std::uint32_t, std::uint64_t* id) {
  *id = 0;
  recorded().push_back({ToolsEvent::kernel, name});
}
void on_end(std::uint64_t) {}

/// Records regions and kernel launches while it lives; the callbacks are removed again after.
class ToolsRecorder {
 public:
  ToolsRecorder() { set(on_push, on_pop, on_begin, on_end); }
  ~ToolsRecorder() { set(nullptr, nullptr, nullptr, nullptr); }

 private:
  using push_type = void (*)(const char*);
  using pop_type = void (*)();
  using begin_type = void (*)(const char*, const std::uint32_t, std::uint64_t*);
  using end_type = void (*)(std::uint64_t);
  static void set(push_type push, pop_type pop, begin_type begin, end_type end) {
    namespace tools = Kokkos::Tools::Experimental;
    tools::set_push_region_callback(push);
    tools::set_pop_region_callback(pop);
    tools::set_begin_parallel_for_callback(begin);
    tools::set_begin_parallel_reduce_callback(begin);
    tools::set_begin_parallel_scan_callback(begin);
    tools::set_end_parallel_for_callback(end);
    tools::set_end_parallel_reduce_callback(end);
    tools::set_end_parallel_scan_callback(end);
  }
};

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

/// Runs `call` (inputs already made) and checks what the tools saw: one outermost region whose
/// name starts with `region`, balanced, at least one kernel, every kernel inside the region, at
/// least one labelled with the region's call, and none unlabelled.
::testing::AssertionResult labelled(const std::string& region, const std::function<void()>& call) {
  Kokkos::fence();
  recorded().clear();
  {
    const ToolsRecorder recorder;
    call();
    Kokkos::fence();
  }
  const std::vector<ToolsEvent> events = recorded();
  int depth = 0, outermost = 0, kernels = 0, own = 0;
  for (const ToolsEvent& event : events) {
    switch (event.kind) {
      case ToolsEvent::push:
        if (depth == 0) {
          ++outermost;
          if (!starts_with(event.name, region))
            return ::testing::AssertionFailure()
                   << "outermost region '" << event.name << "', expected '" << region << "...'";
        }
        ++depth;
        break;
      case ToolsEvent::pop:
        if (--depth < 0)
          return ::testing::AssertionFailure() << "a region popped that was never pushed";
        break;
      case ToolsEvent::kernel:
        ++kernels;
        if (depth == 0)
          return ::testing::AssertionFailure() << "kernel '" << event.name << "' outside a region";
        if (!starts_with(event.name, "KokkosTile::") && !starts_with(event.name, "Kokkos::") &&
            !starts_with(event.name, region))
          return ::testing::AssertionFailure() << "kernel without a label: '" << event.name << "'";
        own += starts_with(event.name, region) ? 1 : 0;
        break;
    }
  }
  if (depth != 0)
    return ::testing::AssertionFailure() << depth << " region(s) left open";
  if (outermost != 1)
    return ::testing::AssertionFailure() << outermost << " outermost regions, expected 1";
  if (kernels == 0 || own == 0)
    return ::testing::AssertionFailure()
           << kernels << " kernels, " << own << " labelled '" << region << "...'";
  return ::testing::AssertionSuccess();
}

TEST(ToolsLabels, EveryEntryPointOpensItsRegionAndLabelsItsKernels) {
  const ExecSpace space;
  Kokkos::View<float*, MemorySpace> v("v", 1000), w("w", 1000);
  EXPECT_TRUE(labelled("KokkosTile::reverse", [&] { KokkosTile::reverse(space, v); }));
  EXPECT_TRUE(
      labelled("KokkosTile::reverse_static", [&] { KokkosTile::reverse_static<128>(space, v); }));
  EXPECT_TRUE(labelled("KokkosTile::reverse_copy", [&] { KokkosTile::reverse_copy(space, v, w); }));

  Kokkos::View<double**, MemorySpace> a("a", 67, 45), b("b", 45, 67), square("square", 40, 40);
  EXPECT_TRUE(
      labelled("KokkosTile::transpose_copy", [&] { KokkosTile::transpose_copy(space, a, b); }));
  EXPECT_TRUE(labelled("KokkosTile::transpose", [&] { KokkosTile::transpose(space, square); }));

  Kokkos::View<double**, MemorySpace> grid_in("grid_in", 50, 70), grid_out("grid_out", 50, 70);
  EXPECT_TRUE(labelled("KokkosTile::apply_stencil", [&] {
    KokkosTile::apply_stencil(space, grid_in, grid_out,
                              KokkosTile::Stencil2D<double>::five_point(-4, 1),
                              KokkosTile::BoundaryCondition<double>::clamp());
  }));

  Kokkos::View<double**, MemorySpace> c("c", 67, 67);
  EXPECT_TRUE(
      labelled("KokkosTile::gemm", [&] { KokkosTile::gemm(space, "N", "N", 1.0, a, b, 0.0, c); }));

  // Complex gemm of 32^3 multiply-adds and more: split into real products, labelled as the call.
  Kokkos::View<Kokkos::complex<double>**, MemorySpace> za("za", 67, 45), zb("zb", 67, 45),
      zc("zc", 67, 67);
  EXPECT_TRUE(labelled("KokkosTile::gemm", [&] {
    KokkosTile::gemm(space, "N", "C", Kokkos::complex<double>(1), za, zb,
                     Kokkos::complex<double>(0), zc);
  }));
  bool split = false;
  for (const ToolsEvent& event : recorded())
    split = split ||
            (event.kind == ToolsEvent::kernel && event.name == "KokkosTile::gemm<tuned>::split_a");
  EXPECT_TRUE(split) << "complex gemm of 67 x 67 x 45 did not split into real products";

  // Real gemm on padded operand copies (devices; the hook lowers the size from which it pays):
  // the padding kernels are labelled as the call too.
  KokkosTile::Impl::gemm_padding_min_multiply_adds_override() = 1;
  EXPECT_TRUE(
      labelled("KokkosTile::gemm", [&] { KokkosTile::gemm(space, "N", "N", 1.0, a, b, 0.0, c); }));
  KokkosTile::Impl::gemm_padding_min_multiply_adds_override() = 0;
  bool padded = false;
  for (const ToolsEvent& event : recorded())
    padded = padded ||
             (event.kind == ToolsEvent::kernel && event.name == "KokkosTile::gemm<tuned>::pad_a");
  EXPECT_EQ(padded, !KokkosTile::Impl::is_host_backend<ExecSpace>())
      << "odd real gemm of 67 x 67 x 45: padded operands on devices only";
  // Rows and columns just past whole tiles: the edge kernels, labelled as the call too.
  Kokkos::View<double**, MemorySpace> ea("ea", 259, 45), eb("eb", 45, 131), ec("ec", 259, 131);
  KokkosTile::Impl::gemm_padding_min_multiply_adds_override() = 1;
  EXPECT_TRUE(labelled("KokkosTile::gemm",
                       [&] { KokkosTile::gemm(space, "N", "N", 1.0, ea, eb, 0.0, ec); }));
  KokkosTile::Impl::gemm_padding_min_multiply_adds_override() = 0;
  int edges = 0;
  for (const ToolsEvent& event : recorded())
    edges +=
        event.kind == ToolsEvent::kernel && (event.name == "KokkosTile::gemm<tuned>::edge_rows" ||
                                             event.name == "KokkosTile::gemm<tuned>::edge_columns");
  EXPECT_EQ(edges, KokkosTile::Impl::is_host_backend<ExecSpace>() ? 0 : 2)
      << "real gemm of 259 x 131 x 45 on padded operands: edge rows and columns on devices only";

  // A grid of fewer tiles than multiprocessors (256 x 256: 8 tiles of 128 x 64), 2048 deep: split
  // along k on CUDA, into slices and a sum labelled as the call.
  Kokkos::View<double**, Kokkos::LayoutLeft, MemorySpace> ka("ka", 256, 2048), kb("kb", 2048, 256),
      kc("kc", 256, 256);
  EXPECT_TRUE(labelled("KokkosTile::gemm",
                       [&] { KokkosTile::gemm(space, "N", "N", 1.0, ka, kb, 0.0, kc); }));
  int split_k = 0;
  for (const ToolsEvent& event : recorded())
    split_k +=
        event.kind == ToolsEvent::kernel && (event.name == "KokkosTile::gemm<tuned>::split_k" ||
                                             event.name == "KokkosTile::gemm<tuned>::split_k_sum");
  EXPECT_EQ(split_k, on_cuda() ? 2 : 0) << "real gemm of 256 x 256 x 2048: split along k on CUDA";

  Kokkos::View<int*, MemorySpace> samples("samples", 5000);
  Kokkos::View<std::uint32_t*, MemorySpace> counts("counts", 64);
  Kokkos::View<double*, MemorySpace> reals("reals", 5000);
  EXPECT_TRUE(
      labelled("KokkosTile::histogram", [&] { KokkosTile::histogram(space, samples, counts); }));
  EXPECT_TRUE(labelled("KokkosTile::histogram",
                       [&] { KokkosTile::histogram(space, reals, counts, 0.0, 1.0); }));
}

/// Every entry point's label overload: the caller's label names the call's one region and its
/// kernels (each kernel's label starts with it; the gemm's packing and split kernels add a suffix).
TEST(ToolsLabels, EveryLabelOverloadNamesTheRegionAndTheKernels) {
  const ExecSpace space;
  Kokkos::View<float*, MemorySpace> v("v", 1000), w("w", 1000);
  EXPECT_TRUE(labelled("app::reverse", [&] { KokkosTile::reverse("app::reverse", space, v); }));
  EXPECT_TRUE(labelled("app::reverse_static",
                       [&] { KokkosTile::reverse_static<128>("app::reverse_static", space, v); }));
  EXPECT_TRUE(labelled("app::reverse_copy",
                       [&] { KokkosTile::reverse_copy("app::reverse_copy", space, v, w); }));
  Kokkos::View<double**, MemorySpace> a("a", 67, 45), b("b", 45, 67), square("square", 40, 40);
  EXPECT_TRUE(labelled("app::transpose_copy",
                       [&] { KokkosTile::transpose_copy("app::transpose_copy", space, a, b); }));
  EXPECT_TRUE(
      labelled("app::transpose", [&] { KokkosTile::transpose("app::transpose", space, square); }));
  Kokkos::View<double**, MemorySpace> grid_in("grid_in", 50, 70), grid_out("grid_out", 50, 70);
  EXPECT_TRUE(labelled("app::apply_stencil", [&] {
    KokkosTile::apply_stencil("app::apply_stencil", space, grid_in, grid_out,
                              KokkosTile::Stencil2D<double>::five_point(-4, 1),
                              KokkosTile::BoundaryCondition<double>::clamp());
  }));
  Kokkos::View<double**, MemorySpace> c("c", 67, 67);
  EXPECT_TRUE(labelled("app::gemm",
                       [&] { KokkosTile::gemm("app::gemm", space, "N", "N", 1.0, a, b, 0.0, c); }));
  Kokkos::View<int*, MemorySpace> samples("samples", 5000);
  Kokkos::View<std::uint32_t*, MemorySpace> counts("counts", 64);
  Kokkos::View<double*, MemorySpace> reals("reals", 5000);
  EXPECT_TRUE(labelled("app::histogram",
                       [&] { KokkosTile::histogram("app::histogram", space, samples, counts); }));
  EXPECT_TRUE(labelled("app::histogram_range", [&] {
    KokkosTile::histogram("app::histogram_range", space, reals, counts, 0.0, 1.0);
  }));
}

struct DoNothing {
  KOKKOS_FUNCTION void operator()(int) const {}
};

/// A test of the test: a call that launches an unlabelled kernel outside any region fails, and so
/// does a region named after another call.
TEST(ToolsLabels, UnlabelledKernelsAndWrongRegionsAreCaught) {
  EXPECT_FALSE(labelled("KokkosTile::none", [] {
    Kokkos::parallel_for(Kokkos::RangePolicy<ExecSpace>(0, 10), DoNothing{});
  }));
  Kokkos::View<float*, MemorySpace> v("v", 100);
  EXPECT_FALSE(labelled("KokkosTile::transpose", [&] { KokkosTile::reverse(v); }));
}

}  // namespace
}  // namespace KokkosTileTest
