// Tests of the tab-separated triple reader: layouts (hrt/htr, CRLF, no final newline,
// <IRI> terms, type predicates), gzip input, per-file statistics and located errors.
#include "common/error.hpp"
#include "kg/byte_source.hpp"
#include "kg/readers.hpp"
#include "test_util.hpp"

#include <QFileInfo>
#include <QTest>
#include <zlib.h>

#include <fstream>
#include <random>

using namespace kbcx;
using namespace kbcx::kg;

namespace {
/// Text that gzip cannot shrink much, so that its .gz is large enough for the read-ahead thread.
std::string noisy_text(std::size_t bytes, unsigned seed) {
    std::mt19937 rng(seed);
    std::string text(bytes, ' ');
    for (auto& c : text)
        c = static_cast<char>(33 + rng() % 90);
    for (std::size_t i = 79; i < bytes; i += 80)
        text[i] = '\n';
    return text;
}

void write_gzip(const std::string& path, const std::string& text) {
    gzFile gz = gzopen(path.c_str(), "wb1");
    QVERIFY(gz);
    QCOMPARE(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
    QCOMPARE(gzclose(gz), Z_OK);
}

/// Reads a source to its end in chunks of random size; rethrows its error after storing the
/// bytes read before it in `got`.
void read_all(ByteSource& source, std::string& got, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<char> buf(300000);
    for (;;) {
        const std::size_t want = 1 + rng() % (rng() % 2 ? 17 : buf.size());
        const std::size_t k = source.read(buf.data(), want);
        QVERIFY(k <= want);
        if (k == 0) return;
        got.append(buf.data(), k);
    }
}

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
        const auto r = test::load_text("a.tsv", "\xEF\xBB\xBF"
                                                "a\tr\tb\r\n\r\n  \nc r d\r\ne\t r \tf");
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

    // Files of 1 MB and more of compressed data are inflated on a second thread ahead of the
    // reader: the bytes, the end, the position and a truncation error must be as without it.
    void largeGzipReadsTheSameBytesThroughReadAhead() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("big.tsv.gz").toStdString();
        const std::string text = noisy_text(3'500'000, 7);
        write_gzip(path, text);
        const auto file_bytes = static_cast<std::uint64_t>(QFileInfo(QString::fromStdString(path)).size());
        QVERIFY2(file_bytes >= (1u << 20), "the test file must be large enough for the read-ahead path");
        for (unsigned seed = 1; seed <= 3; ++seed) {
            auto source = open_file_source(path);
            std::string got;
            read_all(*source, got, seed);
            QVERIFY(got == text);
            QCOMPARE(source->position(), file_bytes);
            QCOMPARE(source->read(nullptr, 0), std::size_t{0});
        }
    }

    void truncatedLargeGzipFailsAfterTheBytesBeforeTheCut() {
        QTemporaryDir dir;
        const std::string whole = dir.filePath("whole.gz").toStdString();
        const std::string text = noisy_text(3'000'000, 11);
        write_gzip(whole, text);
        std::ifstream in(whole, std::ios::binary);
        std::string packed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string cut = dir.filePath("cut.tsv.gz").toStdString();
        std::ofstream(cut, std::ios::binary).write(packed.data(), static_cast<std::streamsize>(packed.size() * 3 / 4));
        auto source = open_file_source(cut);
        std::string got;
        bool threw = false;
        try {
            read_all(*source, got, 5);
        } catch (const InputError& e) {
            threw = true;
            QVERIFY2(std::string(e.what()).find("truncated") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("cut.tsv.gz") != std::string::npos, e.what());
        }
        QVERIFY(threw);
        QVERIFY(got.size() > text.size() / 2);
        QVERIFY(text.compare(0, got.size(), got) == 0);
        // The same file through the reader: a located error, nothing half-loaded.
        jobs::LoadKgParams params;
        params.paths = {cut};
        jobs::JobContext ctx;
        QVERIFY_THROWS_EXCEPTION(InputError, jobs::load_kg(params, ctx));
    }

    void readAheadStopsWhenTheReaderLeavesEarly() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("early.gz").toStdString();
        write_gzip(path, noisy_text(6'000'000, 3));
        for (int i = 0; i < 20; ++i) {
            auto source = open_file_source(path);
            char buf[64];
            QCOMPARE(source->read(buf, sizeof buf), sizeof buf);
        } // each destructor must stop and join the worker, which may be waiting for room
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
