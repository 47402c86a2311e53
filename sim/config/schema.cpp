#include "config/schema.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <type_traits>

#include "common/text.h"
#include "config/config_enums.h"

namespace warpsim::config {
namespace {

constexpr double kNoMax = std::numeric_limits<double>::max();

// Accessors return a reference to the member a field binds.
template <typename T>
using Ref = std::function<T&(HwConfig&)>;

// A section's label (alu: "CUDA cores") or an instruction class's name put in a description.
std::string labelled(const char* description, const std::string& label) {
  std::string out(description);
  if (const auto at = out.find("{}"); at != std::string::npos) out.replace(at, 2, label);
  return out;
}

template <typename V>
std::string out_of_range(V v, double min, double max) {
  return fmt::format("value {} out of range [{}, {}]", v, min, max == kNoMax ? std::string("inf") : fmt::format("{}", max));
}

// The spec of a field as its row declares it (config/field_list.h), without set and get.
FieldSpec spec(std::string key, const FieldInfo& info, std::string description) {
  return FieldSpec{std::move(key), FieldType::Int, info.unit, std::move(description), info.required, info.min, info.max, {}, {}, {}};
}

void bind(FieldSpec& f, Ref<int> ref) {
  f.type = FieldType::Int;
  f.set = [ref, min = f.min, max = f.max](HwConfig& c, const std::string& text) -> std::string {
    auto v = parse_int(text);
    if (!v) return fmt::format("expected an integer, found '{}'", text);
    if (*v < min || *v > max) return out_of_range(*v, min, max);
    ref(c) = static_cast<int>(*v);
    return "";
  };
  f.get = [ref](const HwConfig& c) { return fmt::format("{}", ref(const_cast<HwConfig&>(c))); };
}

void bind(FieldSpec& f, Ref<double> ref) {
  f.type = FieldType::Double;
  f.set = [ref, min = f.min, max = f.max](HwConfig& c, const std::string& text) -> std::string {
    auto v = parse_double(text);
    if (!v) return fmt::format("expected a number, found '{}'", text);
    if (*v < min || *v > max) return out_of_range(*v, min, max);
    ref(c) = *v;
    return "";
  };
  f.get = [ref](const HwConfig& c) { return fmt::format("{}", ref(const_cast<HwConfig&>(c))); };
}

void bind(FieldSpec& f, Ref<bool> ref) {
  f.type = FieldType::Bool;
  f.set = [ref](HwConfig& c, const std::string& text) -> std::string {
    if (text == "true")
      ref(c) = true;
    else if (text == "false")
      ref(c) = false;
    else
      return fmt::format("expected true or false, found '{}'", text);
    return "";
  };
  f.get = [ref](const HwConfig& c) { return std::string(ref(const_cast<HwConfig&>(c)) ? "true" : "false"); };
}

void bind(FieldSpec& f, Ref<std::string> ref) {
  f.type = FieldType::String;
  f.set = [ref](HwConfig& c, const std::string& text) -> std::string {
    if (text.empty()) return "expected a non-empty string";
    ref(c) = text;
    return "";
  };
  f.get = [ref](const HwConfig& c) { return ref(const_cast<HwConfig&>(c)); };
}

template <typename E>
requires std::is_enum_v<E>
void bind(FieldSpec& f, Ref<E> ref) {
  f.type = FieldType::Choice;
  f.choices = enum_names<E>();
  f.set = [ref](HwConfig& c, const std::string& text) -> std::string {
    auto v = enum_from_name<E>(text);
    if (!v) return fmt::format("unknown '{}'", text);  // the loader appends the valid names
    ref(c) = *v;
    return "";
  };
  f.get = [ref](const HwConfig& c) { return std::string(to_string(ref(const_cast<HwConfig&>(c)))); };
}

// A struct with a field list (config/field_list.h), bound key by key under its name.
template <typename T>
concept Section = requires {
  T::for_each_field([](const FieldInfo&, auto) {});
};

template <typename M>
struct MemberType;
template <typename T, typename S>
struct MemberType<T S::*> {
  using type = T;
};

// Appends the fields of the section that `at` finds in a HwConfig, their keys under `prefix`, in
// the order its field list gives them.
template <Section S, typename At>
void bind_section(std::vector<FieldSpec>& schema, const std::string& prefix, const std::string& label, At at) {
  S::for_each_field([&](const FieldInfo& info, auto member) {
    using T = typename MemberType<decltype(member)>::type;
    const std::string key = prefix + info.name;
    const auto field = [at, member](HwConfig& c) -> T& { return at(c).*member; };
    if constexpr (Section<T>) {
      bind_section<T>(schema, key + ".", info.description, field);
    } else if constexpr (std::is_same_v<T, PerOpClass>) {
      for (int i = 0; i < isa::kOpClassCount; ++i) {
        const std::string cls(isa::to_string(static_cast<isa::OpClass>(i)));
        schema.push_back(spec(key + "." + cls, info, labelled(info.description, cls)));
        bind(schema.back(), Ref<int>([field, i](HwConfig& c) -> int& { return field(c)[i]; }));
      }
    } else {
      schema.push_back(spec(key, info, labelled(info.description, label)));
      bind(schema.back(), Ref<T>(field));
    }
  });
}

std::vector<FieldSpec> build_schema() {
  std::vector<FieldSpec> s;
  bind_section<HwConfig>(s, "", "", [](HwConfig& c) -> HwConfig& { return c; });
  return s;
}

}  // namespace

const std::vector<FieldSpec>& hw_schema() {
  static const std::vector<FieldSpec> schema = build_schema();
  return schema;
}

const FieldSpec* find_field(const std::string& key) {
  for (const auto& f : hw_schema())
    if (f.key == key) return &f;
  return nullptr;
}

bool is_section(const std::string& key) {
  const std::string prefix = key + ".";
  return std::any_of(hw_schema().begin(), hw_schema().end(), [&](const FieldSpec& f) { return f.key.starts_with(prefix); });
}

std::string suggest_key(const std::string& key) {
  std::string best;
  size_t best_d = std::max<size_t>(3, key.size() / 4) + 1;
  for (const auto& f : hw_schema()) {
    // Compare with the key and with each of its sections.
    size_t d = edit_distance(key, f.key, best_d);
    if (d < best_d) best_d = d, best = f.key;
  }
  return best;
}

std::string expected_text(const FieldSpec& f) {
  auto range = [&](const char* what) {
    // Every finite bound is said, large ones too: an error quoting the range must agree with it.
    if (f.max == kNoMax) return fmt::format("{} >= {}", what, f.min);
    return fmt::format("{} in [{}, {}]", what, f.min, f.max);
  };
  switch (f.type) {
    case FieldType::Int:
      return range("integer");
    case FieldType::Double:
      return range("number");
    case FieldType::Bool:
      return "true or false";
    case FieldType::String:
      return "string";
    case FieldType::Choice:
      return "one of: " + join(f.choices, ", ");
  }
  return "";
}

}  // namespace warpsim::config
