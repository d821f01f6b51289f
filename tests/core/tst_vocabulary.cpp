// Tests of name interning, IRI prefix compaction and expansion, and display labels.
#include "kg/vocabulary.hpp"

#include <QTest>

using namespace kbcx::kg;

class TestVocabulary : public QObject {
    Q_OBJECT
  private slots:
    void internsDensely() {
        Interner names;
        QCOMPARE(names.intern("a"), Id{0});
        QCOMPARE(names.intern("b"), Id{1});
        QCOMPARE(names.intern("a"), Id{0});
        QCOMPARE(names.intern(""), Id{2});
        QCOMPARE(names.size(), std::size_t{3});
        QCOMPARE(names.find("b"), Id{1});
        QCOMPARE(names.find("c"), kNoId);
        QCOMPARE(std::string(names.name(1)), std::string("b"));
    }

    void emptyNameFirst() {
        // Regression (found by fuzzing): an empty name before any other used a missing arena block.
        Interner names;
        QCOMPARE(names.intern(""), Id{0});
        QCOMPARE(names.intern("a"), Id{1});
        QCOMPARE(names.find(""), Id{0});
        QVERIFY(names.name(0).empty());
    }

    void namesStayValidAcrossArenaBlocks() {
        Interner names;
        std::vector<std::string> expected;
        for (int i = 0; i < 200000; ++i)
            expected.push_back("entity/" + std::to_string(i) + std::string(i % 7, 'x'));
        const std::string big(3 << 20, 'y'); // larger than one arena block
        for (const auto& n : expected)
            names.intern(n);
        const Id big_id = names.intern(big);
        for (std::size_t i = 0; i < expected.size(); i += 997) {
            QCOMPARE(std::string(names.name(static_cast<Id>(i))), expected[i]);
            QCOMPARE(names.find(expected[i]), static_cast<Id>(i));
        }
        QCOMPARE(names.name(big_id).size(), big.size());
    }

    void namespacesAreSeparate() {
        Vocabulary v;
        QCOMPARE(v.entities().intern("x"), Id{0});
        QCOMPARE(v.relations().intern("y"), Id{0});
        QCOMPARE(v.types().intern("x"), Id{0});
        QCOMPARE(v.entities().find("y"), kNoId);
    }

    void prefixes() {
        PrefixMap map;
        QCOMPARE(map.compact("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), std::string("rdf:type"));
        QCOMPARE(map.compact("http://example.org/x"), std::string("http://example.org/x"));
        map.add("ex", "http://example.org/");
        map.add("exa", "http://example.org/a/");
        QCOMPARE(map.compact("http://example.org/a/b"), std::string("exa:b")); // longest namespace wins
        QCOMPARE(map.expand("ex:y").value(), std::string("http://example.org/y"));
        QVERIFY(!map.expand("nope:y").has_value());
        QVERIFY(!map.expand("plain").has_value());
        map.add("ex", "http://other.org/");
        QCOMPARE(map.expand("ex:y").value(), std::string("http://other.org/y"));
    }

    void labelsWinForDisplay() {
        Vocabulary v;
        const Id a = v.entities().intern("http://www.w3.org/2002/07/owl#Thing");
        QCOMPARE(v.display(Namespace::Entity, a), std::string("owl:Thing"));
        v.set_label(Namespace::Entity, a, "Thing");
        QCOMPARE(v.display(Namespace::Entity, a), std::string("Thing"));
        QVERIFY(!v.label(Namespace::Relation, a).has_value());
    }
};

QTEST_APPLESS_MAIN(TestVocabulary)
#include "tst_vocabulary.moc"
