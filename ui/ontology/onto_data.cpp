// The ontology load job of the GUI: read (any format core sniffs), summarise, normalise and
// classify, then snapshot the asserted and inferred hierarchies as plain data for the views.
#include "ui/ontology/onto_data.hpp"

#include "ui/common/app_settings.hpp"

#include "common/error.hpp"
#include "ui/ontology/core_onto.hpp"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <unordered_map>

namespace kbcx::ui {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

/// A class name for the tree: the text syntax's name without the default prefix's ':'.
QString displayName(const std::string& s) {
    if (s.size() > 1 && s[0] == ':') return QString::fromStdString(s.substr(1));
    // a label as the text syntax quotes it: shown without the quotes, as Protégé does
    if (s.size() > 1 && (s[0] == '\'' || s[0] == '"') && s.back() == s[0])
        return QString::fromStdString(s.substr(1, s.size() - 2));
    return QString::fromStdString(s);
}

/// TextWriters of one ontology in every NameStyle.
class StyledWriters {
  public:
    explicit StyledWriters(const onto::Ontology& o) {
        for (NameStyle s : {NameStyle::Label, NameStyle::Short, NameStyle::Iri})
            w_[static_cast<std::size_t>(s)].emplace(o, s);
    }
    const onto::TextWriter& in(NameStyle s) const { return *w_[static_cast<std::size_t>(s)]; }
    StyledText conceptNames(onto::ConceptName c) const {
        StyledText out;
        for (std::size_t k = 0; k < w_.size(); ++k)
            out[k] = displayName(w_[k]->concept_name(c));
        return out;
    }

