// Each config field is declared once: a section struct lists its fields in WARPSIM_FIELDS, one row
// per field, and everything else about the field (the member, its default, the YAML key, the
// checks, `warpsim list params`) is generated from that row.
//
//   struct SmConfig {
//     WARPSIM_FIELDS(SmConfig,
//       (int, max_warps, 64, "warps", 1, 4096, kRequired, "resident warps per SM")
//       WARPSIM_SECTION(SubConfig, sub, "label"))
//   };
//
// A row is (type, name, default, unit, min, max, required, description): `type name = default;`
// is declared, and the static `for_each_field(visit)` calls visit(FieldInfo, &Struct::name) for
// each row in order; the schema (schema.cpp) is those visits. min and max bound a number, both
// ends included (0, 0 for other types). A description's "{}" stands for its section's label (alu:
// "CUDA cores") or, in a field holding one value per instruction class, for the class's name.
// WARPSIM_SECTION nests a section struct under `name`, its keys `name.*`, with the label.
//
// Rows are a sequence `(...)(...)`, walked by two macros that call each other (_A and _B, as a
// macro cannot expand itself); WARPSIM_SEQ_END drops the name the walk ends on. Rows may carry
// `//` comments: they are not inside a #define.
#pragma once

namespace warpsim::config {

inline constexpr bool kRequired = true;
inline constexpr bool kOptional = false;

// What a row says of its field besides its type and default.
struct FieldInfo {
  const char* name;  // the key within its section
  const char* unit;  // "" for counts and non-numbers
  double min;
  double max;
  bool required;
  const char* description;  // a section's: its label
};

}  // namespace warpsim::config

#define WARPSIM_SEQ_END(...) WARPSIM_SEQ_END_(__VA_ARGS__)
#define WARPSIM_SEQ_END_(...) __VA_ARGS__##_END

#define WARPSIM_SECTION(Type, name, label) (Type, name, {}, "", 0, 0, ::warpsim::config::kOptional, label)

#define WARPSIM_FIELD_MEMBER(type, name, init, unit, lo, hi, required, description) type name = init;
#define WARPSIM_FIELD_MEMBER_A(...) WARPSIM_FIELD_MEMBER(__VA_ARGS__) WARPSIM_FIELD_MEMBER_B
#define WARPSIM_FIELD_MEMBER_B(...) WARPSIM_FIELD_MEMBER(__VA_ARGS__) WARPSIM_FIELD_MEMBER_A
#define WARPSIM_FIELD_MEMBER_A_END
#define WARPSIM_FIELD_MEMBER_B_END

#define WARPSIM_FIELD_VISIT(type, name, init, unit, lo, hi, required, description) \
  visit(::warpsim::config::FieldInfo{#name, unit, lo, hi, required, description}, &Self::name);
#define WARPSIM_FIELD_VISIT_A(...) WARPSIM_FIELD_VISIT(__VA_ARGS__) WARPSIM_FIELD_VISIT_B
#define WARPSIM_FIELD_VISIT_B(...) WARPSIM_FIELD_VISIT(__VA_ARGS__) WARPSIM_FIELD_VISIT_A
#define WARPSIM_FIELD_VISIT_A_END
#define WARPSIM_FIELD_VISIT_B_END

#define WARPSIM_FIELDS(Struct, rows)            \
  WARPSIM_SEQ_END(WARPSIM_FIELD_MEMBER_A rows)  \
  template <typename Visitor>                   \
  static void for_each_field(Visitor&& visit) { \
    using Self = Struct;                        \
    WARPSIM_SEQ_END(WARPSIM_FIELD_VISIT_A rows) \
  }
