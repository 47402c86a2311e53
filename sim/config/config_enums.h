// The config's enums, each declared once with its spellings: WARPSIM_CONFIG_ENUM(Name,
// (Enumerator, spelling)...) makes the enum, to_string (its spelling in YAML and reports) and what
// enum_from_name and enum_names read.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "config/field_list.h"

namespace warpsim::config {

// The spellings of enum E, in enumerator order (specialised by WARPSIM_CONFIG_ENUM).
template <typename E>
struct EnumSpellings;

}  // namespace warpsim::config

#define WARPSIM_ENUMERATOR_A(id, spelling) id, WARPSIM_ENUMERATOR_B
#define WARPSIM_ENUMERATOR_B(id, spelling) id, WARPSIM_ENUMERATOR_A
#define WARPSIM_ENUMERATOR_A_END
#define WARPSIM_ENUMERATOR_B_END
#define WARPSIM_SPELLING_A(id, spelling) #spelling, WARPSIM_SPELLING_B
#define WARPSIM_SPELLING_B(id, spelling) #spelling, WARPSIM_SPELLING_A
#define WARPSIM_SPELLING_A_END
#define WARPSIM_SPELLING_B_END

#define WARPSIM_CONFIG_ENUM(Name, values)                                          \
  enum class Name : uint8_t { WARPSIM_SEQ_END(WARPSIM_ENUMERATOR_A values) };      \
  template <>                                                                      \
  struct EnumSpellings<Name> {                                                     \
    static constexpr std::array names{WARPSIM_SEQ_END(WARPSIM_SPELLING_A values)}; \
  };                                                                               \
  inline const char* to_string(Name v) { return EnumSpellings<Name>::names[static_cast<std::size_t>(v)]; }

namespace warpsim::config {

// clang-format off
WARPSIM_CONFIG_ENUM(Generation,
                    (G80, g80)(GT200, gt200)(Fermi, fermi)(Kepler, kepler)(Maxwell, maxwell)(Pascal, pascal)
                    (Volta, volta)(Ampere, ampere)(Ada, ada)(Hopper, hopper)(Toy, toy))
WARPSIM_CONFIG_ENUM(SchedulerPolicy, (Lrr, lrr)(Gto, gto)(Oldest, oldest)(TwoLevel, two_level))
// Coalescing rules of the CUDA C Programming Guide, Appendix G (Volkov 2016 §2.5).
WARPSIM_CONFIG_ENUM(CoalescingRule,
                    (G80, g80)            // strict half-warp: in-order, aligned, one segment per half-warp, else one per thread
                    (GT200, gt200)        // half-warp; 32/64/128-byte segments, shrunk to the smallest covering size
                    (Fermi, fermi)        // whole warp; 128-byte L1 lines
                    (Sector32, sector32)) // whole warp; 32-byte sectors (Kepler/Maxwell with L1 off for global loads, and later)
// What one LSU pass of a warp memory instruction sends (mem::Segment::issue_step): one
// transaction (Volkov Table 6.7's unit), or every transaction of one 128-byte line.
WARPSIM_CONFIG_ENUM(IssueUnit, (Transaction, transaction)(Line, line))
// Where the second instruction of a multi-issue cycle may come from: the same warp (NVIDIA dual
// issue, Volkov §2.9) or another warp (AMD GCN-style issue from different wavefronts).
WARPSIM_CONFIG_ENUM(DualIssue, (SameWarp, same_warp)(AnyWarp, any_warp))
WARPSIM_CONFIG_ENUM(MemoryModelKind, (Fixed, fixed)(Queue, queue)(Dram, dram)(SimGrid, simgrid)(Servers, servers))
// When a DRAM controller closes a row (`dram` model).
WARPSIM_CONFIG_ENUM(PagePolicy,
                    (Open, open)    // a row stays open until its bank needs another row (or refreshes)
                    (Close, close)) // a row closes after an access unless a queued request still hits it (Ramulator "Closed")
// clang-format on

template <typename E>
std::vector<std::string> enum_names() {
  return {EnumSpellings<E>::names.begin(), EnumSpellings<E>::names.end()};
}

template <typename E>
std::optional<E> enum_from_name(const std::string& name) {
  for (std::size_t i = 0; i < EnumSpellings<E>::names.size(); ++i)
    if (name == EnumSpellings<E>::names[i]) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace warpsim::config
