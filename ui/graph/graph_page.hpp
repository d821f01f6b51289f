// The "Graph" tab: the ego network of an entity (depth 1–3, predicate filter, node cap), laid
// out with Boost.Graph off the GUI thread and drawn with pan, zoom, legend and PNG/SVG export;
// shows a support's or a derivation's facts highlighted and a derivation tree beside the graph.
#pragma once

#include "ui/jobs/job_handle.hpp"

#include "ui/dataset/dataset.hpp"
#include "ui/dataset/graph_highlight.hpp"
#include "ui/graph/ego_graph_job.hpp"
#include <QPointer>

#include "rules/materialise.hpp"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QPushButton;
class QSpinBox;
class QTimer;
class QToolButton;
class QTreeView;

namespace kbcx::ui {

class DerivationTreeModel;
class EntityNameModel;
class GraphView;
class JobHandle;
class JobRunner;
class RelationFilterModel;

class GraphPage : public QWidget {
    Q_OBJECT
  public:
    static constexpr int kDefaultNodeCap = 150;

    explicit GraphPage(JobRunner* runner, QWidget* parent = nullptr);

    /// Works on `dataset` (null: the empty-state hint); clears the drawing and the highlight.
    void setDataset(DatasetPtr dataset);
    DatasetPtr dataset() const { return dataset_; }

    /// Makes `entity` the centre and draws (now if the tab is visible, else when it is shown).
    void showEntity(kg::Id entity);
    /// Emphasises `highlight`'s facts, centred on highlight.centre, and draws.
    void showHighlight(const GraphHighlight& highlight);
    /// Shows the derivation tree of `factId` beside the graph and highlights its facts.
    void showDerivation(std::shared_ptr<const rules::Materialisation> closure, quint64 factId);
    void clearHighlight();

    void setDepth(int depth);
    void setNodeCap(int cap);
    void setLayoutAlgorithm(kg::LayoutAlgorithm algorithm);

    /// Starts the layout job for the current settings; returns it (null without a dataset).
    JobHandle* redraw();
    /// The job drawing now, or null.
    JobHandle* currentJob() const { return job_; }
    /// Whether a draw waits for the tab to be shown.
    bool drawPending() const { return pending_; }

    bool exportPng(const QString& path) const;
    bool exportSvg(const QString& path) const;

    GraphView* view() const { return view_; }
    const GraphHighlight& highlight() const { return highlight_; }
    kg::Id centre() const { return centre_; }
    QLineEdit* entityEdit() const { return entityEdit_; }
    QSpinBox* depthSpin() const { return depthSpin_; }
    QSpinBox* capSpin() const { return capSpin_; }
    QComboBox* layoutCombo() const { return layoutCombo_; }
    RelationFilterModel* relationModel() const { return relationModel_; }
    EntityNameModel* entityModel() const { return entityModel_; }
    DerivationTreeModel* derivationModel() const { return derivationModel_; }
    QTreeView* derivationView() const { return derivationView_; }
    QWidget* derivationPanel() const { return derivationPanel_; }
    QLabel* noticeLabel() const { return notice_; }
    QLabel* summaryLabel() const { return summary_; }

  signals:
    /// A drawing is in the view.
    void drawn();

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void buildUi();
    void requestDraw();
    void scheduleRedraw();
    void onDrawn(const EgoGraphResult& result);
    void updateNotice();
    void chooseEntityFromText();

    JobRunner* runner_;
    DatasetPtr dataset_;
    kg::Id centre_ = kg::kNoId;
    GraphHighlight highlight_;
    QPointer<JobHandle> job_; // null once the jobs dock clears the finished job
    bool pending_ = false;

    EntityNameModel* entityModel_ = nullptr;
    RelationFilterModel* relationModel_ = nullptr;
    DerivationTreeModel* derivationModel_ = nullptr;
    QTimer* redrawTimer_ = nullptr;

    QLabel* emptyHint_ = nullptr;
    QWidget* content_ = nullptr;
    QLineEdit* entityEdit_ = nullptr;
    QSpinBox* depthSpin_ = nullptr;
    QSpinBox* capSpin_ = nullptr;
    QComboBox* layoutCombo_ = nullptr;
    QPushButton* drawButton_ = nullptr;
    QToolButton* clearHighlightButton_ = nullptr;
    QListView* relationView_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* notice_ = nullptr;
    GraphView* view_ = nullptr;
    QWidget* derivationPanel_ = nullptr;
    QLabel* derivationTitle_ = nullptr;
    QTreeView* derivationView_ = nullptr;
};

} // namespace kbcx::ui
