// Implementation of the Partition and Teach jobs: StatusChecker for statuses and proofs (under
// the analysis lock), RelativeCounter on a clone of the EL part for P(α|O).
#include "ui/ontology/onto_jobs.hpp"

#include "common/error.hpp"
#include "ui/ontology/core_onto.hpp"

#include <array>
#include <chrono>
#include <cmath>
#include <optional>

namespace kbcx::ui {

namespace {

double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

const char* axiomForm(const onto::Axiom& ax) {
    switch (ax.kind) {
    case onto::AxiomKind::ClassAssertion: return "CA";
    case onto::AxiomKind::ObjectPropertyAssertion: return "RA";
    default: return "TBox";
    }
}

/// The note of a candidate with fresh individuals ("fresh individual 'bob'", …), or empty. A fresh
/// individual has no label, so its short name is the name as typed.
QString freshNote(const reason::StatusResult& r, const onto::Ontology& o) {
    QStringList parts;
    for (onto::IndividualName a : r.fresh_individuals)
        parts << QObject::tr("fresh individual '%1'").arg(qs(onto::TextWriter(o, NameStyle::Short).individual_name(a)));
    return parts.join(QStringLiteral(", "));
}

/// Candidates are checked against the ontology's class and property names (an unknown one is a
/// typo), while a new individual name is a fresh individual.
onto::TextParseOptions candidateOptions() {
    onto::TextParseOptions opt;
    opt.allow_new_names = false;
    opt.allow_new_individuals = true;
    return opt;
}

constexpr NameStyle kStyles[] = {NameStyle::Label, NameStyle::Short, NameStyle::Iri};

/// Writers of one ontology in every style, built once per job (a label writer indexes labels).
class StyledWriters {
  public:
    explicit StyledWriters(const onto::Ontology& o) {
        for (NameStyle s : kStyles)
            w_[static_cast<std::size_t>(s)].emplace(o, s);
    }
    /// Fills row.axiomIn from `ax` and row.proofIn from the checker's every-style proofs.
    void fill(CandidateRow& row, const onto::Axiom& ax, const reason::StatusResult* r) const {
        for (std::size_t s = 0; s < w_.size(); ++s) {
            const std::string text = w_[s]->axiom(ax);
            // an axiom written as several lines (a 3-way equivalence) stays as typed
            row.axiomIn[s] = text.find('\n') == std::string::npos ? qs(text) : QString();
            if (!r) continue;
            row.proofIn[s].clear();
            for (const auto& l : r->proof_by_style[s])
                row.proofIn[s] << qs(l);
        }
    }

