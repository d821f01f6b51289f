// An ontology dataset as the GUI knows it: the ontology as read, its summary, and the analysis
// (normal forms, classification, status checker) built once by the background load job.
#pragma once

#include "common/job.hpp"
#include "ui/common/name_style_setting.hpp"
#include "ui/ontology/core_onto.hpp"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::ui {

/// One class of a hierarchy snapshot (a DAG over named classes, precomputed off the GUI thread).
struct HierarchyNode {
    StyledText names;                          ///< display name in each NameStyle (labels unquoted)
    QString iri;                               ///< full name as stored
    StyledLines equivalents;                   ///< inferred view: the other members of the equivalence class
    std::vector<int> children;                 ///< node indexes, sorted by name
    bool unsatisfiable = false;                ///< inferred view: C ⊑ ⊥
    onto::ConceptName conceptId = onto::kNone; ///< kNone for owl:Thing / owl:Nothing
    /// The name as View → Names currently says.
    const QString& name() const { return names[currentStyleIndex()]; }
    QStringList shownEquivalents() const { return equivalents[currentStyleIndex()]; }
};

/// A class hierarchy as a DAG with two synthetic roots, owl:Thing (node 0) and owl:Nothing (node 1).
struct HierarchySnapshot {
    std::vector<HierarchyNode> nodes;
    std::size_t edges = 0; ///< parent → child edges between named classes (roots excluded)
};

/// The mutable reasoning state of an ontology dataset. Everything here is touched only by jobs
/// holding `mutex` (candidate checks parse into the ontology's pool and run deltas).
struct OntologyAnalysis {
    std::mutex mutex;
    onto::Ontology onto; ///< normalised copy: fresh names of the normaliser are in its signature
    std::optional<reason::ClassifyResult> classification; ///< set when the checker could not be built
    std::unique_ptr<reason::StatusChecker> checker;       ///< null when the ontology is inconsistent
    const reason::ClassifyResult& classified() const { return checker ? checker->classification() : *classification; }
};

/// One row of the normal-forms table.
struct NormalFormRow {
    QString nf;
    StyledText text; ///< in each NameStyle
};

struct OntologyData {
    quint64 id = 0;
    QString name;
    QStringList sources;
    std::shared_ptr<const onto::Ontology> original; ///< as read (never normalised)
    std::shared_ptr<OntologyAnalysis> analysis;
    onto::OntologySummary summary;
    onto::OntoLoadStats load;
    HierarchySnapshot asserted, inferred;
    std::vector<NormalFormRow> normalForms;
    std::size_t namedClasses = 0, unsatisfiable = 0, subsumptions = 0;
    bool consistent = true;
    double seconds = 0.0, classifySeconds = 0.0;
    QDateTime loadedAt;
};
using OntologyPtr = std::shared_ptr<const OntologyData>;

/// What the load job reads: a file, or an in-memory document (the embedded demo).
struct OntologyLoadParams {
    std::string path;               ///< file to read (empty: use `buffer`)
    std::string bufferName, buffer; ///< name (for format detection and messages) and text
    QString displayName;
    QStringList sources;
};

/// Loads, filters, normalises and classifies an ontology; builds both hierarchy snapshots and
/// the normal-forms table. Throws InputError / Cancelled like the readers.
OntologyPtr loadOntologyDataset(const OntologyLoadParams& params, jobs::JobContext& ctx);

/// Deep copy of an ontology (Interner is move-only). With `keep`, only the axioms whose entry
/// is non-zero are copied (the EL part for counting); names are all kept, ids unchanged.
onto::Ontology cloneOntology(const onto::Ontology& o, const std::vector<char>* keep = nullptr);

/// The embedded demo ontology (:/demo/university.ofn) as load parameters.
OntologyLoadParams demoOntologyParams();
QString demoOntologyName();

/// True when `path` should be opened as an ontology rather than a KG (core's sniffing).
bool isOntologyPath(const QString& path);

} // namespace kbcx::ui
