// Loads the real public KG files from ../shared/data (FB15k-237, WN18RR, the LUBM RDF/XML
// sample) and checks their published sizes. Skips only when that folder is absent.
#include "kg/load_kg.hpp"

#include <QFileInfo>
#include <QTest>

using namespace kbcx;

namespace {
jobs::LoadKgResult load(const std::vector<std::string>& paths) {
    jobs::LoadKgParams params;
    params.paths = paths;
    jobs::JobContext ctx;
    return jobs::load_kg(params, ctx);
}
std::string shared(const char* rel) {
    return std::string(KBCX_SHARED_DATA) + "/" + rel;
}
} // namespace

class TestSharedDataKg : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        if (!QFileInfo::exists(KBCX_SHARED_DATA)) QSKIP("../shared/data is absent (a clone outside the project setup)");
    }

    void fb15k237() {
        const auto r =
            load({shared("kg/FB15k-237/train.txt"), shared("kg/FB15k-237/valid.txt"), shared("kg/FB15k-237/test.txt")});
        QCOMPARE(r.files[0].facts, std::uint64_t{272115});
        QCOMPARE(r.files[0].relations, std::uint64_t{237});
        QCOMPARE(r.files[1].facts, std::uint64_t{17535});
        QCOMPARE(r.files[2].facts, std::uint64_t{20466});
        QCOMPARE(r.graph->vocab.entities().size(), std::size_t{14541});
        QCOMPARE(r.graph->vocab.relations().size(), std::size_t{237});
        QCOMPARE(r.graph->facts.num_facts(), std::size_t{272115 + 17535 + 20466});
        QVERIFY(r.graph->bytes_per_fact() <= 24.0);
    }

    void wn18rr() {
        const auto r =
            load({shared("kg/WN18RR/train.txt"), shared("kg/WN18RR/valid.txt"), shared("kg/WN18RR/test.txt")});
        QCOMPARE(r.files[0].facts, std::uint64_t{86835});
        QCOMPARE(r.graph->vocab.entities().size(), std::size_t{40943});
        QCOMPARE(r.graph->vocab.relations().size(), std::size_t{11});
    }

    void lubmRdfXml() {
        const auto r = load({shared("kg/LUBM-University0_0.owl")});
        const auto& g = *r.graph;
        const kg::Id dept = g.vocab.entities().find("http://www.Department0.University0.edu");
        const kg::Id course = g.vocab.types().find("http://www.lehigh.edu/~zhp2/2004/0401/univ-bench.owl#Course");
        const kg::Id works = g.vocab.relations().find("http://www.lehigh.edu/~zhp2/2004/0401/univ-bench.owl#worksFor");
        QVERIFY(dept != kg::kNoId && course != kg::kNoId && works != kg::kNoId);
        QVERIFY(g.facts.instances(course).size() > 10);
        QVERIFY(!g.facts.subjects(works, dept).empty());
        QVERIFY(r.files[0].literals_skipped > 0); // ub:name, ub:emailAddress, ...
        QCOMPARE(g.vocab.prefixes().compact("http://www.lehigh.edu/~zhp2/2004/0401/univ-bench.owl#Course"),
                 std::string("ub:Course"));
    }
};

QTEST_APPLESS_MAIN(TestSharedDataKg)
#include "tst_shared_data_kg.moc"
