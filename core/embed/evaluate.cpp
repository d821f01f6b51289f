// Ranking evaluation: queries are scored in blocks through KgModel::score_chunk with every
// entity as a candidate; each thread owns a contiguous range and the sums are added in order.
#include "embed/evaluate.hpp"

#include "eval/rank.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <thread>

namespace kbcx::embed {

using kg::Id;
using kg::Triple;

double filtered_rank(std::span<const float> scores, Id target, std::span<const Id> known) {
    const float st = scores[target];
    if (std::isnan(st)) return static_cast<double>(scores.size());
    std::size_t better = 0, tied = 0;
    for (float s : scores) {
        better += s > st;
        tied += s == st;
    }
    tied -= 1; // the target itself
    for (Id k : known) {
        if (k == target) continue;
        const float s = scores[k];
        if (s > st)
            --better;
        else if (s == st)
            --tied;
    }
    return eval::tie_averaged_rank(static_cast<double>(better), static_cast<double>(tied));
}

RankingMetrics evaluate_ranking(const KgModel& model, std::span<const Triple> queries, const TrueFacts& filter,
                                int threads, jobs::JobContext* ctx) {
    const std::size_t E = model.num_entities();
    std::vector<Id> all(E);
    std::iota(all.begin(), all.end(), Id{0});
    const std::size_t T = static_cast<std::size_t>(std::max(1, threads));
    constexpr std::size_t kBlock = 8;
    struct Sums {
        double rr = 0, rank = 0, h1 = 0, h3 = 0, h10 = 0;
    };
    std::vector<Sums> sums(T);
    std::atomic<std::size_t> done{0};
    auto work = [&](std::size_t w) {
        const std::size_t lo = queries.size() * w / T, hi = queries.size() * (w + 1) / T;
        std::vector<float> scores(kBlock * E);
        Sums& s = sums[w];
        for (std::size_t b = lo; b < hi; b += kBlock) {
            if (ctx && ctx->stop_requested()) return;
            const std::size_t n = std::min(kBlock, hi - b);
            for (Side side : {Side::Tail, Side::Head}) {
                model.score_chunk(Chunk{queries.subspan(b, n), side, all}, scores.data());
                for (std::size_t i = 0; i < n; ++i) {
                    const Triple q = queries[b + i];
                    const double rank = side == Side::Tail
                                            ? filtered_rank({scores.data() + i * E, E}, q.o, filter.tails(q.s, q.r))
                                            : filtered_rank({scores.data() + i * E, E}, q.s, filter.heads(q.r, q.o));
                    s.rr += 1.0 / rank;
                    s.rank += rank;
                    s.h1 += rank <= 1.0;
                    s.h3 += rank <= 3.0;
                    s.h10 += rank <= 10.0;
                }
            }
            const std::size_t d = done += n;
            if (ctx && w == 0) ctx->report(d, queries.size(), "Evaluating");
        }
    };
    if (T == 1) {
        work(0);
    } else {
        std::vector<std::thread> pool;
        for (std::size_t w = 0; w < T; ++w)
            pool.emplace_back(work, w);
        for (auto& t : pool)
            t.join();
    }
    if (ctx) ctx->throw_if_stopped();
    RankingMetrics m;
    Sums tot;
    for (const auto& s : sums) {
        tot.rr += s.rr;
        tot.rank += s.rank;
        tot.h1 += s.h1;
        tot.h3 += s.h3;
        tot.h10 += s.h10;
    }
    m.rankings = 2 * queries.size();
    if (m.rankings) {
        const double n = static_cast<double>(m.rankings);
        m.mrr = tot.rr / n;
        m.mean_rank = tot.rank / n;
        m.hits1 = tot.h1 / n;
        m.hits3 = tot.h3 / n;
        m.hits10 = tot.h10 / n;
    }
    return m;
}

} // namespace kbcx::embed
