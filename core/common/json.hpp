// A minimal streaming JSON writer for `--json` output, params.json and metrics.jsonl:
// correct string escaping, shortest round-trip numbers, null for NaN/infinity.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx {

class JsonWriter {
  public:
    explicit JsonWriter(bool pretty = false) : pretty_(pretty) {}

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    /// Starts a member of the current object; follow it with one value.
    JsonWriter& key(std::string_view name);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    JsonWriter& value(double number);
    JsonWriter& value(std::int64_t number);
    JsonWriter& value(std::uint64_t number);
    JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
    JsonWriter& value(bool flag);
    JsonWriter& null();
    template <class T> JsonWriter& field(std::string_view name, const T& v) {
        key(name);
        return value(v);
    }

    const std::string& str() const { return out_; }

    static std::string escape(std::string_view text);

  private:
    void before_value();
    void newline();
    std::string out_;
    bool pretty_;
    std::vector<bool> first_; // per open container: no member written yet
    bool after_key_ = false;
};

} // namespace kbcx