  private:
    std::array<std::optional<onto::TextWriter>, 3> w_;
};

void copyInterner(const kg::Interner& from, kg::Interner& to) {
    to.reserve(from.size());
    for (std::size_t i = 0; i < from.size(); ++i)
        to.intern(from.name(static_cast<kg::Id>(i)));
}

/// Named conjuncts of an expression (the expression itself when it is a name).
void namedConjuncts(const onto::ConceptPool& pool, onto::ExprId e, std::vector<onto::ConceptName>& out) {
    const onto::ConceptExpr& x = pool.get(e);
    if (x.kind == onto::ConceptKind::Named)
        out.push_back(x.name);
    else if (x.kind == onto::ConceptKind::And)
        for (onto::ExprId a : x.args)
            namedConjuncts(pool, a, out);
}

/// Sorts children by display name and drops edges that would close a cycle (DFS back edges),
/// so that the lazy tree over the DAG is finite.
void finishSnapshot(HierarchySnapshot& h) {
    const std::size_t n = h.nodes.size();
    for (auto& node : h.nodes) {
        std::sort(node.children.begin(), node.children.end());
        node.children.erase(std::unique(node.children.begin(), node.children.end()), node.children.end());
    }
    // Iterative DFS from Thing: 0 = unseen, 1 = on the stack, 2 = done.
    std::vector<char> state(n, 0);
    std::vector<std::pair<int, std::size_t>> stack{{0, 0}};
    state[0] = 1;
    while (!stack.empty()) {
        auto& [v, next] = stack.back();
        auto& kids = h.nodes[static_cast<std::size_t>(v)].children;
        if (next >= kids.size()) {
            state[static_cast<std::size_t>(v)] = 2;
            stack.pop_back();
            continue;
        }
        const int w = kids[next];
        if (state[static_cast<std::size_t>(w)] == 1) {
            kids.erase(kids.begin() + static_cast<std::ptrdiff_t>(next)); // back edge
            continue;
        }
        ++next;
        if (state[static_cast<std::size_t>(w)] == 0) {
            state[static_cast<std::size_t>(w)] = 1;
            stack.emplace_back(w, 0);
        }
    }
    h.edges = 0;
    for (std::size_t i = 0; i < n; ++i) {
        auto& kids = h.nodes[i].children;
        std::sort(kids.begin(), kids.end(), [&h](int a, int b) {
            // sorted by the default style's names, whatever View → Names shows
            constexpr auto k = static_cast<std::size_t>(kDefaultNameStyle);
            const int c = QString::compare(h.nodes[static_cast<std::size_t>(a)].names[k],
                                           h.nodes[static_cast<std::size_t>(b)].names[k], Qt::CaseInsensitive);
            return c != 0 ? c < 0 : a < b;
        });
        if (i >= 2) h.edges += kids.size();
    }
}

HierarchySnapshot makeRoots() {
    HierarchySnapshot h;
    HierarchyNode thing;
    thing.names.fill(QStringLiteral("owl:Thing"));
    thing.iri = QString::fromLatin1(onto::kOwlThing);
    HierarchyNode nothing;
    nothing.names.fill(QStringLiteral("owl:Nothing"));
    nothing.iri = QString::fromLatin1(onto::kOwlNothing);
    h.nodes.push_back(thing);
    h.nodes.push_back(nothing);
    return h;
}

HierarchySnapshot assertedHierarchy(const onto::Ontology& o, const StyledWriters& w) {
    HierarchySnapshot h = makeRoots();
    const std::size_t classes = o.sig.concepts.size();
    for (std::size_t c = 0; c < classes; ++c) {
        HierarchyNode node;
        node.conceptId = static_cast<onto::ConceptName>(c);
        node.names = w.conceptNames(node.conceptId);
        node.iri = qs(o.sig.concepts.name(node.conceptId));
        h.nodes.push_back(std::move(node));
    }
    std::vector<char> hasParent(classes, 0);
    auto edge = [&](onto::ConceptName parent, onto::ConceptName child) {
        if (parent == child) return;
        h.nodes[parent + 2].children.push_back(static_cast<int>(child + 2));
        hasParent[child] = 1;
    };
    std::vector<onto::ConceptName> supers;
    for (const onto::Axiom& ax : o.axioms) {
        if (ax.kind == onto::AxiomKind::SubClassOf && ax.concepts.size() == 2) {
            const onto::ConceptExpr& sub = o.pool.get(ax.concepts[0]);
            if (sub.kind != onto::ConceptKind::Named) continue;
            supers.clear();
            namedConjuncts(o.pool, ax.concepts[1], supers);
            for (auto s : supers)
                edge(s, sub.name);
        } else if (ax.kind == onto::AxiomKind::EquivalentClasses) {
            // A ≡ B ⊓ ∃r.C: B is an asserted parent of A (as Protégé shows it); A ≡ B between
            // names is an equivalence, not an edge.
            for (onto::ExprId a : ax.concepts) {
                const onto::ConceptExpr& x = o.pool.get(a);
                if (x.kind != onto::ConceptKind::Named) continue;
                for (onto::ExprId b : ax.concepts) {
                    if (b == a || o.pool.get(b).kind != onto::ConceptKind::And) continue;
                    supers.clear();
                    namedConjuncts(o.pool, b, supers);
                    for (auto s : supers)
                        edge(s, x.name);
                }
            }
        }
    }
    for (std::size_t c = 0; c < classes; ++c)
        if (!hasParent[c]) h.nodes[0].children.push_back(static_cast<int>(c + 2));
    finishSnapshot(h);
    // A class whose only parents were dropped as back edges must stay reachable.
    std::vector<char> reached(h.nodes.size(), 0);
    std::vector<int> todo{0};
    reached[0] = 1;
    while (!todo.empty()) {
        const int v = todo.back();
        todo.pop_back();
        for (int k : h.nodes[static_cast<std::size_t>(v)].children)
            if (!reached[static_cast<std::size_t>(k)]) {
                reached[static_cast<std::size_t>(k)] = 1;
                todo.push_back(k);
            }
    }
    bool added = false;
    for (std::size_t i = 2; i < h.nodes.size(); ++i)
        if (!reached[i]) {
            h.nodes[0].children.push_back(static_cast<int>(i));
            added = true;
        }
    if (added) finishSnapshot(h);
    return h;
}

HierarchySnapshot inferredHierarchy(const onto::Ontology& o, const reason::ClassifyResult& r, const StyledWriters& w) {
    HierarchySnapshot h = makeRoots();
    const reason::Taxonomy& t = r.taxonomy;
    std::vector<int> nodeOf(r.named_end, -1);
    for (onto::ConceptName c = 0; c < r.named_end; ++c) {
        const bool unsat = t.unsatisfiable[c] != 0;
        if (!unsat && t.representative[c] != c) continue;
        HierarchyNode node;
        node.conceptId = c;
        node.names = w.conceptNames(c);
        node.iri = qs(o.sig.concepts.name(c));
        node.unsatisfiable = unsat;
        if (!unsat)
            for (onto::ConceptName e : t.equivalents[c])
                if (e != c) {
                    const StyledText names = w.conceptNames(e);
                    for (std::size_t k = 0; k < names.size(); ++k)
                        node.equivalents[k] << names[k];
                }
        nodeOf[c] = static_cast<int>(h.nodes.size());
        h.nodes.push_back(std::move(node));
    }
    for (onto::ConceptName c = 0; c < r.named_end; ++c) {
        if (nodeOf[c] < 0) continue;
        if (t.unsatisfiable[c]) {
            h.nodes[1].children.push_back(nodeOf[c]);
            continue;
        }
        if (t.direct_parents[c].empty()) h.nodes[0].children.push_back(nodeOf[c]);
        for (onto::ConceptName p : t.direct_parents[c])
            h.nodes[static_cast<std::size_t>(nodeOf[p])].children.push_back(nodeOf[c]);
    }
    finishSnapshot(h);
    // owl:Nothing is shown under owl:Thing only when it has members, as Protégé does.
    return h;
}

} // namespace

