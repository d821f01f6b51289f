// Implementation of the Ontology tab. Class details and proofs are computed by a small job
// holding the analysis lock (candidate checks mutate the reasoner's delta state).
#include "ui/ontology/ontology_page.hpp"

#include "ui/common/empty_state.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/class_hierarchy_model.hpp"
#include "ui/ontology/proof_view.hpp"

#include "ui/ontology/core_onto.hpp"

#include <algorithm>

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

#include <functional>

namespace kbcx::ui {

// ---------------------------------------------------------------- NormalFormTableModel

NormalFormTableModel::NormalFormTableModel(QObject* parent) : QAbstractTableModel(parent) {
    connect(&NameStyleSetting::instance(), &NameStyleSetting::changed, this, [this] {
        if (rowCount() > 0) emit dataChanged(index(0, 1), index(rowCount() - 1, 1));
    });
}

void NormalFormTableModel::setOntology(OntologyPtr ontology) {
    beginResetModel();
    ontology_ = std::move(ontology);
    endResetModel();
}

int NormalFormTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !ontology_ ? 0 : static_cast<int>(ontology_->normalForms.size());
}

int NormalFormTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 2;
}

QVariant NormalFormTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const NormalFormRow& r = ontology_->normalForms[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return index.column() == 0 ? r.nf : r.text[currentStyleIndex()];
    return {};
}

QVariant NormalFormTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    return section == 0 ? tr("Form") : tr("Normal form (text syntax)");
}

// ---------------------------------------------------------------- details job

namespace {

struct ClassDetails {
    QString html;
    QString proofHeading;
    std::vector<std::string> proof;
    QString proofEmpty;
};

bool mentions(const onto::ConceptPool& pool, onto::ExprId e, onto::ConceptName c, int depth = 0) {
    const onto::ConceptExpr& x = pool.get(e);
    if (x.kind == onto::ConceptKind::Named) return x.name == c;
    if (depth > 200) return false;
    for (onto::ExprId a : x.args)
        if (mentions(pool, a, c, depth + 1)) return true;
    return false;
}

ClassDetails computeDetails(const OntologyPtr& data, onto::ConceptName a, qlonglong parent, bool unsat, bool inferred,
                            NameStyle style) {
    ClassDetails out;
    const onto::Ontology& orig = *data->original;
    const onto::TextWriter ow(orig, style);
    const QString name = QString::fromStdString(ow.concept_name(a)).toHtmlEscaped();
    QString html = QStringLiteral("<h3>%1</h3><p style='color:#555'>%2</p>")
                       .arg(name, QString::fromUtf8(orig.sig.concepts.name(a).data(),
                                                    static_cast<qsizetype>(orig.sig.concepts.name(a).size()))
                                      .toHtmlEscaped());
    QStringList about;
    for (const onto::Axiom& ax : orig.axioms) {
        bool hit = false;
        for (onto::ExprId e : ax.concepts)
            hit = hit || mentions(orig.pool, e, a);
        if (!hit) continue;
        if (about.size() >= 200) {
            about << QObject::tr("… (more)");
            break;
        }
        about << QString::fromStdString(ow.axiom(ax)).toHtmlEscaped();
    }
    html += QObject::tr("<b>Axioms about this class</b> (%1)<ul>").arg(about.size());
    for (const QString& s : about)
        html += QStringLiteral("<li><tt>%1</tt></li>").arg(s);
    html += QStringLiteral("</ul>");

    OntologyAnalysis& an = *data->analysis;
    std::lock_guard lock(an.mutex);
    const reason::ClassifyResult& cls = an.classified();
    const onto::TextWriter w(an.onto, style);
    if (a < cls.named_end) {
        const auto& t = cls.taxonomy;
        if (t.unsatisfiable[a]) {
            html += QObject::tr("<p style='color:#c62828'><b>Unsatisfiable</b>: %1 ⊑ ⊥ is entailed.</p>").arg(name);
        } else {
            const onto::ConceptName rep = t.representative[a];
            QStringList parents, eq, inst;
            for (auto p : t.direct_parents[rep])
                parents << QString::fromStdString(w.concept_name(p)).toHtmlEscaped();
            for (auto e : t.equivalents[rep])
                if (e != a) eq << QString::fromStdString(w.concept_name(e)).toHtmlEscaped();
            for (auto i : t.instances[rep])
                inst << QString::fromStdString(w.individual_name(i)).toHtmlEscaped();
            html += QObject::tr("<b>Inferred direct superclasses</b>: %1<br>")
                        .arg(parents.isEmpty() ? QStringLiteral("owl:Thing") : parents.join(QStringLiteral(", ")));
            if (!eq.isEmpty())
                html += QObject::tr("<b>Equivalent classes</b>: %1<br>").arg(eq.join(QStringLiteral(", ")));
            if (!inst.isEmpty()) html += QObject::tr("<b>Instances</b>: %1<br>").arg(inst.join(QStringLiteral(", ")));
        }
    }
    out.html = html;

    if (parent < 0 && !unsat) {
        out.proofEmpty = QObject::tr("Select a class under a named parent to see the proof of the subsumption.");
        return out;
    }
    if (!an.checker) {
        out.proofEmpty =
            QObject::tr("The ontology is inconsistent: every subsumption follows, so no proofs are shown.");
        return out;
    }
    onto::Axiom ax;
    ax.kind = onto::AxiomKind::SubClassOf;
    const onto::ExprId lhs = an.onto.pool.named(a);
    const onto::ExprId rhs = unsat && (parent < 0 || inferred)
                                 ? an.onto.pool.bottom()
                                 : an.onto.pool.named(static_cast<onto::ConceptName>(parent));
    ax.concepts = {lhs, rhs};
    out.proofHeading = QString::fromStdString(w.axiom(ax));
    const NameStyle checkerStyle = an.checker->name_style();
    an.checker->set_name_style(style);
    const bool entailed = an.checker->entailed(ax, &out.proof);
    an.checker->set_name_style(checkerStyle);
    if (!entailed)
        out.proofEmpty = QObject::tr("%1 is asserted but not entailed by the EL part (the axiom was dropped?)")
                             .arg(out.proofHeading);
    return out;
}

} // namespace

