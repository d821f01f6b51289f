// A small analyser of the axiom text syntax (names and their kinds, nothing more) and the
// ranking queries built on it: filtered ranks for MRR/Hits and Adm@k with ties shared.
#include "eval/ranking.hpp"

#include "eval/rank.hpp"

#include <algorithm>

namespace kbcx::eval {

const char* kind_name(NameKind kind) {
    switch (kind) {
    case NameKind::Class: return "class";
    case NameKind::Role: return "role";
    case NameKind::Individual: return "individual";
    }
    return "?";
}

namespace {

struct Tok {
    enum Type : std::uint8_t { Word, Open, Close, Comma } type;
    std::size_t begin, end;
};

std::optional<std::vector<Tok>> tokenize(std::string_view s) {
    std::vector<Tok> out;
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == ' ') {
            ++i;
        } else if (c == '(' || c == ')' || c == ',') {
            out.push_back({c == '(' ? Tok::Open : c == ')' ? Tok::Close : Tok::Comma, i, i + 1});
            ++i;
        } else if (c == '<' || c == '\'') {
            const std::size_t close = s.find(c == '<' ? '>' : '\'', i + 1);
            if (close == std::string_view::npos) return std::nullopt;
            out.push_back({Tok::Word, i, close + 1});
            i = close + 1;
        } else {
            std::size_t j = i;
            while (j < s.size() && s[j] != ' ' && s[j] != '(' && s[j] != ')' && s[j] != ',')
                ++j;
            out.push_back({Tok::Word, i, j});
            i = j;
        }
    }
    return out;
}

enum class AxiomType { Property, Class, ClassAssertion, RoleAssertion };

struct Analysis {
    AxiomType type;
    std::vector<NameToken> names;
};

bool is_class_keyword(std::string_view w) {
    return w == "SubClassOf" || w == "EquivalentTo" || w == "DisjointWith" || w == "and" || w == "some" ||
           w == "Thing" || w == "owl:Thing" || w == "Nothing" || w == "owl:Nothing";
}