onto::Ontology cloneOntology(const onto::Ontology& o, const std::vector<char>* keep) {
    onto::Ontology c;
    c.iri = o.iri;
    c.source = o.source;
    copyInterner(o.sig.concepts, c.sig.concepts);
    copyInterner(o.sig.roles, c.sig.roles);
    copyInterner(o.sig.individuals, c.sig.individuals);
    c.sig.prefixes = o.sig.prefixes;
    c.sig.concept_labels = o.sig.concept_labels;
    c.sig.role_labels = o.sig.role_labels;
    c.sig.individual_labels = o.sig.individual_labels;
    c.pool = o.pool;
    if (!keep) {
        c.axioms = o.axioms;
    } else {
        for (std::size_t i = 0; i < o.axioms.size(); ++i)
            if (i < keep->size() && (*keep)[i]) c.axioms.push_back(o.axioms[i]);
    }
    return c;
}

OntologyPtr loadOntologyDataset(const OntologyLoadParams& params, jobs::JobContext& ctx) {
    static std::atomic<quint64> nextId{1};
    const auto start = std::chrono::steady_clock::now();
    auto data = std::make_shared<OntologyData>();
    data->id = nextId++;
    data->name = params.displayName;
    data->sources = params.sources;

    ctx.report(0, 4, "Reading " + (params.path.empty() ? params.bufferName : params.path), true);
    onto::Ontology read;
    if (params.path.empty()) {
        const auto t = std::chrono::steady_clock::now();
        read = onto::load_ontology_text(params.bufferName, params.buffer);
        data->load.path = params.bufferName;
        data->load.bytes = params.buffer.size();
        data->load.format =
            onto::detect_onto_format(params.bufferName, std::string_view(params.buffer).substr(0, 4096));
        data->load.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    } else {
        read = onto::load_ontology(params.path, ctx, onto::OntoFormat::Auto, &data->load);
    }
    ctx.throw_if_stopped();

    ctx.report(1, 4, "Summarising", true);
    {
        onto::Ontology forSummary = cloneOntology(read);
        data->summary = onto::summarise(forSummary);
    }
    ctx.throw_if_stopped();

    auto analysis = std::make_shared<OntologyAnalysis>();
    analysis->onto = cloneOntology(read);
    ctx.report(2, 4, "Classifying", true);
    const auto tc = std::chrono::steady_clock::now();
    reason::ClassifyResult cls = reason::classify(analysis->onto, ctx, true);
    data->classifySeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - tc).count();
    data->namedClasses = cls.named_classes;
    data->unsatisfiable = cls.unsatisfiable;
    data->subsumptions = cls.entailed_subsumptions;
    data->consistent = cls.consistent;

    ctx.report(3, 4, "Building the hierarchy views", true);
    data->asserted = assertedHierarchy(read, StyledWriters(read));
    const StyledWriters writers(analysis->onto);
    data->inferred = inferredHierarchy(analysis->onto, cls, writers);
    data->normalForms.reserve(cls.normalised.axioms.size());
    for (const onto::NormalAxiom& n : cls.normalised.axioms) {
        NormalFormRow row{QString::fromLatin1(onto::normal_form_name(n.nf)), {}};
        for (NameStyle s : {NameStyle::Label, NameStyle::Short, NameStyle::Iri})
            row.text[static_cast<std::size_t>(s)] = qs(writers.in(s).normal(n));
        data->normalForms.push_back(std::move(row));
    }
    ctx.throw_if_stopped();

    if (cls.consistent) {
        analysis->checker = std::make_unique<reason::StatusChecker>(analysis->onto, std::move(cls));
        analysis->checker->set_proofs_in_every_style(true); // View → Names switches without checking again
    } else {
        analysis->classification = std::move(cls);
    }
    data->analysis = std::move(analysis);
    data->original = std::make_shared<const onto::Ontology>(std::move(read));
    data->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    data->loadedAt = QDateTime::currentDateTime();
    ctx.report(4, 4, "Loaded", true);
    return data;
}

QString demoOntologyName() {
    return QCoreApplication::translate("kbcx::ui::OntologyWorkspace", "Demo university ontology");
}

OntologyLoadParams demoOntologyParams() {
    initResources();
    QFile demo(QStringLiteral(":/demo/university.ofn"));
    if (!demo.open(QIODevice::ReadOnly))
        throw InputError(":/demo/university.ofn", "embedded demo ontology is missing from this build");
    const QByteArray bytes = demo.readAll();
    OntologyLoadParams p;
    p.bufferName = "university.ofn";
    p.buffer.assign(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    p.displayName = demoOntologyName();
    p.sources = QStringList{QStringLiteral(":/demo/university.ofn")};
    return p;
}

bool isOntologyPath(const QString& path) {
    return onto::looks_like_ontology(QFile::encodeName(QFileInfo(path).absoluteFilePath()).toStdString());
}

} // namespace kbcx::ui
