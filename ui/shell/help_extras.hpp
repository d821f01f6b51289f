// First-run experience and Help menu extras: the data-driven tour of the main tabs (shown
// until dismissed, remembered in the settings) and Help → Examples (the shipped examples).
#pragma once

#include <QDialog>
#include <QList>
#include <QString>
#include <QStringList>

class QCheckBox;
class QLabel;
class QMenu;
class QPushButton;

namespace kbcx::ui {

class MainWindow;

/// One page of the tour: the tab it explains (by title, as MainWindow::showTab takes it) and
/// what to say about it.
struct TourStep {
    QString tab;
    QString text;
};

/// The tour's pages in order. Tabs that the running program lacks are skipped by the tour,
/// so the list may name tabs that other versions add.
QList<TourStep> tourSteps();

/// The settings key that records that the user dismissed the tour.
inline constexpr const char* kTourDismissedKey = "tour/dismissed";
/// True until the tour has been dismissed once (the first start opens on the demo with it).
bool isFirstRun();
void setTourDismissed(bool dismissed);

/// The tour: a small non-modal window stepping through the tabs present in `window`,
/// switching to each one. Closing it (Close, Esc, Finish) records the tour as dismissed.
class TabTour : public QDialog {
    Q_OBJECT
  public:
    explicit TabTour(MainWindow* window);

    /// The steps kept (those whose tab exists), and the current one.
    const QList<TourStep>& steps() const { return steps_; }
    int currentStep() const { return current_; }
    void showStep(int index);
    void next() { showStep(current_ + 1); }
    void back() { showStep(current_ - 1); }

  protected:
    void done(int result) override;

  private:
    MainWindow* window_;
    QList<TourStep> steps_;
    int current_ = -1;
    QLabel* title_ = nullptr;
    QLabel* text_ = nullptr;
    QLabel* position_ = nullptr;
    QPushButton* back_ = nullptr;
    QPushButton* next_ = nullptr;
};

/// Shows the tour (or raises the open one) on `window`; returns it.
TabTour* startTour(MainWindow* window);

/// One shipped example (resources/examples/), opened by Help → Examples.
struct ShippedExample {
    QString id;          ///< object-name suffix of its action: "example_<id>Action"
    QString title;       ///< menu text with mnemonic
    QString description; ///< status tip
};
QList<ShippedExample> shippedExamples();

/// The folder the embedded example files are copied to when an example needs real files
/// (kbcx can read them there too): $KBCX_SETTINGS_DIR/examples in tests, else the cache folder.
QString examplesFolder();
/// Copies every embedded example file to examplesFolder(); returns the folder, empty on failure.
QString extractExamples();
/// The candidate axioms listed in an example ontology's "# candidate: AXIOM" comment lines.
QStringList exampleCandidates(const QString& text);

/// Opens example `id` in `window` (loads what it needs and shows its tab); false if unknown.
bool openExample(MainWindow* window, const QString& id);

/// Adds "Tour of the Tabs" (F1) and the Examples submenu to the Help menu.
void addHelpActions(MainWindow* window, QMenu* help);

} // namespace kbcx::ui
