// Tests of the data folder's search order: --data and $KBCX_DATA win and are checked, a program
// run from its build folder finds the source tree's data/, and a .gz stands in for a plain file.
#include "common/data_dir.hpp"

#include "common/error.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>
#include <filesystem>

using namespace kbcx;

namespace {

void touch(const QString& path) {
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("x");
}

/// Runs `f` with $KBCX_DATA set to `value` (unset when null), restoring it afterwards.
template <class F> void withDataEnv(const char* value, F&& f) {
    const QByteArray before = qgetenv("KBCX_DATA");
    const bool had = qEnvironmentVariableIsSet("KBCX_DATA");
    if (value)
        qputenv("KBCX_DATA", value);
    else
        qunsetenv("KBCX_DATA");
    f();
    if (had)
        qputenv("KBCX_DATA", before);
    else
        qunsetenv("KBCX_DATA");
}

} // namespace

class TestDataDir : public QObject {
    Q_OBJECT
  private slots:
    void dataFilePrefersThePlainFileThenTheGz() {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        QCOMPARE(data_file(d, "onto/x.owl"), d + "/onto/x.owl"); // neither: the name asked for
        touch(dir.filePath("onto/x.owl.gz"));
        QCOMPARE(data_file(d, "onto/x.owl"), d + "/onto/x.owl.gz");
        touch(dir.filePath("onto/x.owl"));
        QCOMPARE(data_file(d, "onto/x.owl"), d + "/onto/x.owl");
    }

    void anExplicitFolderWinsAndIsChecked() {
        QTemporaryDir dir;
        withDataEnv(nullptr, [&] {
            QCOMPARE(find_data_dir(dir.path().toStdString()), dir.path().toStdString());
            const std::string missing = dir.filePath("nowhere").toStdString();
            try {
                find_data_dir(missing);
                QFAIL("a missing --data folder was accepted");
            } catch (const InputError& e) {
                QCOMPARE(e.file(), missing);
                QVERIFY(std::string(e.what()).find("--data") != std::string::npos);
            }
        });
    }

    void theEnvironmentComesNext() {
        QTemporaryDir dir, other;
        const QByteArray env = dir.path().toLocal8Bit();
        withDataEnv(env.constData(), [&] {
            QCOMPARE(find_data_dir(), dir.path().toStdString());
            QCOMPARE(find_data_dir(other.path().toStdString()), other.path().toStdString()); // --data first
            const auto places = data_places("");
            QVERIFY(!places.empty());
            QCOMPARE(places.front().what, std::string("$KBCX_DATA"));
        });
        const QByteArray missing = dir.filePath("nowhere").toLocal8Bit();
        withDataEnv(missing.constData(), [&] { QVERIFY_THROWS_EXCEPTION(InputError, find_data_dir()); });
    }

    void aProgramInItsBuildFolderFindsTheSourceTreesData() {
        withDataEnv(nullptr, [&] {
            const auto places = data_places("");
            QVERIFY(places.size() >= 2);
            QCOMPARE(places.front().what, std::string("source tree"));
            QCOMPARE(places.back().what, std::string("installed"));
            const std::string found = find_data_dir();
            QCOMPARE(found, places.front().path);
            // The shipped files are there: the reproductions' Pizza and the KGs' train splits.
            for (const char* rel : {"onto/pizza.owl", "kg/FB15k-237/train.txt", "kg/WN18RR/train.txt"}) {
                const std::string f = data_file(found, rel);
                QVERIFY2(std::filesystem::exists(f), f.c_str());
            }
        });
    }
};

QTEST_APPLESS_MAIN(TestDataDir)
#include "tst_data_dir.moc"
