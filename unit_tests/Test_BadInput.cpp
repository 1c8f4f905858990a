// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The bad-input matrix of the algorithms: every entry point (reverse, reverse_static, reverse_copy,
// transpose_copy, transpose in place, apply_stencil, gemm, histogram with integer and with range
// bins) against each class of bad input that applies to it. Every refusal must be the right error
// type, name the call (or the caller's label), and leave the output as it was; the valid edge case
// (empty Views) must do nothing. Classes: extents that disagree; an output that shares elements
// with an input; an output that aliases itself; empty Views; values outside an enumeration and bad
// options; an internal allocation that fails. The pinned, write-combined, registration, streaming
// and cluster APIs have their matrices in their own files (Test_PinnedHostSpace.cpp,
// Test_WriteCombinedHost.cpp, Test_HostRegistration.cpp, Test_Streaming.cpp, Test_Cluster.cpp).
#include <KokkosTile.hpp>

#include "TestHelpers.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

using KokkosTile::InvalidArgument;
using KokkosTile::ResourceError;
using Matrix = Kokkos::View<float**, Kokkos::LayoutRight, MemorySpace>;
using Vector = Kokkos::View<float*, MemorySpace>;
using Strided2 = Kokkos::View<float**, Kokkos::LayoutStride, MemorySpace>;
using Strided1 = Kokkos::View<float*, Kokkos::LayoutStride, MemorySpace>;

/// A case of the matrix: its name, the call, the pieces its message must hold, and the output it
/// must leave unchanged (a copy is taken before the call and compared after).
struct Refusal {
  std::string name;
  std::function<void()> call;
  std::vector<std::string> pieces;
};

template <class Error, class Output>
void expect_refused_and_unchanged(const std::vector<Refusal>& cases, const Output& output) {
  for (const Refusal& refusal : cases) {
    SCOPED_TRACE(refusal.name);
    Kokkos::fence();
    const auto before = to_host(output);
    std::string message;
    try {
      refusal.call();
      ADD_FAILURE() << "accepted";
    } catch (const Error& error) {
      message = error.what();
    } catch (const std::exception& other) {
      ADD_FAILURE() << "threw another type: " << other.what();
    }
    for (const std::string& piece : refusal.pieces)
      EXPECT_NE(message.find(piece), std::string::npos) << "'" << piece << "' not in: " << message;
    Kokkos::fence();
    const auto after = to_host(output);
    ASSERT_EQ(before.span(), after.span());
    for (std::size_t i = 0; i < before.span(); ++i)
      ASSERT_TRUE(same_value(before.data()[i], after.data()[i])) << "output changed at " << i;
  }
}

const auto five = KokkosTile::Stencil2D<float>::five_point(-4.f, 1.f);
const auto clamp = KokkosTile::BoundaryCondition<float>::clamp();

TEST(BadInput, ExtentsThatDisagree) {
  Matrix a("a", 6, 9), b("b", 6, 9), square("square", 6, 6);
  Vector v("v", 10), short_dst("short_dst", 9);
  fill_random_device(b, 1);
  fill_random_device(short_dst, 2);
  expect_refused_and_unchanged<InvalidArgument>(
      {{"transpose_copy",
        [&] { KokkosTile::transpose_copy(a, b); },
        {"KokkosTile::transpose_copy<", "so b must be 9 x 6"}},
       {"apply_stencil",
        [&] { KokkosTile::apply_stencil(square, b, five, clamp); },
        {"KokkosTile::apply_stencil<", "in is 6 x 6 but out is 6 x 9"}},
       {"gemm",
        [&] { KokkosTile::gemm("N", "N", 1.f, a, a, 0.f, b); },
        {"KokkosTile::gemm<", "the inner extents differ"}},
       {"gemm, labelled",
        [&] { KokkosTile::gemm("app", ExecSpace(), "N", "N", 1.f, a, a, 0.f, b); },
        {"app:", "the inner extents differ"}}},
      b);
  expect_refused_and_unchanged<InvalidArgument>(
      {{"reverse_copy",
        [&] { KokkosTile::reverse_copy(v, short_dst); },
        {"KokkosTile::reverse_copy", "src has 10 elements but dst only 9"}}},
      short_dst);
  Kokkos::View<unsigned*, MemorySpace> no_bins("no_bins", 0);
  Kokkos::View<int*, MemorySpace> samples("samples", 10);
  EXPECT_TRUE(throws_with<InvalidArgument>([&] { KokkosTile::histogram(samples, no_bins); },
                                           {"KokkosTile::histogram", "counts has 0 bins"}));
}