  private:
    std::array<std::optional<onto::TextWriter>, 3> w_;
};

} // namespace

QString shownAxiom(const CandidateRow& row) {
    const QString& s = row.axiomIn[currentStyleIndex()];
    return s.isEmpty() ? row.axiom : s;
}

QStringList shownProof(const CandidateRow& row) {
    const QStringList& p = row.proofIn[currentStyleIndex()];
    if (!p.isEmpty() || row.proof.empty()) return p;
    QStringList lines;
    for (const auto& l : row.proof)
        lines << qs(l);
    return lines;
}

PValue toPValue(const count::Probability& p) {
    PValue v;
    v.verdict = p.verdict;
    if (p.verdict == count::Verdict::Undefined || p.verdict == count::Verdict::BudgetExceeded) {
        v.error = QString::fromLatin1(count::verdict_name(p.verdict)) +
                  (p.reason.empty() ? QString() : QStringLiteral(": ") + qs(p.reason));
        return v;
    }
    v.computed = true;
    v.fraction = qs(p.fraction());
    v.decimalText = qs(p.decimal());
    v.decimal = v.decimalText.toDouble();
    if (!p.reason.empty()) v.error = qs(p.reason);
    return v;
}

QString countDisagreement(const CandidateRow& row, unsigned domain) {
    if (!row.p.computed || !row.error.isEmpty()) return {};
    const auto v = row.p.verdict;
    const QString d = QString::number(domain);
    switch (row.status) {
    case reason::Status::Entailed:
        if (v != count::Verdict::Entailed)
            return QObject::tr("P = %1 < 1 over |Δ| = %2, but the reasoner says entailed").arg(row.p.fraction, d);
        break;
    case reason::Status::Undetermined:
        if (v == count::Verdict::Entailed)
            return QObject::tr("P = 1 over |Δ| = %1, but the reasoner says undetermined: every Herbrand model over "
                               "this domain satisfies α (the domain is too small to separate them)")
                .arg(d);
        if (v == count::Verdict::Contradictory)
            return QObject::tr("P = 0 over |Δ| = %1, but the reasoner says undetermined: no Herbrand model over this "
                               "domain satisfies α")
                .arg(d);
        break;
    case reason::Status::Contradictory:
        if (v != count::Verdict::Contradictory) {
            if (row.reading == reason::Reading::Incoherence)
                return QObject::tr("P = %1 > 0: contradictory only under the incoherence reading (α makes a class "
                                   "empty; Herbrand models of O ∪ {α} over |Δ| = %2 still exist)")
                    .arg(row.p.fraction, d);
            return QObject::tr("P = %1 > 0 over |Δ| = %2, but the reasoner says contradictory").arg(row.p.fraction, d);
        }
        break;
    }
    return {};
}

SampleJobResult runSampleJob(const OntologyPtr& data, const reason::SampleParams& params, jobs::JobContext& ctx) {
    OntologyAnalysis& an = *data->analysis;
    std::lock_guard lock(an.mutex);
    if (!an.checker)
        throw InputError(data->load.path, "the ontology is inconsistent: every axiom follows from it, so statuses are "
                                          "refused");
    const reason::SampleResult r = reason::sample(*an.checker, params, ctx);
    const StyledWriters writers(an.onto);
    onto::TextParseOptions opt;
    opt.allow_new_names = false;
    onto::TextParser parser(an.onto, "sample", opt);
    SampleJobResult out;
    out.reading = r.reading;
    out.nf = QString::fromStdString(params.nf);
    out.attempts = r.attempts;
    for (int i = 0; i < 3; ++i)
        out.counts[i] = r.counts[i];
    for (const auto& n : r.notes)
        out.notes << qs(n);
    out.rows.reserve(r.items.size());
    for (std::size_t i = 0; i < r.items.size(); ++i) {
        ctx.throw_if_stopped();
        ctx.report(i, r.items.size(), "Proofs");
        const reason::SampleItem& it = r.items[i];
        CandidateRow row;
        row.status = it.status;
        row.reading = r.reading;
        row.nf = qs(it.nf);
        row.axiom = qs(it.axiom);
        const onto::Axiom ax = parser.parse_axiom(it.axiom);
        if (it.status != reason::Status::Undetermined) {
            const reason::StatusResult sr = an.checker->check(ax, r.reading, true);
            row.proof = sr.proof;
            writers.fill(row, ax, &sr);
            if (sr.status != it.status)
                row.error = QObject::tr("re-check gave %1").arg(QString::fromLatin1(reason::status_name(sr.status)));
        } else {
            writers.fill(row, ax, nullptr);
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

std::vector<CandidateRow> runCheckJob(const OntologyPtr& data, const QStringList& axioms,
                                      std::optional<reason::Reading> reading, jobs::JobContext& ctx) {
    OntologyAnalysis& an = *data->analysis;
    std::lock_guard lock(an.mutex);
    if (!an.checker) throw InputError(data->load.path, "the ontology is inconsistent: statuses are refused");
    const onto::TextParseOptions opt = candidateOptions();
    onto::TextParser parser(an.onto, "query", opt);
    const StyledWriters writers(an.onto);
    std::vector<CandidateRow> rows;
    for (int i = 0; i < axioms.size(); ++i) {
        ctx.throw_if_stopped();
        CandidateRow row;
        row.axiom = axioms[i].trimmed();
        row.nf = QStringLiteral("query");
        try {
            const onto::Axiom ax = parser.parse_axiom(row.axiom.toStdString(), static_cast<std::size_t>(i + 1));
            row.nf = QString::fromLatin1(axiomForm(ax));
            const reason::StatusResult r = an.checker->check(ax, reading, true);
            row.status = r.status;
            row.reading = r.reading;
            row.proof = r.proof;
            row.note = freshNote(r, an.onto);
            writers.fill(row, ax, &r);
        } catch (const InputError& e) {
            throw InputError("query", 1, e.column(), e.message() + " (in '" + row.axiom.toStdString() + "')");
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

CountJobResult runCountJob(const OntologyPtr& data, const QStringList& axioms, unsigned domain, jobs::JobContext& ctx) {
    const auto t = std::chrono::steady_clock::now();
    const onto::ElFilterReport el = onto::el_filter(*data->original);
    onto::Ontology o = cloneOntology(*data->original, &el.keep);
    count::RelativeCountOptions ro;
    ro.domain = domain;
    ro.source = data->load.path;
    count::RelativeCounter rc(o, ro);
    ctx.report(0, static_cast<std::uint64_t>(axioms.size()), "Counting #(O)", true);
    const count::OntologyCount oc = rc.count_ontology(&ctx);
    CountJobResult out;
    out.domain = domain;
    out.models = oc.status == count::CountStatus::Exact ? qs(oc.models.str()) : qs("(" + oc.reason + ")");
    out.atoms = oc.atoms;
    out.clauses = oc.clauses;
    const onto::TextParseOptions opt = candidateOptions();
    onto::TextParser parser(o, "candidate", opt);
    for (int i = 0; i < axioms.size(); ++i) {
        ctx.throw_if_stopped();
        ctx.report(static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(axioms.size()), "P(α|O)");
        PValue v;
        try {
            const onto::Axiom ax = parser.parse_axiom(axioms[i].toStdString(), static_cast<std::size_t>(i + 1));
            v = toPValue(rc.probability(ax, &ctx));
        } catch (const InputError& e) {
            v.error = qs(e.message());
        }
        out.values.push_back(std::move(v));
    }
    out.seconds = since(t);
    return out;
}

TeachJobResult runTeachJob(const std::string& text, const QStringList& candidates, unsigned domain,
                           jobs::JobContext& ctx) {
    TeachJobResult out;
    out.domain = domain;
    onto::Ontology o = onto::read_text(text, "editor");
    out.classes = o.sig.concepts.size();
    out.roles = o.sig.roles.size();
    out.individuals = o.sig.individuals.size();
    out.axioms = o.axioms.size();
    onto::Ontology forCount = cloneOntology(o);
    ctx.throw_if_stopped();
    reason::StatusChecker checker(o, ctx);
    checker.set_proofs_in_every_style(true);

    std::optional<count::RelativeCounter> rc;
    try {
        count::RelativeCountOptions ro;
        ro.domain = domain;
        ro.source = "editor";
        rc.emplace(forCount, ro);
        const count::OntologyCount oc = rc->count_ontology(&ctx);
        out.models = oc.status == count::CountStatus::Exact ? qs(oc.models.str()) : QString();
        if (oc.status != count::CountStatus::Exact) out.countError = qs(oc.reason);
    } catch (const InputError& e) {
        out.countError = qs(e.message());
        rc.reset();
    }

    const onto::TextParseOptions opt = candidateOptions();
    onto::TextParser statusParser(o, "candidate", opt);
    onto::TextParser countParser(forCount, "candidate", opt);
    const StyledWriters writers(o);
    for (int i = 0; i < candidates.size(); ++i) {
        ctx.throw_if_stopped();
        CandidateRow row;
        row.axiom = candidates[i].trimmed();
        if (row.axiom.isEmpty()) {
            out.rows.push_back(std::move(row)); // keeps rows aligned with the editable list
            continue;
        }
        try {
            const onto::Axiom ax = statusParser.parse_axiom(row.axiom.toStdString(), static_cast<std::size_t>(i + 1));
            row.nf = QString::fromLatin1(axiomForm(ax));
            const reason::StatusResult r = checker.check(ax, std::nullopt, true);
            row.status = r.status;
            row.reading = r.reading;
            row.proof = r.proof;
            row.note = freshNote(r, o);
            writers.fill(row, ax, &r);
        } catch (const InputError& e) {
            row.error = qs(e.message());
            out.rows.push_back(std::move(row));
            continue;
        }
        if (rc) {
            try {
                const onto::Axiom ax =
                    countParser.parse_axiom(row.axiom.toStdString(), static_cast<std::size_t>(i + 1));
                row.p = toPValue(rc->probability(ax, &ctx));
            } catch (const InputError& e) {
                row.p.error = qs(e.message());
            }
        } else {
            row.p.error = out.countError;
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

} // namespace kbcx::ui
