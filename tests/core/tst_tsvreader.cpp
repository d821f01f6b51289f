// Tests of the tab-separated triple reader: layouts (hrt/htr, CRLF, no final newline,
// <IRI> terms, type predicates), gzip input, per-file statistics and located errors.
#include "common/error.hpp"
#include "kg/readers.hpp"
#include "test_util.hpp"

#include <QTest>
#include <zlib.h>

using namespace kbcx;
using namespace kbcx::kg;

namespace {
std::size_t count_of(const KnowledgeGraph& g, const std::string& s, const std::string& r, const std::string& o) {
    const Id si = g.vocab.entities().find(s), ri = g.vocab.relations().find(r), oi = g.vocab.entities().find(o);
    if (si == kNoId || ri == kNoId || oi == kNoId) return 0;
    return g.facts.contains(si, ri, oi) ? 1 : 0;
}

void expect_error(const std::string& content, std::size_t line, std::size_t column, const std::string& fragment) {
    try {
        test::load_text("bad.tsv", content);
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QCOMPARE(e.file(), std::string("bad.tsv"));
        QCOMPARE(e.line(), line);
        QCOMPARE(e.column(), column);
        if (e.message().find(fragment) == std::string::npos)
            QFAIL(qPrintable(QString("message '%1' lacks '%2'").arg(e.what(), fragment.c_str())));
    }
}
} // namespace

class TestTsvReader : public QObject {
    Q_OBJECT
private slots:
    void readsHeadRelationTail() {
        const auto r = test::load_text("a.tsv", "a\tlikes\tb\nb\tlikes\tc\na\tknows\tc\na\tlikes\tb\n");
        const KnowledgeGraph& g = *r.graph;
        QCOMPARE(g.facts.num_facts(), std::size_t{3});
        QCOMPARE(g.vocab.entities().size(), std::size_t{3});
        QCOMPARE(g.vocab.relations().size(), std::size_t{2});
        QCOMPARE(count_of(g, "a", "likes", "b"), std::size_t{1});
        QCOMPARE(count_of(g, "b", "likes", "a"), std::size_t{0});
        QCOMPARE(r.files.size(), std::size_t{1});
        QCOMPARE(r.files[0].facts, std::uint64_t{3});
        QCOMPARE(r.files[0].duplicates, std::uint64_t{1});
        QCOMPARE(r.files[0].entities, std::uint64_t{3});
        QCOMPARE(r.files[0].relations, std::uint64_t{2});
        QCOMPARE(r.files[0].format, Format::Tsv);
    }

    void readsHeadTailRelation() {
        ReadOptions options;
        options.order = TripleOrder::HeadTailRelation;
        const auto r = test::load_text("a.txt", "a\tb\tlikes\n", options);
        QCOMPARE(count_of(*r.graph, "a", "likes", "b"), std::size_t{1});
    }

    void toleratesCrlfBlankLinesSpacesAndNoFinalNewline() {
        const auto r = test::load_text("a.tsv", "\xEF\xBB\xBF" "a\tr\tb\r\n\r\n  \nc r d\r\ne\t r \tf");
        QCOMPARE(r.graph->facts.num_facts(), std::size_t{3});
        QCOMPARE(count_of(*r.graph, "a", "r", "b"), std::size_t{1});
        QCOMPARE(count_of(*r.graph, "c", "r", "d"), std::size_t{1});
        QCOMPARE(count_of(*r.graph, "e", "r", "f"), std::size_t{1});
    }

    void typePredicatesBecomeTypeFacts() {
        const std::string text = "<http://x/a>\t<rdf:type>\t<http://x/Student>\n"
                                 "<http://x/b>\trdf:type\t<http://x/Student>\n"
                                 "<http://x/c>\t<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>\t<http://x/Prof>\n"
                                 "<http://x/a>\tisA\t<http://x/Prof>\n"
                                 "<http://x/a>\t<http://x/advisor>\t<http://x/c>\n";
        ReadOptions options;
        options.type_predicates = {"isA"};
        const auto r = test::load_text("lubm.tsv", text, options);
        const KnowledgeGraph& g = *r.graph;
        QCOMPARE(g.facts.num_type_facts(), std::size_t{4});
        QCOMPARE(g.facts.num_facts(), std::size_t{1});
        QCOMPARE(g.vocab.relations().size(), std::size_t{1}); // type predicates are not relations
        const Id student = g.vocab.types().find("http://x/Student");
        QVERIFY(student != kNoId);
        QCOMPARE(g.facts.instances(student).size(), std::size_t{2});
        QCOMPARE(count_of(g, "http://x/a", "http://x/advisor", "http://x/c"), std::size_t{1});
        QCOMPARE(r.files[0].types, std::uint64_t{2});
        // Without the option, isA is an ordinary relation.
        const auto plain = test::load_text("lubm.tsv", text);
        QCOMPARE(plain.graph->facts.num_type_facts(), std::size_t{3});
    }