TEST(BadInput, OutputsThatShareElementsWithAnInput) {
  Matrix m("m", 8, 8);
  fill_random_device(m, 3);
  auto left = Kokkos::subview(m, Kokkos::ALL, Kokkos::make_pair(0, 5));
  auto right = Kokkos::subview(m, Kokkos::ALL, Kokkos::make_pair(3, 8));
  auto top = Kokkos::subview(m, Kokkos::make_pair(0, 5), Kokkos::ALL);
  Vector v("v", 40);
  fill_random_device(v, 4);
  auto front = Kokkos::subview(v, Kokkos::make_pair(0, 30));
  auto back = Kokkos::subview(v, Kokkos::make_pair(10, 40));
  Kokkos::View<unsigned*, MemorySpace> storage("storage", 64);
  auto bins = Kokkos::subview(storage, Kokkos::make_pair(0, 8));
  expect_refused_and_unchanged<InvalidArgument>(
      {{"transpose_copy",
        [&] { KokkosTile::transpose_copy(top, left); },
        {"KokkosTile::transpose_copy<", "a and b overlap: they share elements"}},
       {"apply_stencil",
        [&] { KokkosTile::apply_stencil(left, right, five, clamp); },
        {"KokkosTile::apply_stencil<", "in and out overlap: they share elements"}},
       {"gemm",
        [&] {
          KokkosTile::gemm("N", "T", 1.f, left, left, 0.f,
                           Kokkos::subview(m, Kokkos::make_pair(0, 8), Kokkos::make_pair(0, 8)));
        },
        {"KokkosTile::gemm<", "overlap: they share elements"}},
       {"reverse_copy",
        [&] { KokkosTile::reverse_copy(front, back); },
        {"KokkosTile::reverse_copy", "src and dst overlap: they share elements"}}},
      m);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::histogram(storage, bins); },
      {"KokkosTile::histogram", "samples and counts overlap: they share elements"}));
}

TEST(BadInput, OutputsThatAliasThemselves) {
  Matrix a("a", 4, 4);
  Vector storage("storage", 64), src("src", 8);
  fill_random_device(storage, 5);
  const Strided2 rows_overlap(storage.data(), Kokkos::LayoutStride(4, 2, 4, 1));
  const Strided1 one_element(storage.data() + 40, Kokkos::LayoutStride(8, 0));
  expect_refused_and_unchanged<InvalidArgument>(
      {{"gemm",
        [&] { KokkosTile::gemm("N", "N", 1.f, a, a, 0.f, rows_overlap); },
        {"KokkosTile::gemm<", "C's strides make different indices one element"}},
       {"transpose_copy",
        [&] { KokkosTile::transpose_copy(a, rows_overlap); },
        {"KokkosTile::transpose_copy<", "b's strides"}},
       {"transpose in place",
        [&] { KokkosTile::transpose(rows_overlap); },
        {"KokkosTile::transpose<in_place", "a's strides"}},
       {"apply_stencil",
        [&] { KokkosTile::apply_stencil(a, rows_overlap, five, clamp); },
        {"KokkosTile::apply_stencil<", "out's strides"}},
       {"reverse_copy",
        [&] { KokkosTile::reverse_copy(src, one_element); },
        {"KokkosTile::reverse_copy", "dst's strides"}},
       {"reverse",
        [&] { KokkosTile::reverse(one_element); },
        {"KokkosTile::reverse", "the View's strides"}},
       {"reverse_static",
        [&] { KokkosTile::reverse_static<64>(one_element); },
        {"KokkosTile::reverse_static", "the View's strides"}}},
      storage);
}

