// The main window on a real X screen with a window manager (run by xvfb_wm.sh at 1366×768 and
// 1024×768): it fits, every tab's controls can be reached, names are readable, one title.
#include "ui/common/app_settings.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/shell/main_window.hpp"

#include "../ui/ui_test_util.hpp"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QProcess>
#include <QScreen>
#include <QSettings>
#include <QSlider>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using kbcx::ui::MainWindow;

namespace {

using kbcx::test::screenshotDir;

QString sizeName() {
    const QSize s = QGuiApplication::primaryScreen()->geometry().size();
    return QStringLiteral("%1x%2").arg(s.width()).arg(s.height());
}

bool waitForIdle(MainWindow& window, int ms = 60000) {
    return QTest::qWaitFor([&] { return window.jobRunner()->activeJobCount() == 0; }, ms);
}

/// The window manager frames a window asynchronously: wait until Qt knows the frame (an
/// undecorated window keeps frame == geometry, so the wait ends at its timeout), then settle.
void waitForFrame(const QWidget& window) {
    (void)QTest::qWaitFor([&] { return window.frameGeometry() != window.geometry(); }, 3000);
    QTest::qWait(300);
}

/// The title the window manager shows, read from the X server (_NET_WM_NAME), not from Qt.
QString titleOnScreen(const QWidget& window) {
    QProcess xprop;
    xprop.start(QStringLiteral("xprop"),
                {QStringLiteral("-id"), QString::number(window.winId()), QStringLiteral("_NET_WM_NAME")});
    if (!xprop.waitForFinished(10000)) return {};
    const QString out = QString::fromUtf8(xprop.readAllStandardOutput()).trimmed();
    const int quote = out.indexOf(QLatin1Char('"'));
    return quote < 0 ? out : out.mid(quote + 1).chopped(1);
}

/// A control is reachable when some of it is on screen, or when a scroll area holds it.
bool reachable(const QWidget* w) {
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QAbstractScrollArea*>(p)) return true;
    const QRegion visible = w->visibleRegion();
    if (visible.isEmpty()) return false;
    // At least 8 px (or all of a smaller control) in both directions.
    const QRect r = visible.boundingRect();
    return r.width() >= std::min(8, w->width()) && r.height() >= std::min(8, w->height());
}

bool isControl(const QWidget* w) {
    if (qobject_cast<const QTabBar*>(w)) // a tab bar scrolls its tabs itself
        return false;
    return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QComboBox*>(w) ||
           qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
           qobject_cast<const QSlider*>(w) || qobject_cast<const QAbstractItemView*>(w);
}

QString describe(const QWidget* w) {
    QString text;
    if (const auto* b = qobject_cast<const QAbstractButton*>(w)) text = b->text();
    return QStringLiteral("%1 '%2' %3 at %4,%5 %6x%7")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text)
        .arg(w->mapTo(w->window(), QPoint(0, 0)).x())
        .arg(w->mapTo(w->window(), QPoint(0, 0)).y())
        .arg(w->width())
        .arg(w->height());
}

/// Whether the first column's text of `index` fits in `view`: whole on a laptop's screen and
/// larger, at least 70 % of it (elided in the middle) on a smaller one.
bool nameFits(const QTreeView* view, const QModelIndex& index) {
    const bool small = QGuiApplication::primaryScreen()->availableGeometry().width() < 1280;
    const QString text = index.data().toString();
    const QRect rect = view->visualRect(index);
    const QVariant font = index.data(Qt::FontRole);
    const QFontMetrics metrics(font.isValid() ? font.value<QFont>() : view->font());
    const int textWidth = metrics.horizontalAdvance(text) * (small ? 7 : 10) / 10;
    const int needed = textWidth + (index.data(Qt::DecorationRole).isNull() ? 0 : view->iconSize().width() + 4) + 8;
    return rect.width() >= needed;
}

} // namespace

class TestScreenFit : public QObject {
    Q_OBJECT
    QTemporaryDir settings_;

  private slots:
    void initTestCase() {
        QVERIFY2(QGuiApplication::platformName() == QLatin1String("xcb"),
                 "this test needs a real X window: run it through tests/screen/xvfb_wm.sh");
        QVERIFY(settings_.isValid());
        qputenv(kbcx::ui::kSettingsDirEnv, settings_.path().toLocal8Bit());
        QApplication::setApplicationDisplayName(QStringLiteral("KBC Explorer"));
        QDir().mkpath(screenshotDir(QStringLiteral("screen")));
    }

