// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos' own tests of Kokkos::Experimental::reverse and reverse_copy, adapted to
// KokkosTile::reverse and KokkosTile::reverse_copy (issue 18: peers' tests in our suite).
//
// The cases come from Kokkos 4.6.99 (the tarball ../shared/deps/kokkos-4.6.99-28848dfa.tar.gz,
// Apache-2.0 WITH LLVM-exception), algorithms/unit_tests/:
//   - TestStdAlgorithmsReverse.cpp: scenarios "empty" (0), "one-element-a"/"-b" (1),
//     "two-elements-a"/"-b" (2), "small-a" (9), "small-b" (13), "medium" (1103), "large" (101513)
//     with their fill values, on their view kinds DynamicTag (View<T*>) and StridedThreeTag
//     (LayoutStride{ext, 3}), for double and int; their check test(i) == orig(ext - i - 1) against
//     a second view filled the same way. Their four calls (iterators or View, with or without a
//     label) become four KokkosTile forms: reverse(space, v), reverse(v), reverse(space, v, 7)
//     and reverse_static<64>(v).
//   - TestStdAlgorithmsModSeqOps.cpp, test reverse_copy: a View<double[10]> holding 0..9 reversed
//     into a View<double*> and into a LayoutStride{10, 2} View; expected 9..0.
//   - TestStdAlgorithmsTeamReverse.cpp and TestStdAlgorithmsTeamReverseCopy.cpp: rows x columns
//     Views (rows in teamSizesToTest {1, 2, 23, 77, 123}, columns {0, 1, 2, 13, 101, 1444, 8153}
//     for reverse and {.., 8113} for reverse_copy), DynamicTag/double, StridedTwoRowsTag/int and
//     StridedThreeRowsTag/unsigned (LayoutStride{rows, 2 or 3, cols, rows * (2 or 3)}), random
//     values in [11, 523) from Kokkos::fill_random with seed 12371, destination View<T**>; check
//     dst(i, j) == src(i, cols - j - 1). KokkosTile has no team-level API, so each row (a rank-1
//     subview, strided in every kind) is reversed by its own host-side call; their two API picks
//     (iterators, View) become reverse(space, row) / reverse(row) and reverse_copy(space, s, d) /
//     reverse_copy(s, d).
// Kokkos' reverse_copy returns begin(dst) + n; KokkosTile's returns nothing. Kokkos' rule for a
// longer destination (only its first n elements are written, kernel StdReverseCopyFunctor in
// Kokkos_ReverseCopy.hpp) is KokkosTile's contract too: LongerDestination checks it on the
// Reverse scenarios, with the elements past n left untouched.
// Nothing was trimmed: all their sizes run (the largest View holds 123 x 8153 elements).
#include <KokkosTile_Reverse.hpp>

#include <Kokkos_Random.hpp>

