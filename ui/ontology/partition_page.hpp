// The "Partition" tab: for a normal form (or typed query axioms) the three bands entailed /
// undetermined / contradictory with counts, P(α|O) per axiom over a chosen domain, the proof of
// the selected axiom, the reading in force (switchable), count-vs-status warnings, TSV export.
#pragma once

#include "ui/ontology/candidate_table_model.hpp"
#include "ui/ontology/onto_data.hpp"

#include <QWidget>

#include <array>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QStackedWidget;
class QTableView;

namespace kbcx::ui {

class JobHandle;
class JobRunner;
class ProofView;

class PartitionPage : public QWidget {
    Q_OBJECT
  public:
    explicit PartitionPage(JobRunner* runner, QWidget* parent = nullptr);

    void setOntology(OntologyPtr ontology);
    OntologyPtr ontology() const { return ontology_; }

    /// Runs the sampler with the controls' settings; returns the job (null without ontology).
    JobHandle* sample();
    /// Computes P for every axiom of the three bands at the domain size of the spin box.
    JobHandle* computeP();
    /// Checks the axioms typed in the query field (separated by ';') and adds them to the bands.
    JobHandle* checkQuery(const QString& axioms);
    /// Writes the bands as TSV status<TAB>nf<TAB>axiom[<TAB>P<TAB>P_decimal]; false on error.
    bool exportTsv(const QString& path) const;

    void setNormalForm(const QString& nf);
    void setSampleSize(int n);
    void setSeed(int seed);
    void setDomain(int n);
    /// "" (default for the form), "inconsistency" or "incoherence"; re-samples when changed.
    void setReading(const QString& reading);

    CandidateTableModel* bandModel(reason::Status s) const { return models_[static_cast<std::size_t>(s)]; }
    QTableView* bandView(reason::Status s) const { return views_[static_cast<std::size_t>(s)]; }
    ProofView* proofView() const { return proof_; }
    QLabel* readingLabel() const { return readingLabel_; }
    QLabel* warningLabel() const { return warning_; }
    QLabel* modelsLabel() const { return models0_; }
    QString readingInForce() const { return reading_; }
    /// The last sampler result's counts per status (what the bands show).
    std::array<std::size_t, 3> sampledCounts() const { return counts_; }

  signals:
    void sampled();
    void countsReady();

  private:
    void applySample(const SampleJobResult& r);
    void updateTitles();
    void showProofOf(reason::Status band, const QModelIndex& proxyIndex);
    QStringList allAxioms() const;

    JobRunner* runner_;
    OntologyPtr ontology_;
    QStackedWidget* stack_ = nullptr;
    QComboBox* nf_ = nullptr;
    QSpinBox* n_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QComboBox* readingBox_ = nullptr;
    QSpinBox* domain_ = nullptr;
    QPushButton* sampleButton_ = nullptr;
    QPushButton* pButton_ = nullptr;
    QPushButton* exportButton_ = nullptr;
    QLineEdit* query_ = nullptr;
    QLineEdit* filter_ = nullptr;
    QLabel* readingLabel_ = nullptr;
    QLabel* warning_ = nullptr;
    QLabel* models0_ = nullptr;
    QLabel* notes_ = nullptr;
    std::array<QGroupBox*, 3> boxes_{};
    std::array<QTableView*, 3> views_{};
    std::array<CandidateTableModel*, 3> models_{};
    std::array<QSortFilterProxyModel*, 3> proxies_{};
    ProofView* proof_ = nullptr;
    int proofBand_ = -1; ///< the band whose selected row the proof view shows
    QString reading_;
    std::array<std::size_t, 3> counts_{};
    unsigned countedDomain_ = 0;
    quint64 generation_ = 0;
};

} // namespace kbcx::ui