// ---------------------------------------------------------------- OntologyPage

OntologyPage::OntologyPage(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner) {
    setObjectName(QStringLiteral("ontologyPage"));
    stack_ = new QStackedWidget(this);
    auto* empty = makeEmptyState(tr("No ontology loaded"),
                                 tr("Use <b>File → Open…</b> on an OWL, OBO or functional-syntax file, or "
                                    "<b>File → Open Demo Ontology</b>."),
                                 stack_);
    stack_->addWidget(empty);

    auto* content = new QWidget(stack_);
    auto* outer = new QVBoxLayout(content);
    outer->setContentsMargins(8, 8, 8, 8);
    title_ = new QLabel(content);
    title_->setObjectName(QStringLiteral("ontologyTitle"));
    QFont tf = title_->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.3);
    tf.setBold(true);
    title_->setFont(tf);
    summary_ = new QLabel(content);
    summary_->setObjectName(QStringLiteral("ontologySummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(title_);
    outer->addWidget(summary_);

    auto* split = new QSplitter(Qt::Horizontal, content);
    auto* left = new QWidget(split);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    mode_ = new QComboBox(left);
    mode_->setObjectName(QStringLiteral("hierarchyMode"));
    mode_->addItem(tr("Inferred hierarchy"));
    mode_->addItem(tr("Asserted hierarchy"));
    mode_->setToolTip(tr("Inferred: the taxonomy computed by EL++ saturation (direct parents, equivalent classes "
                         "merged, unsatisfiable classes under owl:Nothing). Asserted: told SubClassOf axioms "
                         "between names (and named conjuncts of EquivalentTo definitions)."));
    search_ = new QLineEdit(left);
    search_->setObjectName(QStringLiteral("classSearch"));
    search_->setPlaceholderText(tr("Find class…"));
    search_->setClearButtonEnabled(true);
    bar->addWidget(mode_);
    bar->addWidget(search_, 1);
    leftLayout->addLayout(bar);
    classView_ = new QTreeView(left);
    classView_->setObjectName(QStringLiteral("classTree"));
    classView_->setUniformRowHeights(true);
    classView_->setHeaderHidden(true);
    hierarchy_ = new ClassHierarchyModel(this);
    classView_->setModel(hierarchy_);
    leftLayout->addWidget(classView_, 1);

    side_ = new QTabWidget(split);
    side_->setObjectName(QStringLiteral("ontologySideTabs"));
    auto* classPane = new QSplitter(Qt::Vertical, side_);
    details_ = new QTextBrowser(classPane);
    details_->setObjectName(QStringLiteral("classDetails"));
    proof_ = new ProofView(classPane);
    proof_->setObjectName(QStringLiteral("ontologyProof"));
    classPane->setStretchFactor(0, 1);
    classPane->setStretchFactor(1, 2);
    side_->addTab(classPane, tr("Class"));

    auto* nfPane = new QWidget(side_);
    auto* nfLayout = new QVBoxLayout(nfPane);
    nfFilter_ = new QComboBox(nfPane);
    nfFilter_->setObjectName(QStringLiteral("normalFormFilter"));
    nfFilter_->addItem(tr("All forms"), QString());
    for (int i = 0; i < onto::kNumNormalForms; ++i) {
        const QString n = QString::fromLatin1(onto::normal_form_name(static_cast<onto::NormalForm>(i)));
        nfFilter_->addItem(n, n);
    }
    nfLayout->addWidget(nfFilter_);
    nfModel_ = new NormalFormTableModel(this);
    nfProxy_ = new QSortFilterProxyModel(this);
    nfProxy_->setSourceModel(nfModel_);
    nfProxy_->setFilterKeyColumn(0);
    nfView_ = new QTableView(nfPane);
    nfView_->setObjectName(QStringLiteral("normalFormTable"));
    nfView_->setModel(nfProxy_);
    nfView_->setSortingEnabled(true);
    nfView_->sortByColumn(-1, Qt::AscendingOrder);
    nfView_->horizontalHeader()->setStretchLastSection(true);
    nfView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    nfView_->setAlternatingRowColors(true);
    nfLayout->addWidget(nfView_, 1);
    side_->addTab(nfPane, tr("Normal forms"));

    dropped_ = new QTableWidget(side_);
    dropped_->setObjectName(QStringLiteral("droppedTable"));
    dropped_->setColumnCount(2);
    dropped_->setHorizontalHeaderLabels({tr("Non-EL construct"), tr("Axioms dropped")});
    dropped_->horizontalHeader()->setStretchLastSection(true);
    dropped_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    dropped_->setToolTip(tr("Axioms outside EL, by construct: the EL filter drops them and reports them here"));
    side_->addTab(dropped_, tr("Dropped"));
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    outer->addWidget(split, 1);
    auto* scroll = new QScrollArea(stack_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    stack_->addWidget(scroll);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_);

    connect(mode_, &QComboBox::currentIndexChanged, this, [this] { setOntology(ontology_); });
    connect(search_, &QLineEdit::returnPressed, this, [this] { findClass(search_->text()); });
    connect(nfFilter_, &QComboBox::currentIndexChanged, this,
            [this] { setNormalFormFilter(nfFilter_->currentData().toString()); });
    connect(classView_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &OntologyPage::onCurrentClassChanged);
    connect(&NameStyleSetting::instance(), &NameStyleSetting::changed, this,
            [this] { onCurrentClassChanged(classView_->currentIndex()); });
}

void OntologyPage::setOntology(OntologyPtr ontology) {
    ontology_ = std::move(ontology);
    ++detailsGeneration_;
    hierarchy_->setSnapshot(ontology_ ? (inferred() ? &ontology_->inferred : &ontology_->asserted) : nullptr);
    if (nfModel_->rowCount() != 0 || ontology_) nfModel_->setOntology(ontology_);
    stack_->setCurrentIndex(ontology_ ? 1 : 0);
    details_->clear();
    proof_->setProof({}, {});
    if (!ontology_) return;
    classView_->expand(hierarchy_->index(0, 0));
    updateSummary();
    const auto& dropped = ontology_->summary.dropped_constructs;
    dropped_->setRowCount(static_cast<int>(dropped.size()));
    int row = 0;
    for (const auto& [construct, n] : dropped) {
        dropped_->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(construct)));
        auto* count = new QTableWidgetItem;
        count->setData(Qt::DisplayRole, QVariant::fromValue<qulonglong>(n));
        count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        dropped_->setItem(row, 1, count);
        ++row;
    }
    dropped_->resizeColumnToContents(0);
    side_->setTabText(2, tr("Dropped (%1)").arg(ontology_->summary.dropped_axioms));
    side_->setTabText(1, tr("Normal forms (%1)").arg(ontology_->normalForms.size()));
}

