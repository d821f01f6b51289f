// Tests of the CSR fact store against a brute-force set of triples on random small KGs:
// lookups by subject and object, membership, fact ids, deduplication, type facts.
#include "kg/fact_store.hpp"

#include <QTest>

#include <algorithm>
#include <random>
#include <set>
#include <tuple>

using namespace kbcx::kg;

class TestFactStore : public QObject {
    Q_OBJECT
  private slots:
    void emptyStore() {
        FactStore store = FactStoreBuilder().build(0, 0, 0);
        QCOMPARE(store.num_facts(), std::size_t{0});
        QCOMPARE(store.num_type_facts(), std::size_t{0});
        QVERIFY(store.objects(0, 0).empty());
        QVERIFY(!store.contains(0, 0, 0));
    }

    void matchesBruteForce_data() {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("entities");
        QTest::addColumn<int>("relations");
        QTest::addColumn<int>("facts");
        QTest::newRow("tiny") << 1 << 3 << 1 << 10;
        QTest::newRow("dense") << 2 << 6 << 3 << 200;
        QTest::newRow("sparse") << 3 << 200 << 7 << 300;
        QTest::newRow("empty relations") << 4 << 50 << 20 << 40;
    }

    void matchesBruteForce() {
        QFETCH(int, seed);
        QFETCH(int, entities);
        QFETCH(int, relations);
        QFETCH(int, facts);
        std::mt19937 rng(seed);
        std::set<std::tuple<Id, Id, Id>> reference; // (r, s, o)
        FactStoreBuilder builder;
        for (int i = 0; i < facts; ++i) {
            const Id s = rng() % entities, r = rng() % relations, o = rng() % entities;
            builder.add(s, r, o);
            if (i % 3 == 0) builder.add(s, r, o); // duplicates must vanish
            reference.insert({r, s, o});
        }
        FactStore store = std::move(builder).build(entities, relations, 0);
        QCOMPARE(store.num_facts(), reference.size());

        // Fact ids enumerate facts in (r, s, o) order.
        std::size_t id = 0;
        for (const auto& [r, s, o] : reference) {
            const Triple t = store.fact(id);
            QCOMPARE(t.r, r);
            QCOMPARE(t.s, s);
            QCOMPARE(t.o, o);
            QCOMPARE(store.fact_id(s, r, o), id);
            ++id;
        }
        std::vector<Triple> iterated;
        store.for_each_fact([&](const Triple& t) { iterated.push_back(t); });
        QCOMPARE(iterated.size(), reference.size());

        for (Id r = 0; r < Id(relations); ++r) {
            std::size_t count = 0;
            std::set<Id> subjects, objects;
            for (Id e = 0; e < Id(entities); ++e) {
                std::vector<Id> expected_objects, expected_subjects;
                for (Id x = 0; x < Id(entities); ++x) {
                    if (reference.count({r, e, x})) expected_objects.push_back(x);
                    if (reference.count({r, x, e})) expected_subjects.push_back(x);
                }
                const auto objs = store.objects(r, e);
                const auto subs = store.subjects(r, e);
                QVERIFY(std::equal(objs.begin(), objs.end(), expected_objects.begin(), expected_objects.end()));
                QVERIFY(std::equal(subs.begin(), subs.end(), expected_subjects.begin(), expected_subjects.end()));
                if (!expected_objects.empty()) subjects.insert(e);
                if (!expected_subjects.empty()) objects.insert(e);
                count += expected_objects.size();
                for (Id x = 0; x < Id(entities); ++x)
                    QCOMPARE(store.contains(e, r, x), reference.count({r, e, x}) == 1);
            }
            QCOMPARE(store.relation_size(r), count);
            const auto subj = store.subjects_of(r);
            const auto obj = store.objects_of(r);
            QVERIFY(std::equal(subj.begin(), subj.end(), subjects.begin(), subjects.end()));
            QVERIFY(std::equal(obj.begin(), obj.end(), objects.begin(), objects.end()));
        }
        // Out-of-range queries are empty, not crashes.
        QVERIFY(store.objects(Id(relations) + 5, 0).empty());
        QVERIFY(!store.contains(0, Id(relations), 0));
    }

    void typeFacts() {
        FactStoreBuilder builder;
        builder.add_type(3, 1);
        builder.add_type(0, 1);
        builder.add_type(3, 1);
        builder.add_type(2, 0);
        FactStore store = std::move(builder).build(4, 0, 3);
        QCOMPARE(store.num_type_facts(), std::size_t{3});
        const auto members = store.instances(1);
        QCOMPARE(std::vector<Id>(members.begin(), members.end()), (std::vector<Id>{0, 3}));
        QVERIFY(store.has_type(2, 0));
        QVERIFY(!store.has_type(2, 1));
        QVERIFY(store.instances(2).empty());
        QVERIFY(store.instances(9).empty());
    }

    void rejectsIdsOutOfBounds() {
        FactStoreBuilder builder;
        builder.add(0, 0, 5);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, std::move(builder).build(3, 1, 0));
    }

    void memoryIsCompact() {
        // A relation with many facts per subject costs about 8 bytes per fact (both indexes).
        FactStoreBuilder builder;
        for (Id s = 0; s < 100; ++s)
            for (Id o = 0; o < 100; ++o)
                builder.add(s, 0, o);
        FactStore store = std::move(builder).build(100, 1, 0);
        QVERIFY(store.memory_bytes() < 10 * store.num_facts());
    }
};

QTEST_APPLESS_MAIN(TestFactStore)
#include "tst_factstore.moc"
