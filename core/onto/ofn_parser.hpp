// The functional-syntax lexer/parser as a class, so that the text-syntax parser can reuse it
// for axioms written in functional syntax (`SubClassOf(:A :B)`) inside its own files.
#pragma once

#include "common/job.hpp"
#include "onto/axiom_tree.hpp"

#include <string>
#include <string_view>
#include <unordered_map>

namespace kbcx::onto {

class OfnParser {
  public:
    OfnParser(std::string_view text, std::string file, Ontology& onto);
    /// Parses Prefix(…) declarations and Ontology(…), adding every axiom to the ontology.
    void document(jobs::JobContext* ctx);
    /// Parses one node (an axiom or an expression) at the current position.
    SNode node();
    /// Lines/columns start here (for axioms embedded in other files).
    void set_position(std::size_t line, std::size_t column_offset) {
        line_ = line;
        line_start_ = 0;
        column_bias_ = column_offset;
        (void)column_bias_;
    }
    bool at_end();
    void add_prefix(const std::string& p, const std::string& iri) { prefixes_[p] = iri; }

  private:
    [[noreturn]] void fail(const std::string& message) const;
    std::uint32_t column() const;
    void skip_space();
    char peek();
    void expect(char c);
    std::string_view word();
    std::string expand(std::string_view pname);
    std::string full_iri();
    void prefix_decl();
    /// One token of a node: a leaf, or the opening `Name(` of an element (sets `opened`).
    SNode token(bool& opened);

    std::string_view text_;
    std::string file_;
    Ontology& onto_;
    std::size_t pos_ = 0, line_ = 1, line_start_ = 0, column_bias_ = 0;
    std::unordered_map<std::string, std::string> prefixes_;
};

} // namespace kbcx::onto