void OntologyPage::updateSummary() {
    const OntologyData& d = *ontology_;
    const auto& s = d.summary;
    title_->setText(d.name);
    QStringList nfs;
    for (int i = 0; i < onto::kNumNormalForms; ++i)
        if (s.normal_forms[i])
            nfs << QStringLiteral("%1 %2")
                       .arg(QString::fromLatin1(onto::normal_form_name(static_cast<onto::NormalForm>(i))))
                       .arg(s.normal_forms[i]);
    const auto& h = inferred() ? d.inferred : d.asserted;
    summary_->setText(
        tr("%1 classes · %2 object properties · %3 individuals · %4 logical axioms (%5 in EL, %6 dropped) · "
           "<b>%7</b> · %8 unsatisfiable · %9 entailed subsumptions · %10 edges shown<br>"
           "<span style='color:#555'>EL part by normal form: %11</span>")
            .arg(s.classes)
            .arg(s.object_properties)
            .arg(s.individuals)
            .arg(s.logical_axioms)
            .arg(s.el_axioms)
            .arg(s.dropped_axioms)
            .arg(d.consistent ? tr("consistent") : tr("<span style='color:#c62828'>inconsistent</span>"))
            .arg(d.unsatisfiable)
            .arg(d.subsumptions)
            .arg(h.edges)
            .arg(nfs.join(QStringLiteral(", "))));
    summary_->setToolTip(tr("Entailed subsumptions: A ⊑ B between named classes with A ≠ B, B ≠ owl:Thing and A "
                            "satisfiable. Edges: direct parent → child links of the hierarchy shown."));
}

