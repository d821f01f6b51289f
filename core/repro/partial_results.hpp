// Finished parts of a long reproduction kept on disk (DIR/NAME/partial/), so that a run that was
// stopped or killed continues with `kbcx reproduce NAME --resume` instead of starting again.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kbcx::repro {

/// A store of finished units (e.g. one benchmark: generated, trained on, evaluated). Each unit is
/// one text file of records (lines) headed by the settings fingerprint it was computed under;
/// a unit is reused only when resuming and its fingerprint equals the current one. Files are
/// written to a temporary name and renamed, so a unit is either whole or absent.
class PartialResults {
  public:
    /// `folder` = DIR/NAME/partial; `fingerprint` = every setting the results depend on (one line).
    PartialResults(std::string folder, std::string fingerprint, bool resume);

    /// The records of `unit` when resuming and stored under the same fingerprint; nullopt
    /// otherwise (never stored, other settings, unreadable or truncated file).
    std::optional<std::vector<std::string>> load(const std::string& unit);
    /// Stores the records of a finished unit (records must not contain newlines; they are
    /// replaced by spaces). Throws InputError when the folder cannot be written.
    void save(const std::string& unit, const std::vector<std::string>& records) const;

    /// Units load() returned so far, and when each was computed ("unit (2026-11-30 09:12:03 UTC)").
    const std::vector<std::string>& reused() const { return reused_; }
    /// Units found under other settings and therefore computed again.
    const std::vector<std::string>& stale() const { return stale_; }

    /// A double written exactly (hexadecimal float; "nan", "inf" as such) and read back.
    static std::string encode(double x);
    static double decode(const std::string& s);
    /// Splits a record at tabs.
    static std::vector<std::string> fields(const std::string& record);

  private:
    std::string path_of(const std::string& unit) const;
    std::string folder_, fingerprint_;
    bool resume_;
    std::vector<std::string> reused_, stale_;
};

} // namespace kbcx::repro
