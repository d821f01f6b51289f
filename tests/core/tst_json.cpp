// Tests of the JSON writer: nesting and commas, escaping of control characters and quotes,
// exact round-trip of doubles, null for non-finite numbers.
#include "common/json.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <limits>

using kbcx::JsonWriter;

class TestJson : public QObject {
    Q_OBJECT
  private slots:
    void nestedDocumentParses() {
        for (bool pretty : {false, true}) {
            JsonWriter j(pretty);
            j.begin_object().field("name", "a \"quoted\"\n\ttab\x01").key("list").begin_array();
            j.value(1).value(0.1).value(true).null().begin_object().end_object().begin_array().end_array();
            j.end_array().field("n", std::uint64_t{18446744073709551615ull}).end_object();
            QJsonParseError error{};
            const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(j.str()), &error);
            QCOMPARE(error.error, QJsonParseError::NoError);
            const auto obj = doc.object();
            QCOMPARE(obj["name"].toString(), QString("a \"quoted\"\n\ttab\x01"));
            const auto list = obj["list"].toArray();
            QCOMPARE(list.size(), 6);
            QCOMPARE(list[1].toDouble(), 0.1);
            QVERIFY(list[3].isNull());
        }
    }

    void nonFiniteIsNull() {
        JsonWriter j;
        j.begin_array().value(std::nan("")).value(std::numeric_limits<double>::infinity()).end_array();
        QCOMPARE(QString::fromStdString(j.str()), QString("[null,null]"));
    }

    void doublesRoundTrip() {
        const double x = 0.1 + 0.2;
        JsonWriter j;
        j.value(x);
        QCOMPARE(std::stod(j.str()), x);
    }
};

QTEST_APPLESS_MAIN(TestJson)
#include "tst_json.moc"
