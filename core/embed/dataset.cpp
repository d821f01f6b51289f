// Loads the splits through kg::read_file into one GraphBuilder, so the three splits share ids,
// and remembers which pending triples came from which file before the builder indexes them.
#include "embed/dataset.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <filesystem>

namespace kbcx::embed {

namespace fs = std::filesystem;
using kg::Id;
using kg::Triple;

namespace {
std::string find_split(const fs::path& dir, const std::string& stem) {
    for (const char* ext : {".txt", ".txt.gz", ".tsv", ".tsv.gz"}) {
        const fs::path p = dir / (stem + ext);
        if (fs::is_regular_file(p)) return p.string();
    }
    return {};
}

void sort_unique(std::vector<Triple>& v) {
    auto key = [](const Triple& t) { return std::tuple(t.s, t.r, t.o); };
    std::sort(v.begin(), v.end(), [&](const Triple& a, const Triple& b) { return key(a) < key(b); });
    v.erase(std::unique(v.begin(), v.end()), v.end());
}
} // namespace

TripleDataset load_triple_dataset(const LoadTriplesParams& params, jobs::JobContext& ctx) {
    TripleDataset ds;
    std::string train, valid, test, neg;
    std::error_code ec;
    if (fs::is_directory(params.path, ec)) {
        train = find_split(params.path, "train");
        if (train.empty()) throw InputError(params.path, "folder has no train.txt");
        valid = find_split(params.path, "valid");
        test = find_split(params.path, "test");
        if (params.negatives_path == "auto") {
            std::vector<std::string> found;
            for (const auto& e : fs::directory_iterator(params.path)) {
                const std::string name = e.path().filename().string();
                if (e.is_regular_file() && name.rfind("train_neg", 0) == 0) found.push_back(e.path().string());
            }
            std::sort(found.begin(), found.end());
            if (found.empty()) throw InputError(params.path, "folder has no train_neg*.txt file of explicit negatives");
            if (found.size() > 1)
                throw InputError(params.path, "folder has several train_neg*.txt files; name one with --negatives");
            neg = found.front();
        }
    } else {
        train = params.path;
        if (params.negatives_path == "auto")
            throw InputError(params.path, "explicit negatives need a folder with train_neg*.txt or a file");
    }
    if (!params.test_path.empty()) test = params.test_path;
    if (!params.negatives_path.empty() && params.negatives_path != "auto") neg = params.negatives_path;

    struct Part {
        std::string path;
        std::vector<Triple>* out;
    };
    std::vector<Part> parts{{train, &ds.train}};
    if (!valid.empty()) parts.push_back({valid, &ds.valid});
    if (!test.empty()) parts.push_back({test, &ds.test});
    if (!neg.empty()) parts.push_back({neg, &ds.negatives});

    std::uint64_t total = 0;
    for (const auto& p : parts)
        total += kg::checked_file_size(p.path);
    kg::GraphBuilder builder(params.options.type_predicates);
    std::uint64_t base = 0;
    for (const auto& p : parts) {
        ctx.throw_if_stopped();
        const std::size_t before = builder.pending().pending_triples();
        kg::read_file(p.path, params.options, builder, ctx, base, total);
        base += kg::checked_file_size(p.path);
        const auto& all = builder.pending().triples();
        p.out->assign(all.begin() + static_cast<std::ptrdiff_t>(before), all.end());
        sort_unique(*p.out);
        ds.paths.push_back(p.path);
    }
    if (ds.train.empty()) throw InputError(train, "no training triples");
    // Explicit negatives are not facts: keep them out of the graph's fact store.
    kg::KnowledgeGraph g = [&] {
        if (ds.negatives.empty()) return builder.finish();
        kg::GraphBuilder clean(params.options.type_predicates);
        // Re-intern in id order so ids stay identical.
        const auto& v = builder.vocab();
        for (Id e = 0; e < v.entities().size(); ++e)
            clean.vocab().entities().intern(v.entities().name(e));
        for (Id r = 0; r < v.relations().size(); ++r)
            clean.vocab().relations().intern(v.relations().name(r));
        for (const auto* split : {&ds.train, &ds.valid, &ds.test})
            for (const Triple& t : *split)
                clean.add(v.entities().name(t.s), v.relations().name(t.r), v.entities().name(t.o));
        return clean.finish();
    }();
    ds.graph = std::make_shared<const kg::KnowledgeGraph>(std::move(g));
    return ds;
}

TrueFacts::TrueFacts(std::vector<std::span<const Triple>> splits) {
    std::vector<std::pair<std::uint64_t, Id>> hr, rt;
    for (auto s : splits)
        for (const Triple& t : s) {
            hr.emplace_back((std::uint64_t{t.s} << 32) | t.r, t.o);
            rt.emplace_back((std::uint64_t{t.r} << 32) | t.o, t.s);
        }
    auto build = [](std::vector<std::pair<std::uint64_t, Id>>& v, std::vector<std::uint64_t>& keys,
                    std::vector<std::uint32_t>& off, std::vector<Id>& vals) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i == 0 || v[i].first != v[i - 1].first) {
                keys.push_back(v[i].first);
                off.push_back(static_cast<std::uint32_t>(i));
            }
            vals.push_back(v[i].second);
        }
        off.push_back(static_cast<std::uint32_t>(v.size()));
    };
    build(hr, hr_keys_, hr_off_, tails_);
    build(rt, rt_keys_, rt_off_, heads_);
}

namespace {
std::span<const Id> lookup(const std::vector<std::uint64_t>& keys, const std::vector<std::uint32_t>& off,
                           const std::vector<Id>& vals, std::uint64_t key) {
    auto it = std::lower_bound(keys.begin(), keys.end(), key);
    if (it == keys.end() || *it != key) return {};
    const auto i = static_cast<std::size_t>(it - keys.begin());
    return {vals.data() + off[i], off[i + 1] - off[i]};
}
} // namespace

std::span<const Id> TrueFacts::tails(Id h, Id r) const {
    return lookup(hr_keys_, hr_off_, tails_, (std::uint64_t{h} << 32) | r);
}
std::span<const Id> TrueFacts::heads(Id r, Id t) const {
    return lookup(rt_keys_, rt_off_, heads_, (std::uint64_t{r} << 32) | t);
}
bool TrueFacts::contains(const Triple& x) const {
    auto t = tails(x.s, x.r);
    return std::binary_search(t.begin(), t.end(), x.o);
}

} // namespace kbcx::embed