    void readsGzip() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("kg.tsv.gz").toStdString();
        gzFile gz = gzopen(path.c_str(), "wb");
        const std::string text = "a\tr\tb\nb\tr\tc\n";
        gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
        gzclose(gz);
        jobs::LoadKgParams params;
        params.paths = {path};
        jobs::JobContext ctx;
        const auto r = jobs::load_kg(params, ctx);
        QCOMPARE(r.graph->facts.num_facts(), std::size_t{2});
        QCOMPARE(r.files[0].bytes, std::uint64_t{text.size()});
    }

    void severalFilesMakeOneGraph() {
        QTemporaryDir dir;
        jobs::LoadKgParams params;
        params.paths = {test::write_file(dir, "train.txt", "a\tr\tb\nb\tr\tc\n"),
                        test::write_file(dir, "valid.txt", "a\tr\tb\nc\ts\td\n")};
        jobs::JobContext ctx;
        const auto r = jobs::load_kg(params, ctx);
        QCOMPARE(r.files.size(), std::size_t{2});
        QCOMPARE(r.files[1].facts, std::uint64_t{2});
        QCOMPARE(r.files[1].entities, std::uint64_t{4});
        QCOMPARE(r.graph->facts.num_facts(), std::size_t{3});
        QCOMPARE(r.graph->vocab.relations().size(), std::size_t{2});
    }

    void errorsCarryLineAndColumn() {
        expect_error("a\tr\tb\nx\ty\n", 2, 4, "expected 3 fields");
        expect_error("a\tr\tb\tc\n", 1, 7, "found more");
        expect_error("a\t\tb\n", 1, 3, "empty field");
        expect_error("a\tr\tb\nab\xC3(\tr\tc\n", 2, 3, "invalid UTF-8");
        expect_error("a\tr\tb\nab\xED\xA0\x80\tr\tc\n", 2, 3, "invalid UTF-8"); // surrogate
        expect_error(std::string("h\xC3\xA9llo\tr\tb\nxy\0z\tr\tb\n", 20), 2, 3, "binary");
    }

    void rejectsEmptyInput() {
        expect_error("", 0, 0, "empty");
        expect_error("\n\n  \n", 0, 0, "no facts");
    }

    void rejectsOverlongLines() {
        ReadOptions options;
        options.max_line_bytes = 64;
        try {
            test::load_text("long.tsv", "a\tr\tb\n" + std::string(1000, 'x') + "\tr\tb\n", options);
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.line(), std::size_t{2});
            QVERIFY(std::string(e.what()).find("longer than 64") != std::string::npos);
        }
    }

    void validUtf8IsAccepted() {
        const auto r = test::load_text("u.tsv", "Zürich\tnear\t東京 🚀\n");
        QCOMPARE(r.graph->facts.num_facts(), std::size_t{1});
        QVERIFY(r.graph->vocab.entities().find("東京 🚀") != kNoId); // with tabs, spaces belong to the term
        QVERIFY(r.graph->vocab.entities().find("Zürich") != kNoId);
    }

    void detectsFormats() {
        QCOMPARE(detect_format("x.nt.gz", ""), Format::NTriples);
        QCOMPARE(detect_format("x.owl", ""), Format::RdfXml);
        QCOMPARE(detect_format("x.ttl", ""), Format::Turtle);
        QCOMPARE(detect_format("train", "a\tb\tc\n"), Format::Tsv);
        QCOMPARE(detect_format("data", "<http://a> <http://b> <http://c> .\n"), Format::NTriples);
        QCOMPARE(detect_format("data", "<http://a>\t<http://b>\t<http://c>\n"), Format::Tsv);
        QCOMPARE(detect_format("data", "  <?xml version=\"1.0\"?>"), Format::RdfXml);
        QCOMPARE(detect_format("data", "@prefix ex: <http://x/> ."), Format::Turtle);
    }

    void pathErrors() {
        QTemporaryDir dir;
        jobs::LoadKgParams params;
        jobs::JobContext ctx;
        params.paths = {dir.filePath("missing.tsv").toStdString()};
        try {
            jobs::load_kg(params, ctx);
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("missing.tsv") != std::string::npos);
        }
        params.paths = {dir.path().toStdString()};
        QVERIFY_THROWS_EXCEPTION(InputError, jobs::load_kg(params, ctx));
    }
};

QTEST_APPLESS_MAIN(TestTsvReader)
#include "tst_tsvreader.moc"