TEST(BadInput, EmptyViewsDoNothing) {
  Matrix empty("empty", 0, 5), empty_t("empty_t", 5, 0), empty_c("empty_c", 0, 0);
  Vector none("none", 0), dst("dst", 3);
  fill_random_device(dst, 6);
  const auto before = to_host(dst);
  EXPECT_NO_THROW(KokkosTile::transpose_copy(empty, empty_t));
  EXPECT_NO_THROW(KokkosTile::transpose(empty_c));
  EXPECT_NO_THROW(KokkosTile::apply_stencil(empty, Matrix("out", 0, 5), five, clamp));
  EXPECT_NO_THROW(KokkosTile::gemm("N", "N", 1.f, empty, empty_t, 0.f, empty_c));
  EXPECT_NO_THROW(KokkosTile::reverse(none));
  EXPECT_NO_THROW(KokkosTile::reverse_static<16>(none));
  EXPECT_NO_THROW(KokkosTile::reverse_copy(none, dst));  // writes none of dst's 3 elements
  Kokkos::fence();
  const auto after = to_host(dst);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(before(i), after(i));
}

TEST(BadInput, ValuesOutsideTheEnumerationsAndBadOptions) {
  Matrix a("a", 6, 6), b("b", 6, 6);
  fill_random_device(b, 7);
  KokkosTile::GemmOptions gemm_variant, gemm_tile;
  gemm_variant.variant = static_cast<KokkosTile::GemmVariant>(17);
  gemm_tile.tile = static_cast<KokkosTile::GemmTile>(17);
  KokkosTile::StencilOptions stencil_variant, stencil_tile;
  stencil_variant.variant = static_cast<KokkosTile::StencilVariant>(17);
  stencil_tile.tile_rows = 5000;
  KokkosTile::BoundaryCondition<float> boundary;
  boundary.kind = static_cast<KokkosTile::Boundary>(17);
  expect_refused_and_unchanged<InvalidArgument>(
      {{"gemm variant",
        [&] { KokkosTile::gemm("N", "N", 1.f, a, a, 0.f, b, gemm_variant); },
        {"variant 17 is not a GemmVariant"}},
       {"gemm tile",
        [&] { KokkosTile::gemm("N", "N", 1.f, a, a, 0.f, b, gemm_tile); },
        {"tile 17 is not a GemmTile"}},
       {"gemm op", [&] { KokkosTile::gemm("X", "N", 1.f, a, a, 0.f, b); }, {"trans_a is \"X\""}},
       {"stencil variant",
        [&] { KokkosTile::apply_stencil(a, b, five, clamp, stencil_variant); },
        {"variant 17 is not a StencilVariant"}},
       {"stencil tile",
        [&] { KokkosTile::apply_stencil(a, b, five, clamp, stencil_tile); },
        {"tile 5000 x 64 is outside [1, 4096]^2"}},
       {"stencil boundary",
        [&] { KokkosTile::apply_stencil(a, b, five, boundary); },
        {"boundary 17 is not a Boundary"}},
       {"transpose variant",
        [&] { KokkosTile::transpose_copy(a, b, {static_cast<KokkosTile::TransposeVariant>(17)}); },
        {"variant 17 is not a TransposeVariant"}},
       {"transpose tile",
        [&] {
          KokkosTile::transpose_copy(a, b, {KokkosTile::TransposeVariant::tiled, 0x7fff});
        },
        {"tile edge 32767 is outside [1, 1024]"}},
       {"transpose in place variant",
        [&] { KokkosTile::transpose(b, {static_cast<KokkosTile::TransposeVariant>(17)}); },
        {"variant 17 is not a TransposeVariant"}}},
      b);
  Kokkos::View<int*, MemorySpace> samples("samples", 10);
  Kokkos::View<unsigned*, MemorySpace> counts("counts", 4);
  KokkosTile::HistogramOptions histogram_variant;
  histogram_variant.variant = static_cast<KokkosTile::HistogramVariant>(17);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::histogram(samples, counts, histogram_variant); },
      {"KokkosTile::histogram", "variant 17 is not a HistogramVariant"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::reverse_copy(samples, Kokkos::View<int*, MemorySpace>("d", 10),
                                 std::size_t{1} << 40);
      },
      {"KokkosTile::reverse_copy", "larger than the limit"}));
}