void OntologyPage::setInferred(bool inferred) {
    mode_->setCurrentIndex(inferred ? 0 : 1);
}

bool OntologyPage::inferred() const {
    return mode_->currentIndex() == 0;
}

bool OntologyPage::findClass(const QString& text) {
    const HierarchySnapshot* h = hierarchy_->snapshot();
    if (!h || text.trimmed().isEmpty()) return false;
    const QString needle = text.trimmed();
    int best = -1;
    for (std::size_t i = 2; i < h->nodes.size(); ++i) {
        const HierarchyNode& n = h->nodes[i];
        // any style's name finds the class (the Inversions tab passes names as its files write them)
        if (std::any_of(n.names.begin(), n.names.end(),
                        [&](const QString& s) { return s.compare(needle, Qt::CaseInsensitive) == 0; })) {
            best = static_cast<int>(i);
            break;
        }
        if (best < 0 && (n.name().contains(needle, Qt::CaseInsensitive) ||
                         n.shownEquivalents().join(QLatin1Char(' ')).contains(needle, Qt::CaseInsensitive)))
            best = static_cast<int>(i);
    }
    if (best < 0) return false;
    const QModelIndex idx = hierarchy_->indexOfNode(best);
    if (!idx.isValid()) return false;
    classView_->scrollTo(idx);
    classView_->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect);
    return true;
}

void OntologyPage::setNormalFormFilter(const QString& nf) {
    const int i = nfFilter_->findData(nf);
    if (i >= 0 && i != nfFilter_->currentIndex()) {
        nfFilter_->setCurrentIndex(i); // re-enters through the signal
        return;
    }
    nfProxy_->setFilterRegularExpression(
        nf.isEmpty() ? QRegularExpression()
                     : QRegularExpression(QStringLiteral("^%1$").arg(QRegularExpression::escape(nf))));
}

void OntologyPage::onCurrentClassChanged(const QModelIndex& current) {
    const quint64 generation = ++detailsGeneration_;
    if (!ontology_ || !current.isValid()) return;
    const qlonglong conceptId = current.data(ClassHierarchyModel::ConceptRole).toLongLong();
    if (conceptId < 0) {
        details_->setHtml(tr("<h3>%1</h3>").arg(current.data().toString().toHtmlEscaped()));
        proof_->setProof({}, {});
        return;
    }
    const qlonglong parent = current.data(ClassHierarchyModel::ParentConceptRole).toLongLong();
    const bool unsat = current.data(ClassHierarchyModel::UnsatisfiableRole).toBool();
    const bool inf = inferred();
    const NameStyle style = NameStyleSetting::instance().style();
    OntologyPtr data = ontology_;
    details_->setHtml(tr("<p style='color:#777'>Computing…</p>"));
    detailsJob_ = runner_->start(tr("Proof for %1").arg(current.data().toString()), [data, conceptId, parent, unsat,
                                                                                     inf, style](jobs::JobContext&) {
        return computeDetails(data, static_cast<onto::ConceptName>(conceptId), parent, unsat, inf, style);
    });
    JobHandle* job = detailsJob_;
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation == detailsGeneration_) {
            const auto& d = job->resultAs<ClassDetails>();
            details_->setHtml(d.html);
            proof_->setProof(d.proofHeading.isEmpty() ? tr("Proof") : tr("Proof of %1").arg(d.proofHeading), d.proof,
                             d.proofEmpty);
            emit detailsReady();
        }
        runner_->remove(job);
        if (detailsJob_ == job) detailsJob_ = nullptr;
    });
    connect(job, &JobHandle::failed, this, [this, job, generation](const QString& message) {
        if (generation == detailsGeneration_) {
            details_->setHtml(tr("<p style='color:#c62828'>%1</p>").arg(message.toHtmlEscaped()));
            emit detailsReady();
        }
    });
}

} // namespace kbcx::ui