#include "TestHelpers.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace KokkosTileTest {
namespace {

// ------------------------------------------------------------------------------------------------
// Their view kinds (TestStdAlgorithmsCommon.hpp's create_view overloads), in our memory space.

struct DynamicKind {};       // DynamicTag: View<T*> / View<T**>
struct StridedTwoKind {};    // StridedTwoTag / StridedTwoRowsTag
struct StridedThreeKind {};  // StridedThreeTag / StridedThreeRowsTag

template <class T>
Kokkos::View<T*, MemorySpace> make_view(DynamicKind, std::size_t ext) {
  return Kokkos::View<T*, MemorySpace>("dynamic", ext);
}

template <class T, std::size_t Stride>
Kokkos::View<T*, Kokkos::LayoutStride, MemorySpace> make_strided_view(std::size_t ext) {
  return Kokkos::View<T*, Kokkos::LayoutStride, MemorySpace>("strided",
                                                             Kokkos::LayoutStride(ext, Stride));
}

template <class T>
auto make_view(StridedTwoKind, std::size_t ext) {
  return make_strided_view<T, 2>(ext);
}

template <class T>
auto make_view(StridedThreeKind, std::size_t ext) {
  return make_strided_view<T, 3>(ext);
}

template <class T>
Kokkos::View<T**, MemorySpace> make_matrix(DynamicKind, std::size_t rows, std::size_t cols) {
  return Kokkos::View<T**, MemorySpace>("dynamic", rows, cols);
}

template <class T, std::size_t Stride>
Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace> make_strided_rows(std::size_t rows,
                                                                       std::size_t cols) {
  return Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace>(
      "strided_rows", Kokkos::LayoutStride(rows, Stride, cols, rows * Stride));
}

template <class T>
auto make_matrix(StridedTwoKind, std::size_t rows, std::size_t cols) {
  return make_strided_rows<T, 2>(rows, cols);
}

template <class T>
auto make_matrix(StridedThreeKind, std::size_t rows, std::size_t cols) {
  return make_strided_rows<T, 3>(rows, cols);
}

inline std::string kind_name(DynamicKind) {
  return "dynamic";
}
inline std::string kind_name(StridedTwoKind) {
  return "stride2";
}
inline std::string kind_name(StridedThreeKind) {
  return "stride3";
}

/// Copies host values into a device View of any layout and rank 1 (through a packed View).
template <class ViewType, class T>
void upload(const ViewType& view, const std::vector<T>& values) {
  auto packed = packed_like(view);
  auto host = Kokkos::create_mirror_view(packed);
  for (std::size_t i = 0; i < values.size(); ++i)
    host(i) = values[i];
  Kokkos::deep_copy(packed, host);
  Kokkos::deep_copy(view, packed);
}

// ------------------------------------------------------------------------------------------------
// TestStdAlgorithmsReverse.cpp: named scenarios and their fill values.

struct Scenario {
  const char* name;
  std::size_t extent;
};

/// Their scenario map, in its (std::map, alphabetical) iteration order.
const std::vector<Scenario>& reverse_scenarios() {
  static const std::vector<Scenario> scenarios = {
      {"empty", 0},         {"large", 101513},     {"medium", 1103},
      {"one-element-a", 1}, {"one-element-b", 1},  {"small-a", 9},
      {"small-b", 13},      {"two-elements-a", 2}, {"two-elements-b", 2}};
  return scenarios;
}

/// Their fill_view: fixed values for the tiny scenarios, -11 + i for the others.
template <class T>
std::vector<T> scenario_values(const Scenario& scenario) {
  const std::string name = scenario.name;
  std::vector<T> values(scenario.extent);
  if (name == "one-element-a") {
    values[0] = static_cast<T>(1);
  } else if (name == "one-element-b") {
    values[0] = static_cast<T>(2);
  } else if (name == "two-elements-a") {
    values[0] = static_cast<T>(1);
    values[1] = static_cast<T>(2);
  } else if (name == "two-elements-b") {
    values[0] = static_cast<T>(2);
    values[1] = static_cast<T>(-1);
  } else {
    for (std::size_t i = 0; i < values.size(); ++i)
      values[i] = static_cast<T>(-11) + static_cast<T>(i);
  }
  return values;
}

/// Their verify_data: test(i) == orig(ext - i - 1), orig filled the same way as test was.
template <class TestView, class OrigView>
bool reversed_against(const TestView& test_view, const OrigView& orig_view,
                      const std::string& what) {
  const auto test_h = to_host(test_view);
  const auto orig_h = to_host(orig_view);
  const std::size_t ext = test_view.extent(0);
  for (std::size_t i = 0; i < ext; ++i) {
    if (!(test_h(i) == orig_h(ext - i - 1))) {
      ADD_FAILURE() << what << ": element " << i << " is " << test_h(i) << ", expected "
                    << orig_h(ext - i - 1);
      return false;
    }
  }
  return true;
}

template <class Kind, class T>
void run_reverse_scenarios() {
  for (const Scenario& scenario : reverse_scenarios()) {
    const auto values = scenario_values<T>(scenario);
    auto test_view = make_view<T>(Kind{}, scenario.extent);
    auto orig_view = make_view<T>(Kind{}, scenario.extent);
    const std::string what = std::string("reverse, ") + scenario.name + ", " + kind_name(Kind{});
    for (int form = 0; form < 4; ++form) {
      upload(test_view, values);
      upload(orig_view, values);
      switch (form) {
        case 0:
          KokkosTile::reverse(ExecSpace(), test_view);
          break;
        case 1:
          KokkosTile::reverse(test_view);
          break;
        case 2:
          KokkosTile::reverse(ExecSpace(), test_view, 7);
          break;
        default:
          KokkosTile::reverse_static<64>(test_view);
          break;
      }
      Kokkos::fence();
      ASSERT_TRUE(reversed_against(test_view, orig_view, what + ", form " + std::to_string(form)));
    }
  }
}

TEST(PeerKokkosReverse, ReverseScenarios) {
  // Their TEST(std_algorithms_modseq_test, reverse), in their order.
  run_reverse_scenarios<DynamicKind, double>();
  run_reverse_scenarios<StridedThreeKind, double>();
  run_reverse_scenarios<DynamicKind, int>();
  run_reverse_scenarios<StridedThreeKind, int>();
}

// ------------------------------------------------------------------------------------------------
// Kokkos' reverse_copy with a destination longer than the source: the first n elements are
// written, the rest is left as it was. Their scenarios, source and destination of each kind.

template <class SrcKind, class DstKind, class T>
void run_longer_destination() {
  constexpr std::size_t extra = 5;
  const T sentinel = static_cast<T>(-777);
  for (const Scenario& scenario : reverse_scenarios()) {
    const std::size_t n = scenario.extent;
    const auto values = scenario_values<T>(scenario);
    auto src = make_view<T>(SrcKind{}, n);
    auto dst = make_view<T>(DstKind{}, n + extra);
    upload(src, values);
    for (int form = 0; form < 2; ++form) {
      upload(dst, std::vector<T>(n + extra, sentinel));
      if (form == 0)
        KokkosTile::reverse_copy(ExecSpace(), src, dst);
      else
        KokkosTile::reverse_copy(src, dst);
      Kokkos::fence();
      const auto dst_h = to_host(dst);
      const std::string what = std::string("reverse_copy, ") + scenario.name + ", " +
                               kind_name(SrcKind{}) + " -> " + kind_name(DstKind{}) + ", form " +
                               std::to_string(form);
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(dst_h(i), values[n - i - 1]) << what << ", element " << i;
      for (std::size_t i = n; i < n + extra; ++i)
        ASSERT_EQ(dst_h(i), sentinel) << what << ", element " << i << " (past n) was written";
    }
  }
}

TEST(PeerKokkosReverse, ReverseCopyLongerDestination) {
  run_longer_destination<DynamicKind, DynamicKind, double>();
  run_longer_destination<DynamicKind, StridedThreeKind, double>();
  run_longer_destination<StridedThreeKind, DynamicKind, int>();
  run_longer_destination<StridedThreeKind, StridedThreeKind, int>();
}

// ------------------------------------------------------------------------------------------------
// TestStdAlgorithmsModSeqOps.cpp, TEST_F(std_algorithms_mod_seq_ops_test, reverse_copy).

TEST(PeerKokkosReverse, ModSeqOpsReverseCopy) {
  constexpr std::size_t extent = 10;
  Kokkos::View<double[extent], MemorySpace> static_view("static");
  Kokkos::View<double*, MemorySpace> dynamic_view("dynamic", extent);
  Kokkos::View<double*, Kokkos::LayoutStride, MemorySpace> strided_view(
      "strided", Kokkos::LayoutStride(extent, 2));
  // Their fixture's SetUp: static_view(i) = i.
  auto static_h = Kokkos::create_mirror_view(static_view);
  for (std::size_t i = 0; i < extent; ++i)
    static_h(i) = static_cast<double>(i);
  Kokkos::deep_copy(static_view, static_h);
  const double expected[extent] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
  // Not in theirs: the destinations start poisoned. Zero-initialised, as in their fixture, an
  // unwritten last element would pass (it is expected to be 0), which a reverse_copy broken by
  // one element at the end did (break-and-watch-fail, issue 18).
  Kokkos::deep_copy(dynamic_view, -1.0);
  upload(strided_view, std::vector<double>(extent, -1.0));

  KokkosTile::reverse_copy(ExecSpace(), static_view, dynamic_view);
  Kokkos::fence();
  const auto dynamic_h = to_host(dynamic_view);
  for (std::size_t i = 0; i < extent; ++i)
    ASSERT_EQ(expected[i], dynamic_h(i)) << "dynamic, element " << i;

  KokkosTile::reverse_copy(static_view, strided_view);
  Kokkos::fence();
  const auto strided_h = to_host(strided_view);
  for (std::size_t i = 0; i < extent; ++i)
    ASSERT_EQ(expected[i], strided_h(i)) << "strided, element " << i;
}

// ------------------------------------------------------------------------------------------------
// TestStdAlgorithmsTeamReverse.cpp and TestStdAlgorithmsTeamReverseCopy.cpp: one row at a time.

/// Their teamSizesToTest (the list used everywhere but AppVeyor).
const std::vector<std::size_t>& team_row_counts() {
  static const std::vector<std::size_t> rows = {1, 2, 23, 77, 123};
  return rows;
}

/// Their create_random_view_and_host_clone: a rows x cols View of the kind, filled from
/// Kokkos::fill_random with seed 12371 in [11, 523); returns the View and a host clone.
template <class Kind, class T>
auto random_matrix_and_host_clone(std::size_t rows, std::size_t cols) {
  auto view = make_matrix<T>(Kind{}, rows, cols);
  auto packed = packed_like(view);
  auto host = Kokkos::create_mirror_view(Kokkos::HostSpace(), packed);
  Kokkos::Random_XorShift64_Pool<Kokkos::DefaultHostExecutionSpace> pool(12371);
  Kokkos::fill_random(host, pool, static_cast<T>(11), static_cast<T>(523));
  Kokkos::fence();
  Kokkos::deep_copy(packed, host);
  Kokkos::deep_copy(view, packed);
  return std::make_pair(view, host);
}

template <class Kind, class T>
void run_team_reverse(const std::vector<std::size_t>& col_counts) {
  for (const std::size_t rows : team_row_counts()) {
    for (const std::size_t cols : col_counts) {
      for (int api = 0; api < 2; ++api) {
        auto [data, clone_h] = random_matrix_and_host_clone<Kind, T>(rows, cols);
        for (std::size_t r = 0; r < rows; ++r) {
          const auto row = Kokkos::subview(data, r, Kokkos::ALL());
          if (api == 0)
            KokkosTile::reverse(ExecSpace(), row);
          else
            KokkosTile::reverse(row);
        }
        Kokkos::fence();
        const auto after_h = to_host(data);
        for (std::size_t i = 0; i < rows; ++i)
          for (std::size_t j = 0; j < cols; ++j)
            ASSERT_EQ(after_h(i, j), clone_h(i, cols - j - 1))
                << "reverse, " << kind_name(Kind{}) << ", " << rows << " x " << cols << ", api "
                << api << ", element (" << i << ", " << j << ")";
      }
    }
  }
}

template <class Kind, class T>
void run_team_reverse_copy(const std::vector<std::size_t>& col_counts) {
  for (const std::size_t rows : team_row_counts()) {
    for (const std::size_t cols : col_counts) {
      for (int api = 0; api < 2; ++api) {
        auto [source, clone_h] = random_matrix_and_host_clone<Kind, T>(rows, cols);
        Kokkos::View<T**, MemorySpace> dest("dest", rows, cols);
        for (std::size_t r = 0; r < rows; ++r) {
          const auto from = Kokkos::subview(source, r, Kokkos::ALL());
          const auto to = Kokkos::subview(dest, r, Kokkos::ALL());
          if (api == 0)
            KokkosTile::reverse_copy(ExecSpace(), from, to);
          else
            KokkosTile::reverse_copy(from, to);
        }
        Kokkos::fence();
        const auto dest_h = to_host(dest);
        const auto source_h = to_host(source);
        for (std::size_t i = 0; i < rows; ++i) {
          for (std::size_t j = 0; j < cols; ++j) {
            ASSERT_EQ(dest_h(i, j), clone_h(i, cols - j - 1))
                << "reverse_copy, " << kind_name(Kind{}) << ", " << rows << " x " << cols
                << ", api " << api << ", element (" << i << ", " << j << ")";
            ASSERT_EQ(source_h(i, j), clone_h(i, j)) << "reverse_copy changed its source";
          }
        }
      }
    }
  }
}

TEST(PeerKokkosReverse, TeamReverseRows) {
  const std::vector<std::size_t> cols = {0, 1, 2, 13, 101, 1444, 8153};
  run_team_reverse<DynamicKind, double>(cols);
  run_team_reverse<StridedTwoKind, int>(cols);
  run_team_reverse<StridedThreeKind, unsigned>(cols);
}

TEST(PeerKokkosReverse, TeamReverseCopyRows) {
  const std::vector<std::size_t> cols = {0, 1, 2, 13, 101, 1444, 8113};
  run_team_reverse_copy<DynamicKind, double>(cols);
  run_team_reverse_copy<StridedTwoKind, int>(cols);
  run_team_reverse_copy<StridedThreeKind, unsigned>(cols);
}

}  // namespace
}  // namespace KokkosTileTest
