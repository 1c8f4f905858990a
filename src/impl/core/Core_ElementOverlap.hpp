// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Whether two Views share an element, decided per element rather than per memory range.
//
// Kokkos' contract, which the entry points follow, is that an output may not alias an input
// element; Views that merely share an allocation are fine. Two disjoint blocks of one LayoutRight
// matrix (A21 and A12 in a blocked LU), or the even and the odd elements of one array, have
// interleaved memory spans but no element in common, and must be accepted.
//
// Each View of rank 1 or 2 is described in bytes as a grid of elements: rows of evenly spaced
// elements (an arithmetic progression, AP, of addresses), the rows themselves evenly spaced. An
// element occupies [address, address + sizeof(value_type)), so Views of different value types are
// compared byte by byte. Two APs meet exactly when a bounded linear Diophantine equation has a
// solution for one of the few byte offsets at which two elements touch (gcd and a modular inverse:
// O(log) steps each), so sizes that differ and offsets that are not multiples of either are
// decided exactly too. Two grids with equal row strides (blocks of one matrix) are decided in
// O(1) pairs of rows: the pair (row i, row i - d) looks the same for every i. Otherwise they are
// compared by walking the rows of the grid with fewer rows and, for each, the few rows of the
// other grid whose address range meets it. Both are bounded (element_overlap_budget steps); past
// the bound the answer is "overlap", undecided, so that the caller refuses: a wrong refusal is an
// error message, a wrong acceptance a data race. Views of rank 3 or more are compared by the
// address ranges their elements reach, conservatively, for the same reason.
//
// Plain host code: it runs once per call, before any kernel.

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Basic steps (rows walked, row pairs compared, residues tried) one comparison may take before it
/// answers "overlap" without deciding (about 1e5: well under a millisecond).
inline constexpr std::int64_t element_overlap_budget = 100000;

/// The elements of a View in bytes: element (i, j) occupies [address + i * row_stride + j *
/// col_stride, ... + bytes) for 0 <= i < rows, 0 <= j < cols. A rank-1 View is one row.
struct ElementGrid {
  std::uintptr_t address = 0;
  std::int64_t rows = 0;
  std::int64_t row_stride = 0;
  std::int64_t cols = 0;
  std::int64_t col_stride = 0;
  std::int64_t bytes = 0;
};