std::optional<Analysis> analyse(std::string_view s) {
    const auto toks = tokenize(s);
    if (!toks || toks->empty()) return std::nullopt;
    auto word = [&](const Tok& t) { return s.substr(t.begin, t.end - t.begin); };
    bool property = false, class_axiom = false;
    for (const Tok& t : *toks) {
        if (t.type != Tok::Word) continue;
        const std::string_view w = word(t);
        if (w == "SubPropertyOf") property = true;
        if (w == "SubClassOf" || w == "EquivalentTo" || w == "DisjointWith") class_axiom = true;
    }
    Analysis a;
    if (property && !class_axiom) {
        a.type = AxiomType::Property;
        for (const Tok& t : *toks) {
            if (t.type != Tok::Word) return std::nullopt;
            const std::string_view w = word(t);
            if (w == "SubPropertyOf" || w == "o") continue;
            a.names.push_back({NameKind::Role, t.begin, t.end});
        }
        return a;
    }
    if (class_axiom && !property) {
        a.type = AxiomType::Class;
        for (std::size_t i = 0; i < toks->size(); ++i) {
            const Tok& t = (*toks)[i];
            if (t.type == Tok::Comma) return std::nullopt;
            // `W(` only occurs in functional syntax (SubClassOf(A B)); `some (B and C)` is fine
            if (t.type == Tok::Word && i + 1 < toks->size() && (*toks)[i + 1].type == Tok::Open && word(t) != "some" &&
                word(t) != "and")
                return std::nullopt;
            if (t.type != Tok::Word || is_class_keyword(word(t))) continue;
            const bool role =
                i + 1 < toks->size() && (*toks)[i + 1].type == Tok::Word && word((*toks)[i + 1]) == "some";
            a.names.push_back({role ? NameKind::Role : NameKind::Class, t.begin, t.end});
        }
        return a;
    }
    if (property || class_axiom) return std::nullopt;
    // ABox: W ( W )  or  W ( W , W )
    const auto& t = *toks;
    auto is_name = [&](std::size_t i) {
        return t[i].type == Tok::Word && !is_class_keyword(word(t[i])) && word(t[i]) != "SubPropertyOf";
    };
    if (t.size() == 4 && is_name(0) && t[1].type == Tok::Open && is_name(2) && t[3].type == Tok::Close) {
        a.type = AxiomType::ClassAssertion;
        a.names = {{NameKind::Class, t[0].begin, t[0].end}, {NameKind::Individual, t[2].begin, t[2].end}};
        return a;
    }
    if (t.size() == 6 && is_name(0) && t[1].type == Tok::Open && is_name(2) && t[3].type == Tok::Comma && is_name(4) &&
        t[5].type == Tok::Close) {
        a.type = AxiomType::RoleAssertion;
        a.names = {{NameKind::Role, t[0].begin, t[0].end},
                   {NameKind::Individual, t[2].begin, t[2].end},
                   {NameKind::Individual, t[4].begin, t[4].end}};
        return a;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::vector<NameToken>> analyse_axiom(std::string_view normalised) {
    auto a = analyse(normalised);
    if (!a) return std::nullopt;
    return std::move(a->names);
}

std::optional<NameToken> query_slot(std::string_view normalised) {
    const auto a = analyse(normalised);
    if (!a) return std::nullopt;
    const NameKind wanted = a->type == AxiomType::Property        ? NameKind::Role
                            : a->type == AxiomType::RoleAssertion ? NameKind::Individual
                                                                  : NameKind::Class;
    if (a->type == AxiomType::ClassAssertion) return a->names.front();
    for (auto it = a->names.rbegin(); it != a->names.rend(); ++it)
        if (it->kind == wanted) return *it;
    return std::nullopt;
}

std::string substitute(std::string_view axiom, const NameToken& slot, std::string_view name) {
    std::string out;
    out.reserve(axiom.size() + name.size());
    out.append(axiom.substr(0, slot.begin)).append(name).append(axiom.substr(slot.end));
    return out;
}

std::string missing_candidate(const TestSet& tests, const CandidateNames& names, const QueryResult& q) {
    if (q.problem != QueryResult::MissingScore) return {};
    const std::string_view axiom = tests.axioms[q.axiom].axiom;
    const auto slot = query_slot(axiom);
    if (!slot) return {};
    (void)names;
    return substitute(axiom, *slot, q.missing_name);
}

CandidateNames collect_candidates(const TestSet& tests, const Scorer* scorer, jobs::JobContext& ctx) {
    CandidateNames out;
    TextIndex seen[3];
    std::uint64_t done = 0;
    auto add = [&](std::string_view axiom) {
        if ((++done & 0xFFFF) == 0) {
            ctx.throw_if_stopped();
            ctx.report(done, 0, "Collecting candidate names");
        }
        const auto a = analyse(axiom);
        if (!a) return;
        for (const NameToken& n : a->names) {
            auto& list = out.by_kind[static_cast<int>(n.kind)];
            const std::string_view name = axiom.substr(n.begin, n.end - n.begin);
            if (seen[static_cast<int>(n.kind)]
                    .insert(name, static_cast<std::uint32_t>(list.size()), [&](std::uint32_t i) { return list[i]; })
                    .second)
                list.push_back(name);
        }
    };
    for (const TestAxiom& t : tests.axioms)
        add(t.axiom);
    if (scorer) scorer->for_each_axiom(add);
    return out;
}

std::vector<QueryResult> run_queries(const TestSet& tests, std::span<const double> f, const Scorer& scorer,
                                     const CandidateNames& names, std::size_t k, std::span<const std::uint32_t> queries,
                                     jobs::JobContext& ctx) {
    std::vector<QueryResult> out;
    out.reserve(queries.size());

    struct Candidate {
        double score;
        bool contradictory, unknown;
    };
    std::vector<Candidate> cands;
    std::string text;
    for (std::size_t qi = 0; qi < queries.size(); ++qi) {
        if ((qi & 63) == 0) {
            ctx.throw_if_stopped();
            ctx.report(qi, queries.size(), "Ranking queries");
        }
        QueryResult q;
        q.axiom = queries[qi];
        const std::string_view axiom = tests.axioms[q.axiom].axiom;
        const auto slot = query_slot(axiom);
        if (!slot) {
            q.problem = QueryResult::NoSlot;
            out.push_back(q);
            continue;
        }
        q.kind = slot->kind;
        const std::string_view filler = axiom.substr(slot->begin, slot->end - slot->begin);
        const auto& pool = names.by_kind[static_cast<int>(slot->kind)];
        const double own = f[q.axiom];
        cands.clear();
        std::uint64_t better = 0, tied = 0;
        for (std::uint32_t ni = 0; ni < pool.size(); ++ni) {
            if (pool[ni] == filler) {
                cands.push_back({own, false, false});
                continue;
            }
            text.assign(axiom.substr(0, slot->begin)).append(pool[ni]).append(axiom.substr(slot->end));
            const auto s = scorer.score(text);
            if (!s) {
                q.problem = QueryResult::MissingScore;
                q.missing_name = pool[ni];
                break;
            }
            const auto listed = tests.find(text);
            const Status st = listed ? tests.axioms[*listed].status : Status::Undetermined;
            cands.push_back({*s, listed && st == Status::Contradictory, !listed});
            if (listed && st == Status::Entailed) {
                ++q.filtered_out; // another known entailed filler: not ranked against α
                continue;
            }
            if (*s > own)
                ++better;
            else if (*s == own)
                ++tied;
        }
        if (q.problem == QueryResult::Ok) {
            q.candidates = static_cast<std::uint32_t>(cands.size());
            q.rank = tie_averaged_rank(static_cast<double>(better), static_cast<double>(tied));
            const std::size_t kk = std::min(k, cands.size());
            if (kk > 0) {
                std::nth_element(cands.begin(), cands.begin() + static_cast<std::ptrdiff_t>(kk - 1), cands.end(),
                                 [](const Candidate& x, const Candidate& y) { return x.score > y.score; });
                const double v = cands[kk - 1].score;
                double above = 0, above_ok = 0, above_unknown = 0, eq = 0, eq_ok = 0, eq_unknown = 0;
                for (const Candidate& c : cands) {
                    if (c.score > v)
                        above += 1, above_ok += !c.contradictory, above_unknown += c.unknown;
                    else if (c.score == v)
                        eq += 1, eq_ok += !c.contradictory, eq_unknown += c.unknown;
                }
                const double take = static_cast<double>(kk) - above; // places left for the tied group
                q.admissible = (above_ok + take * eq_ok / eq) / static_cast<double>(kk);
                q.unknown_in_top_k = above_unknown + take * eq_unknown / eq;
            }
        }
        out.push_back(q);
    }
    ctx.report(queries.size(), queries.size(), "Ranking queries", true);
    return out;
}

} // namespace kbcx::eval
