// Renders every main tab with the real program (`kbc-explorer --demo --tab T --screenshot F`)
// and checks the committed release screenshots (packaging/screenshots/<tab>.png) that the
// metainfo and the README show. KBCX_UPDATE_SCREENSHOTS=1 rewrites the committed ones.
#include "ui/common/app_settings.hpp"
#include "ui/shell/main_window.hpp"

#include "ui_test_util.hpp"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using kbcx::ui::MainWindow;

namespace {

using kbcx::test::screenshotDir;

const QString kPackaging = QStringLiteral(KBCX_TEST_DATA "/../../packaging");

QString fileNameOf(const QString& tab) {
    return tab.toLower().remove(QLatin1Char(' ')) + QStringLiteral(".png");
}

/// Distinct colours in a coarse sample: a rendered tab has text, tables and charts, not a blank page.
int distinctColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    return colours.size();
}

} // namespace

class TestUiScreenshots : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        static QTemporaryDir settings;
        if (qEnvironmentVariableIsEmpty(kbcx::ui::kSettingsDirEnv))
            qputenv(kbcx::ui::kSettingsDirEnv, settings.path().toLocal8Bit());
    }

    void everyTab_data() {
        QTest::addColumn<QString>("tab");
        MainWindow window;
        for (int i = 0; i < window.tabs()->count(); ++i) {
            const QString tab = window.tabs()->tabText(i).remove(QLatin1Char('&'));
            QTest::newRow(qPrintable(tab)) << tab;
        }
    }

    void everyTab() {
        QFETCH(QString, tab);
        QDir().mkpath(screenshotDir(QStringLiteral("release")));
        const QString png = screenshotDir(QStringLiteral("release")) + QLatin1Char('/') + fileNameOf(tab);
        QFile::remove(png);
        const kbcx::test::GuiRun run = kbcx::test::renderDemoTab(tab, png);
        QVERIFY2(run.ok, run.stderrText.constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY2(image.width() >= 1000 && image.height() >= 600,
                 qPrintable(QStringLiteral("%1x%2").arg(image.width()).arg(image.height())));
        QVERIFY2(distinctColours(image) >= 8, qPrintable(tab));
        qInfo("screenshot: %s", qPrintable(png));

        const QString committed = kPackaging + QStringLiteral("/screenshots/") + fileNameOf(tab);
        if (qEnvironmentVariableIntValue("KBCX_UPDATE_SCREENSHOTS") == 1) {
            QDir().mkpath(kPackaging + QStringLiteral("/screenshots"));
            QFile::remove(committed);
            QVERIFY(QFile::copy(png, committed));
        }
        const QImage release(committed);
        QVERIFY2(!release.isNull(),
                 qPrintable(committed + QStringLiteral(" is missing: run this test with KBCX_UPDATE_SCREENSHOTS=1")));
        QCOMPARE(release.size(), image.size());
    }

    void metainfoShowsCommittedScreenshots() {
        QFile metainfo(kPackaging + QStringLiteral("/org.kbcexplorer.KbcExplorer.metainfo.xml"));
        QVERIFY(metainfo.open(QIODevice::ReadOnly));
        const QString xml = QString::fromUtf8(metainfo.readAll());
        static const QRegularExpression image(QStringLiteral("<image[^>]*>[^<]*/screenshots/([a-z]+\\.png)</image>"));
        int count = 0;
        for (auto m = image.globalMatch(xml); m.hasNext(); ++count) {
            const QString name = m.next().captured(1);
            QVERIFY2(QFile::exists(kPackaging + QStringLiteral("/screenshots/") + name), qPrintable(name));
        }
        QVERIFY(count >= 4);
        QVERIFY(xml.contains(QStringLiteral("<screenshot type=\"default\">")));
    }
};

QTEST_MAIN(TestUiScreenshots)
#include "tst_ui_screenshots.moc"
