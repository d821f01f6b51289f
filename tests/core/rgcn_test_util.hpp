// The R-GCN tests' toy knowledge graph (tst_embed_rgcn, tst_embed_rgcn_authors): 15 pairs with
// a relation and its converse (three converses held out) and a chain linking the pairs.
#pragma once

#include "embed/dataset.hpp"
#include "test_util.hpp"

#include <QDir>
#include <QTemporaryDir>

#include <string>

namespace kbcx::test {

inline std::string toy_folder(const QTemporaryDir& dir) {
    // 15 pairs (a_i, b_i): partner(a_i, b_i) for all i, partner_of(b_i, a_i) for i ≥ 3, plus a
    // few links between pairs so that the graph is not only isolated edges.
    std::string train, valid, test;
    for (int i = 0; i < 15; ++i) {
        const std::string a = "a" + std::to_string(i), b = "b" + std::to_string(i);
        train += a + "\tpartner\t" + b + "\n";
        if (i >= 3)
            train += b + "\tpartner_of\t" + a + "\n";
        else
            (i == 0 ? valid : test) += b + "\tpartner_of\t" + a + "\n";
        if (i + 1 < 15) train += a + "\tnext\ta" + std::to_string(i + 1) + "\n";
    }
    QDir(dir.path()).mkpath("toy");
    write_file(dir, "toy/train.txt", train);
    write_file(dir, "toy/valid.txt", valid);
    write_file(dir, "toy/test.txt", test);
    return dir.filePath("toy").toStdString();
}

inline embed::TripleDataset load(const std::string& path) {
    jobs::JobContext ctx;
    embed::LoadTriplesParams p;
    p.path = path;
    return embed::load_triple_dataset(p, ctx);
}

} // namespace kbcx::test