    // First start: no saved geometry. The window, frame included, lies inside the screen's
    // available geometry, the Jobs dock is on screen, and every tab's controls can be reached.
    void firstStartFitsTheScreen() {
        MainWindow window;
        window.openDemo();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(waitForIdle(window));
        waitForFrame(window);

        const QRect available = window.screen()->availableGeometry();
        QVERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("window %1,%2 %3x%4 (frame) outside the available %5x%6")
                                .arg(window.frameGeometry().x())
                                .arg(window.frameGeometry().y())
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())
                                .arg(available.width())
                                .arg(available.height())));
        // Not a postage stamp either: most of the screen is used where the screen is small.
        QVERIFY(window.frameGeometry().width() >= std::min(1280, available.width() * 9 / 10));
        QVERIFY(window.frameGeometry().height() >= std::min(800, available.height() * 8 / 10));

        auto* jobs = window.findChild<QDockWidget*>(QStringLiteral("jobsDock"));
        QVERIFY(jobs && jobs->isVisible());
        const QRect jobsOnScreen(jobs->mapToGlobal(QPoint(0, 0)), jobs->size());
        QVERIFY2(available.contains(jobsOnScreen), "the Jobs dock is off the screen");
        QVERIFY(jobs->height() >= 60);

        // One title, naming the program once (as the window manager draws it).
        const QString title = titleOnScreen(window);
        QCOMPARE(title, QStringLiteral("Demo university — KBC Explorer"));
        QCOMPARE(title.count(QStringLiteral("KBC Explorer")), 1);

        // Every tab: its controls are reachable, and a screenshot of the whole screen (window
        // manager's frame included) for a person to look at.
        QTabWidget* tabs = window.tabs();
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            QTest::qWait(150);
            QApplication::processEvents();
            const QString tab = tabs->tabText(i).remove(QLatin1Char('&'));
            QStringList unreachable;
            const auto children = tabs->widget(i)->findChildren<QWidget*>();
            for (const QWidget* w : children)
                if (w->isVisible() && isControl(w) && !reachable(w)) unreachable << describe(w);
            const QString png =
                QStringLiteral("%1/%2-%3.png")
                    .arg(screenshotDir(QStringLiteral("screen")), sizeName(), tab.toLower().remove(QLatin1Char(' ')));
            QVERIFY(window.screen()->grabWindow(0).save(png, "PNG"));
            QVERIFY2(unreachable.isEmpty(), qPrintable(tab + QStringLiteral(": controls out of reach: ") +
                                                       unreachable.join(QStringLiteral("; "))));
        }
        // The docks' names are readable: the demo's dataset and ontology names are whole (most
        // of them on a small screen, elided in the middle), and whole in their tooltips.
        QTreeView* datasets = window.explorerView();
        QTreeView* ontologies = window.ontologyWorkspace()->explorerView();
        QVERIFY(QTest::qWaitFor([&] { return ontologies->model()->rowCount() > 0; }, 30000));
        for (QTreeView* view : {datasets, ontologies}) {
            QCOMPARE(view->textElideMode(), Qt::ElideMiddle);
            const QModelIndex first = view->model()->index(0, 0);
            QVERIFY(first.isValid());
            QVERIFY2(nameFits(view, first), qPrintable(QStringLiteral("'%1' elided in %2 (column %3 px)")
                                                           .arg(first.data().toString(), view->objectName())
                                                           .arg(view->columnWidth(0))));
            QVERIFY(first.data(Qt::ToolTipRole).toString().contains(first.data().toString().toHtmlEscaped()));
            // The name column has a sensible share of the dock's width.
            QVERIFY2(view->columnWidth(0) >= view->viewport()->width() * 2 / 5,
                     qPrintable(QStringLiteral("%1: name column %2 of %3 px")
                                    .arg(view->objectName())
                                    .arg(view->columnWidth(0))
                                    .arg(view->viewport()->width())));
            if (view->model()->rowCount(first) > 0) {
                // Child rows (relations, types, axiom kinds) keep their names too.
                const QModelIndex child = view->model()->index(0, 0, first);
                view->expand(first);
                QTest::qWait(50);
                QVERIFY2(
                    nameFits(view, child),
                    qPrintable(QStringLiteral("'%1' elided in %2").arg(child.data().toString(), view->objectName())));
            }
        }

        window.close(); // saves the layout for the next test
    }

    // A geometry saved on a larger screen does not put the window off this one.
    void savedGeometryFromALargerScreenIsNotRestored() {
        {
            // What a 1920×1200 monitor's session leaves behind: a big window far to the right.
            MainWindow big;
            big.setGeometry(900, 500, 1800, 1100);
            auto s = kbcx::ui::openSettings();
            s->setValue(QStringLiteral("mainWindow/geometry"), big.saveGeometry());
            s->setValue(QStringLiteral("mainWindow/state"), big.saveState());
        }
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        waitForFrame(window);
        QVERIFY2(window.screen()->availableGeometry().contains(window.frameGeometry()),
                 "a saved geometry larger than the screen was restored");
        window.close();
    }

    // A geometry that fits is restored as it was saved.
    void savedGeometryThatFitsIsRestored() {
        const QRect wanted(40, 60, 700, 500);
        {
            MainWindow first;
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            first.setGeometry(wanted);
            QVERIFY(QTest::qWaitFor([&] { return first.geometry().size() == wanted.size(); }, 3000));
            QTest::qWait(300);
            first.close();
        }
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(300);
        QCOMPARE(window.geometry().size(), wanted.size());
        window.close();
    }
};

QTEST_MAIN(TestScreenFit)
#include "tst_screen_fit.moc"