/// Runs `call` with the n-th internal allocation made to fail, for every n until the call makes no
/// more: each failure must be a ResourceError naming the call and leave `output` unchanged.
template <class Output>
int expect_each_failed_allocation_harmless(const std::string& name,
                                           const std::function<void()>& call,
                                           const Output& output) {
  int failures = 0;
  for (int n = 1; n <= 8; ++n) {
    SCOPED_TRACE(name + ", allocation " + std::to_string(n));
    Kokkos::fence();
    const auto before = to_host(output);
    KokkosTile::Impl::internal_allocation_failure_countdown() = n;
    bool failed = false;
    try {
      call();
    } catch (const ResourceError& error) {
      failed = true;
      EXPECT_NE(std::string(error.what()).find("the test hook failed it"), std::string::npos)
          << error.what();
    }
    const bool hook_unused = KokkosTile::Impl::internal_allocation_failure_countdown() > 0;
    KokkosTile::Impl::internal_allocation_failure_countdown() = 0;
    Kokkos::fence();
    if (!failed) {
      EXPECT_TRUE(hook_unused) << "the hook failed an allocation but the call did not say so";
      break;  // the call makes fewer than n allocations
    }
    ++failures;
    const auto after = to_host(output);
    std::size_t changed = 0;
    for (std::size_t i = 0; i < before.span(); ++i)
      changed += same_value(before.data()[i], after.data()[i]) ? 0 : 1;
    EXPECT_EQ(changed, 0u) << "elements of the output changed";
  }
  return failures;
}

// Nothing lost: a call whose own allocation fails (packed GEMM panels, per-call workspaces, host
// histogram copies, stencil row buffers) throws before it writes, so its output holds its old
// values.
TEST(BadInput, AFailedInternalAllocationLeavesTheOutput) {
  const int n = 96;
  Kokkos::View<double**, Kokkos::LayoutLeft, MemorySpace> a("a", n, n), b("b", n, n), c("c", n, n);
  fill_random_device(a, 8);
  fill_random_device(b, 9);
  fill_random_device(c, 10);
  int failures = expect_each_failed_allocation_harmless(
      "gemm", [&] { KokkosTile::gemm("N", "N", 1.0, a, b, 0.5, c); }, c);
  using Complex = Kokkos::complex<double>;
  Kokkos::View<Complex**, Kokkos::LayoutLeft, MemorySpace> za("za", n, n), zb("zb", n, n),
      zc("zc", n, n);
  failures += expect_each_failed_allocation_harmless(
      "complex gemm", [&] { KokkosTile::gemm("N", "N", Complex(1), za, zb, Complex(0), zc); }, zc);
  Kokkos::View<double**, MemorySpace> in("in", 300, 300), out("out", 300, 300);
  fill_random_device(in, 11);
  fill_random_device(out, 12);
  failures += expect_each_failed_allocation_harmless(
      "apply_stencil",
      [&] {
        KokkosTile::apply_stencil(in, out, KokkosTile::Stencil2D<double>::five_point(-4, 1),
                                  KokkosTile::BoundaryCondition<double>::constant(2.0));
      },
      out);
  Kokkos::View<int*, MemorySpace> samples("samples", 5000);
  Kokkos::View<unsigned*, MemorySpace> counts("counts", 64);
  Kokkos::deep_copy(counts, 7u);
  failures += expect_each_failed_allocation_harmless(
      "histogram", [&] { KokkosTile::histogram(samples, counts); }, counts);
  // Every backend allocates at least the complex split's workspace.
  EXPECT_GE(failures, 1);
}

}  // namespace
}  // namespace KokkosTileTest