namespace element_overlap {

inline std::int64_t div_floor(std::int64_t a, std::int64_t b) {  // b > 0
  const std::int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

inline std::int64_t div_ceil(std::int64_t a, std::int64_t b) {  // b > 0
  return -div_floor(-a, b);
}

inline std::int64_t mod(std::int64_t a, std::int64_t m) {  // m > 0; result in [0, m)
  const std::int64_t r = a % m;
  return r < 0 ? r + m : r;
}

inline std::int64_t gcd(std::int64_t a, std::int64_t b) {
  while (b != 0) {
    const std::int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/// (a * b) mod m for 0 <= a, b < m < 2^62, by doubling: no 128-bit integers needed (MSVC, nvcc).
inline std::int64_t mul_mod(std::int64_t a, std::int64_t b, std::int64_t m) {
  std::int64_t result = 0;
  while (b > 0) {
    if (b & 1)
      result = (result + a) % m;
    a = (a + a) % m;
    b >>= 1;
  }
  return result;
}

/// The inverse of a modulo m, for gcd(a, m) == 1 and m >= 1.
inline std::int64_t inverse_mod(std::int64_t a, std::int64_t m) {
  std::int64_t old_r = mod(a, m), r = m, old_s = 1, s = 0;
  while (r != 0) {
    const std::int64_t q = old_r / r;
    std::int64_t t = old_r - q * r;
    old_r = r;
    r = t;
    t = old_s - q * s;
    old_s = s;
    s = t;
  }
  return mod(old_s, m);
}

/// True when i * p - j * q == r for some 0 <= i < n, 0 <= j < m (p, q >= 0; n, m >= 1; a zero
/// stride stands for a progression of one term).
inline bool bounded_solution(std::int64_t p, std::int64_t n, std::int64_t q, std::int64_t m,
                             std::int64_t r) {
  if (p == 0 || n == 1) {
    p = 0;
    n = 1;
  }
  if (q == 0 || m == 1) {
    q = 0;
    m = 1;
  }
  if (p == 0 && q == 0)
    return r == 0;
  if (q == 0)
    return r >= 0 && r % p == 0 && r / p < n;
  if (p == 0)
    return r <= 0 && (-r) % q == 0 && (-r) / q < m;
  const std::int64_t g = gcd(p, q);
  if (r % g != 0)
    return false;
  const std::int64_t pg = p / g, qg = q / g;
  // i = i0 + k * qg solves i * pg == r / g (mod qg); i0 is the smallest such i >= 0.
  const std::int64_t i0 = qg == 1 ? 0 : mul_mod(mod(r / g, qg), inverse_mod(pg, qg), qg);
  if (i0 >= n)
    return false;
  // i0 < n, so i0 * p stays within the progression's byte length.
  const std::int64_t j0 = (i0 * p - r) / q;  // exact; j = j0 + k * pg
  const std::int64_t k_lo = std::max<std::int64_t>(0, div_ceil(-j0, pg));
  const std::int64_t k_hi = std::min(div_floor(n - 1 - i0, qg), div_floor(m - 1 - j0, pg));
  return k_lo <= k_hi;
}

/// One row of a grid: `count` elements of `bytes` bytes at start + j * stride (start relative to a
/// common origin, so that differences fit int64).
struct Progression {
  std::int64_t start;
  std::int64_t stride;
  std::int64_t count;
  std::int64_t bytes;
  std::int64_t end() const { return start + (count - 1) * stride + bytes; }
};

/// Exact: do some element of x and some element of y share a byte? Adds its residues to `steps`.
inline bool progressions_meet(const Progression& x, const Progression& y, std::int64_t& steps) {
  if (x.start >= y.end() || y.start >= x.end())
    return false;
  // Elements x_i = x.start + i * x.stride and y_j meet when d = x_i - y_j lies in
  // (-x.bytes, y.bytes). d - (x.start - y.start) = i * p - j * q is a multiple of g = gcd(p, q),
  // so only the offsets t of that residue need solving.
  const std::int64_t p = x.count > 1 ? x.stride : 0;
  const std::int64_t q = y.count > 1 ? y.stride : 0;
  const std::int64_t r0 = x.start - y.start;
  const std::int64_t g = gcd(p, q);
  if (g == 0)
    return -x.bytes < r0 && r0 < y.bytes;
  for (std::int64_t t = -x.bytes + 1 + mod(r0 - (-x.bytes + 1), g); t < y.bytes; t += g) {
    ++steps;
    if (bounded_solution(p, x.count, q, y.count, t - r0))
      return true;
  }
  return false;
}

/// A grid relative to `origin`, with its rows along the larger stride and its columns along the
/// smaller one (so that rows are short address ranges and few rows of another grid meet one), and
/// rows that continue one another merged into one.
struct Rows {
  std::int64_t start;
  std::int64_t count;
  std::int64_t stride;
  Progression row;  // row 0; row i starts at start + i * stride
  std::int64_t length() const { return row.end() - row.start; }
};

inline Rows normalize(const ElementGrid& g, std::uintptr_t origin) {
  std::int64_t n0 = g.rows, s0 = g.row_stride, n1 = g.cols, s1 = g.col_stride;
  if (n0 == 1 || s0 == 0) {  // one distinct row
    n0 = 1;
    s0 = 0;
  }
  if (n1 == 1 || s1 == 0) {
    n1 = 1;
    s1 = 0;
  }
  if (n1 == 1 || (n0 > 1 && s0 < s1)) {
    std::swap(n0, n1);
    std::swap(s0, s1);
  }
  if (n0 > 1 && n1 > 1 && s0 == n1 * s1) {  // contiguous rows: one progression
    n1 *= n0;
    n0 = 1;
    s0 = 0;
  }
  const auto start = static_cast<std::int64_t>(g.address - origin);
  return Rows{start, n0, s0, Progression{start, s1, n1, g.bytes}};
}

/// Rows i in [0, rows.count) whose address range meets [lo, hi): [first, last], empty if first >
/// last.
inline void rows_meeting(const Rows& rows, std::int64_t lo, std::int64_t hi, std::int64_t& first,
                         std::int64_t& last) {
  if (rows.count == 1) {
    first = 0;
    last = (rows.start < hi && rows.start + rows.length() > lo) ? 0 : -1;
    return;
  }
  // start + i * stride < hi  and  start + i * stride + length > lo
  first = std::max<std::int64_t>(0, div_floor(lo - rows.length() - rows.start, rows.stride) + 1);
  last = std::min<std::int64_t>(rows.count - 1, div_ceil(hi - rows.start, rows.stride) - 1);
}

}  // namespace element_overlap

/// Whether some element of `a` shares a byte with some element of `b`: disjoint, shared, or
/// undecided when deciding would take more than `budget` steps (the caller then refuses, saying
/// that it could not decide).
enum class ElementOverlap { disjoint, shared, undecided };

inline ElementOverlap element_grids_relation(const ElementGrid& a, const ElementGrid& b,
                                             std::int64_t budget = element_overlap_budget) {
  using namespace element_overlap;
  constexpr ElementOverlap disjoint = ElementOverlap::disjoint, shared = ElementOverlap::shared,
                           undecided = ElementOverlap::undecided;
  if (a.rows <= 0 || a.cols <= 0 || b.rows <= 0 || b.cols <= 0 || a.bytes <= 0 || b.bytes <= 0)
    return disjoint;
  // Memory spans first, in unsigned address arithmetic: disjoint spans need nothing more, and
  // intersecting ones keep every difference below within int64.
  const auto last_byte = [](const ElementGrid& g) {
    return g.address + static_cast<std::uintptr_t>((g.rows - 1) * g.row_stride +
                                                   (g.cols - 1) * g.col_stride + g.bytes);
  };
  if (a.address >= last_byte(b) || b.address >= last_byte(a))
    return disjoint;
  const std::uintptr_t origin = std::min(a.address, b.address);
  Rows walk = normalize(a, origin), other = normalize(b, origin);
  // One progression whose step is the other grid's row stride (a column of the matrix that the
  // other grid is a block of) is also a grid of one-element rows with that stride: it then takes
  // the equal-strides path below instead of meeting every row of the other grid.
  const auto as_column = [](Rows& rows, const Rows& grid) {
    if (rows.count == 1 && rows.row.count > 1 && grid.count > 1 && rows.row.stride == grid.stride) {
      rows.count = rows.row.count;
      rows.stride = rows.row.stride;
      rows.row.count = 1;
      rows.row.stride = 0;
    }
  };
  as_column(walk, other);
  as_column(other, walk);
  if (walk.count > other.count)
    std::swap(walk, other);
  // Only the rows of `walk` that meet the other grid's span can hold a shared element.
  std::int64_t first = 0, last = -1;
  rows_meeting(walk, other.start, other.start + (other.count - 1) * other.stride + other.length(),
               first, last);
  if (first > last)
    return disjoint;
  std::int64_t steps = 0;
  if (walk.count > 1 && other.count > 1 && walk.stride == other.stride) {
    // Blocks of one matrix: with equal row strides, the pair (row i, row i - d) looks the same for
    // every i, so one pair per row distance d decides, however many rows there are.
    const std::int64_t shift = walk.start - other.start, stride = walk.stride;
    // Row i of walk starts shift + d * stride after row i - d of other; the rows meet when that
    // lies in (-walk.length(), other.length()). Every d in [first - (other.count - 1), last] has
    // such a pair of rows.
    const std::int64_t d_first =
        std::max(first - (other.count - 1), div_floor(-walk.length() - shift, stride) + 1);
    const std::int64_t d_last = std::min(last, div_ceil(other.length() - shift, stride) - 1);
    for (std::int64_t d = d_first; d <= d_last; ++d) {
      Progression row = walk.row, candidate = other.row;
      row.start = shift + d * stride;
      candidate.start = 0;
      if (progressions_meet(row, candidate, steps))
        return shared;
      if (++steps > budget)
        return undecided;
    }
    return disjoint;
  }
  for (std::int64_t i = first; i <= last; ++i) {
    Progression row = walk.row;
    row.start = walk.start + i * walk.stride;
    std::int64_t k_first = 0, k_last = -1;
    rows_meeting(other, row.start, row.end(), k_first, k_last);
    for (std::int64_t k = k_first; k <= k_last; ++k) {
      Progression candidate = other.row;
      candidate.start = other.start + k * other.stride;
      if (progressions_meet(row, candidate, steps))
        return shared;
      if (++steps > budget)
        return undecided;
    }
    if (++steps > budget)
      return undecided;
  }
  return disjoint;
}

/// True when some element of `a` shares a byte with some element of `b`, or when that could not be
/// decided within `budget` steps.
inline bool element_grids_overlap(const ElementGrid& a, const ElementGrid& b,
                                  std::int64_t budget = element_overlap_budget) {
  return element_grids_relation(a, b, budget) != ElementOverlap::disjoint;
}

/// The element grid of a View of rank 1 or 2 (strides in bytes).
template <class ViewType>
ElementGrid element_grid(const ViewType& view) {
  static_assert(ViewType::rank() == 1 || ViewType::rank() == 2, "element_grid: rank 1 or 2");
  constexpr auto bytes = static_cast<std::int64_t>(sizeof(typename ViewType::value_type));
  ElementGrid grid;
  grid.address = reinterpret_cast<std::uintptr_t>(view.data());
  grid.bytes = bytes;
  if constexpr (ViewType::rank() == 1) {
    grid.rows = 1;
    grid.cols = static_cast<std::int64_t>(view.extent(0));
    grid.col_stride = static_cast<std::int64_t>(view.stride(0)) * bytes;
  } else {
    grid.rows = static_cast<std::int64_t>(view.extent(0));
    grid.row_stride = static_cast<std::int64_t>(view.stride(0)) * bytes;
    grid.cols = static_cast<std::int64_t>(view.extent(1));
    grid.col_stride = static_cast<std::int64_t>(view.stride(1)) * bytes;
  }
  return grid;
}

/// One past the last element a non-empty View reaches, counted from its first: exact from the
/// extents and strides. A View's span() can be larger (Kokkos 4.5 gives a strided subview
/// max(extent * stride)), reaching past its allocation into a neighbour's.
template <class ViewType>
std::uint64_t elements_reached(const ViewType& v) {
  std::uint64_t last = 0;
  for (unsigned r = 0; r < ViewType::rank(); ++r)
    last += std::uint64_t(v.extent(r) - 1) * std::uint64_t(v.stride(r));
  return last + 1;
}

/// Whether the two Views share an element (see the top of this file). Views of rank 3 or more:
/// shared when the address ranges their elements reach intersect (conservative).
template <class ViewA, class ViewB>
ElementOverlap views_element_relation(const ViewA& a, const ViewB& b,
                                      std::int64_t budget = element_overlap_budget) {
  if constexpr (ViewA::rank() <= 2 && ViewB::rank() <= 2 && ViewA::rank() >= 1 &&
                ViewB::rank() >= 1) {
    return element_grids_relation(element_grid(a), element_grid(b), budget);
  } else {
    if (a.size() == 0 || b.size() == 0)
      return ElementOverlap::disjoint;
    const auto a_begin = reinterpret_cast<std::uintptr_t>(a.data());
    const auto b_begin = reinterpret_cast<std::uintptr_t>(b.data());
    const auto a_end = a_begin + elements_reached(a) * sizeof(typename ViewA::value_type);
    const auto b_end = b_begin + elements_reached(b) * sizeof(typename ViewB::value_type);
    return a_begin < b_end && b_begin < a_end ? ElementOverlap::shared : ElementOverlap::disjoint;
  }
}

/// True when the two Views share an element, or when that could not be decided.
template <class ViewA, class ViewB>
bool views_share_elements(const ViewA& a, const ViewB& b) {
  return views_element_relation(a, b) != ElementOverlap::disjoint;
}

}  // namespace Impl
}  // namespace KokkosTile
