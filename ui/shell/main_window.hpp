// KBC Explorer's main window: the Datasets dock, the ten tabs (Overview, Rules, Graph, Benchmark,
// Ontology, Partition, Teach, Training, Hierarchy, Inversions), the Jobs dock, the status bar,
// the menus, drag and drop, and the persisted layout.
#pragma once

#include "ui/dataset/dataset.hpp"

#include <QMainWindow>
#include <QStringList>

class QLabel;
class QMenu;
class QTabWidget;
class QTimer;
class QTreeView;

namespace kbcx::ui {

class DatasetModel;
class GraphPage;
class JobHandle;
class JobRunner;
class JobsPanel;
class OntologyWorkspace;
class OverviewPage;
class RecentFiles;
class RulesPage;
class SessionKeeper;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Loads `paths` as one dataset in the background (named after the first file).
    /// On success the dataset is added to the explorer and selected; on an input error a
    /// non-modal message box (object name "loadErrorBox") names file, line and column,
    /// and the datasets loaded before stay as they are.
    JobHandle* openFiles(const QStringList& paths);
    /// Loads the embedded demo knowledge graph as "Demo university" (null if the resource is missing).
    JobHandle* openDemo();
    /// Loads the embedded demo ontology (:/demo/university.ofn) into the Ontologies list.
    JobHandle* openDemoOntology();
    /// File → Load Entity Names…: reads the current dataset again with `path` (id<TAB>name
    /// lines) as its entities' names; the dataset is replaced only when that succeeds.
    JobHandle* loadEntityNames(const QString& path);
    /// Removes the selected dataset from the explorer.
    void closeCurrentDataset();

    /// The dataset of the explorer's current row, or null.
    DatasetPtr currentDataset() const;
    /// Makes the tab whose title is `name` (case-insensitive, without '&') current.
    bool showTab(const QString& name);
    /// Renders the window (offscreen too) to a PNG.
    bool saveScreenshot(const QString& path);
    /// Whether any load since start failed (for `--screenshot`'s exit status).
    bool anyLoadFailed() const { return loadFailures_ > 0; }

    JobRunner* jobRunner() const { return runner_; }
    DatasetModel* datasetModel() const { return datasets_; }
    QTreeView* explorerView() const { return explorer_; }
    OverviewPage* overviewPage() const { return overview_; }
    /// The Ontologies list and the Ontology, Partition and Teach tabs.
    OntologyWorkspace* ontologyWorkspace() const { return ontologies_; }
    RulesPage* rulesPage() const { return rules_; }
    GraphPage* graphPage() const { return graph_; }
    JobsPanel* jobsPanel() const { return jobsPanel_; }
    QTabWidget* tabs() const { return tabs_; }
    /// The page of the current tab (each tab holds its page in a scroll area).
    QWidget* currentPage() const;
    RecentFiles* recentFiles() const { return recent_; }
    /// Keeps session.json current and restores a saved session (ui/shell/session.hpp).
    SessionKeeper* sessionKeeper() const { return session_; }
    QMenu* recentMenu() const { return recentMenu_; }

    /// The status bar's warning (object name "memoryWarningLabel"): shown while the machine
    /// runs short of memory (jobs::memory_running_short) or this process nears the jobs' limit.
    QLabel* memoryWarningLabel() const { return memoryWarningLabel_; }
    /// Tests: behave as if the machine ran short of memory, and refresh the status bar now.
    void simulateMemoryShortage(bool shortage) {
        memoryShortForTest_ = shortage;
        updateStatus();
    }

    /// The file-dialog filter for the formats the readers understand.
    static QString openFileFilter();

  signals:
    void datasetAdded(kbcx::ui::DatasetPtr dataset);
    void loadFailed(const QString& message);

  protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    void createActions();
    // The tabs, in their order (the constructor calls these once).
    void createKnowledgeGraphTabs();
    void createBenchmarkTab();
    void createOntologyTabs();
    void createTrainingTab();
    void createEvaluationTabs();
    void createDocks();
    void createStatusBar();
    void rebuildRecentMenu();
    /// The saved geometry and dock layout where they still fit the screen; otherwise (first
    /// start, another screen) the window sized to the screen's available geometry.
    void restoreLayout();
    /// Gives the docks their share of a window laid out afresh.
    void shareDockWidths();
    /// Puts each tab's page in a scroll area, so that no page makes the window wider or
    /// taller than a small screen.
    void makePagesScrollable();
    void saveLayout();
    void createViewMenu();
    void chooseEntityNames();
    JobHandle* startLoad(const QString& name, const QStringList& sources, const jobs::LoadKgParams& params,
                         const QStringList& recentPaths);
    void addLoadedDataset(DatasetPtr dataset);
    void showLoadError(const QString& datasetName, const QString& message, const QString& file, quint64 line,
                       quint64 column);
    void onCurrentExplorerIndexChanged(const QModelIndex& current);
    void updateWindowTitle();
    void updateStatus();
    void showAbout();
    void chooseFiles();

    JobRunner* runner_ = nullptr;
    DatasetModel* datasets_ = nullptr;
    RecentFiles* recent_ = nullptr;
    QTreeView* explorer_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    OverviewPage* overview_ = nullptr;
    OntologyWorkspace* ontologies_ = nullptr;
    RulesPage* rules_ = nullptr;
    GraphPage* graph_ = nullptr;
    JobsPanel* jobsPanel_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QAction* closeDatasetAction_ = nullptr;
    QAction* loadEntityNamesAction_ = nullptr;
    QLabel* datasetCountLabel_ = nullptr;
    QLabel* memoryLabel_ = nullptr;
    QLabel* memoryWarningLabel_ = nullptr;
    SessionKeeper* session_ = nullptr;
    bool memoryShortForTest_ = false;
    QTimer* memoryTimer_ = nullptr;
    int loadFailures_ = 0;
};

} // namespace kbcx::ui
