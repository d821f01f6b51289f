// The geometry of a score (see score_geometry.hpp): the shapes read from an anatomy's traced
// terms, their projection to a plane (balls, translations) or to two dimensions (boxes), the SVG.
#include "embed/score_geometry.hpp"

#include "common/error.hpp"
#include "embed/training.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <numeric>
#include <queue>
#include <set>
#include <sstream>
#include <tuple>
#include <unordered_map>

namespace kbcx::embed {

namespace fs = std::filesystem;

namespace {

using Vec = Eigen::VectorXd;

/// A shape in the model's space.
struct Full {
    GeoShape::Kind kind = GeoShape::Ball;
    GeoShape::Role role = GeoShape::Axiom;
    std::string label;
    Vec centre;
    double r = 0; ///< balls
    Vec half;     ///< boxes: |offset| per dimension
};
struct FullArrow {
    Vec from, to;
    std::string label;
};

std::string fmt(const char* f, double x) {
    char b[64];
    std::snprintf(b, sizeof b, f, x);
    return b;
}

bool is_centre_table(const std::string& n) {
    return n == "class.centre" || n == "head.centre" || n == "tail.centre";
}
/// The offset (or radius) table that goes with a centre table.
std::string partner_table(const std::string& centre, bool balls) {
    if (centre == "head.centre") return "head.offset";
    if (centre == "tail.centre") return "tail.offset";
    return balls ? "class.radius" : "class.offset";
}

class SceneBuilder {
  public:
    SceneBuilder(const ExplainModel& m) : m_(m), model_(*m.el_model()) {
        balls_ = model_.tables().size() > 1 && model_.tables()[1].name == "class.radius";
        for (std::size_t i = 0; i < model_.tables().size(); ++i)
            table_[model_.tables()[i].name] = static_cast<std::uint32_t>(i);
    }

    Vec row(std::uint32_t table, std::uint32_t r) const {
        const auto& M = model_.tables()[table].values;
        Vec v(M.cols());
        for (Eigen::Index k = 0; k < M.cols(); ++k)
            v[k] = M(r, k);
        return v;
    }
    std::string object_label(const std::string& centre_table, std::uint32_t r) const {
        if (centre_table == "head.centre") return "head(" + m_.role_name(r) + ")";
        if (centre_table == "tail.centre") return "tail(" + m_.role_name(r) + ")";
        return m_.class_row_name(r);
    }
    std::string symbol(const TracedRef& ref) const {
        const std::string& n = model_.tables()[ref.table].name;
        if (n == "class.bump") return "β(" + m_.class_row_name(ref.row) + ")";
        if (n == "relation") return "v(" + m_.role_name(ref.row) + ")";
        if (is_centre_table(n)) return object_label(n, ref.row);
        return n + "(" + std::to_string(ref.row) + ")";
    }

    /// The shape of the object whose centre is (centre table, row), once.
    std::size_t base(const std::string& centre_table, std::uint32_t r, GeoShape::Role role, RadFn f) {
        const std::string key = centre_table + "#" + std::to_string(r);
        if (auto it = index_.find(key); it != index_.end()) {
            if (role == GeoShape::Axiom) shapes_[it->second].role = GeoShape::Axiom;
            return it->second;
        }
        Full s;
        s.role = role;
        s.label = object_label(centre_table, r);
        s.centre = row(table_.at(centre_table), r);
        const std::uint32_t off = table_.at(partner_table(centre_table, balls_));
        if (balls_) {
            s.kind = GeoShape::Ball;
            const double rho = model_.tables()[off].values(r, 0);
            s.r = f == RadFn::Relu ? std::max(rho, 0.0) : std::fabs(rho);
        } else {
            s.kind = GeoShape::Box;
            s.half = row(off, r).cwiseAbs();
        }
        shapes_.push_back(std::move(s));
        index_[key] = shapes_.size() - 1;
        return shapes_.size() - 1;
    }

    /// One sign group of a ball or box term: its anchor's shape, and the shape moved by the
    /// group's other vectors when there are any.
    void group(const std::vector<TracedRef>& vecs, float sign, RadFn f) {
        std::vector<TracedRef> g;
        for (const auto& v : vecs)
            if ((v.sign > 0) == (sign > 0)) g.push_back(v);
        if (g.empty()) return;
        const auto anchor = std::find_if(
            g.begin(), g.end(), [&](const TracedRef& v) { return is_centre_table(model_.tables()[v.table].name); });
        if (anchor == g.end()) return; // relation vectors alone (EmEL++'s role terms)
        const std::string ct = model_.tables()[anchor->table].name;
        const std::size_t b = base(ct, anchor->row, GeoShape::Axiom, f);
        if (g.size() == 1) return;
        Full moved = shapes_[b];
        moved.role = GeoShape::Moved;
        std::string label = moved.label;
        for (const auto& v : g) {
            if (&v == &*anchor) continue;
            moved.centre += row(v.table, v.row);
            label += " + " + symbol(v);
        }
        moved.label = label;
        if (index_.count("moved#" + label)) return;
        arrows_.push_back({shapes_[b].centre, moved.centre, label.substr(shapes_[b].label.size() + 3)});
        shapes_.push_back(std::move(moved));
        index_["moved#" + label] = shapes_.size() - 1;
    }

    void add_term(const TermTrace& t) {
        const RadFn f = t.rad_fn == RadFn::Relu ? RadFn::Relu : RadFn::Abs;
        switch (t.kind) {
        case TermTrace::Ball:
        case TermTrace::Box:
            if (t.vecs.empty()) {
                for (const auto& r : t.rads) {
                    const std::string& n = model_.tables()[r.table].name;
                    const std::string ct = n == "head.offset"   ? "head.centre"
                                           : n == "tail.offset" ? "tail.centre"
                                                                : "class.centre";
                    base(ct, r.row, GeoShape::Axiom, f);
                }
                return;
            }
            group(t.vecs, 1.0f, f);
            group(t.vecs, -1.0f, f);
            return;
        case TermTrace::Inter:
            for (const auto& v : t.vecs)
                base("class.centre", v.row, GeoShape::Axiom, f);
            return;
        case TermTrace::MinRad:
            for (const auto& r : t.rads)
                base("class.centre", r.row, GeoShape::Axiom, f);
            return;
        default: return;
        }
    }

    void add_neighbour(kg::Id concept_id) {
        base("class.centre", model_.concept_row(concept_id), GeoShape::Neighbour, RadFn::Abs);
    }

    /// Per-dimension push of the box terms: Σ [z_k]₊² with z_k the hinge's argument in dimension k.
    std::pair<std::vector<double>, std::vector<double>> box_pressure(const ScoreAnatomy& a) const {
        const std::size_t d = static_cast<std::size_t>(model_.config().dim);
        std::vector<double> p(d, 0.0), soft(d, 0.0);
        for (const ScoreTerm& st : a.terms) {
            const TermTrace& t = st.trace;
            if (t.kind == TermTrace::Box) {
                Vec x = Vec::Zero(static_cast<Eigen::Index>(d));
                for (const auto& v : t.vecs)
                    x += v.sign * row(v.table, v.row);
                for (std::size_t k = 0; k < d; ++k) {
                    double z = t.kappa + (t.vecs.empty() ? 0.0 : t.s1 * std::fabs(x[static_cast<Eigen::Index>(k)]));
                    for (const auto& r : t.rads)
                        z += r.sign * std::fabs(model_.tables()[r.table].values(r.row, static_cast<Eigen::Index>(k)));
                    if (z > 0) p[k] += z * z;
                    soft[k] += z;
                }
            } else if (t.kind == TermTrace::Inter) {
                const Vec cC = row(t.vecs[0].table, t.vecs[0].row), cD = row(t.vecs[1].table, t.vecs[1].row),
                          cE = row(t.vecs[2].table, t.vecs[2].row);
                const Vec oC = row(t.rads[0].table, t.rads[0].row).cwiseAbs(),
                          oD = row(t.rads[1].table, t.rads[1].row).cwiseAbs(),
                          oE = row(t.rads[2].table, t.rads[2].row).cwiseAbs();
                for (std::size_t k = 0; k < d; ++k) {
                    const auto i = static_cast<Eigen::Index>(k);
                    const double l = std::max(cC[i] - oC[i], cD[i] - oD[i]), u = std::min(cC[i] + oC[i], cD[i] + oD[i]);
                    const double z = std::fabs((l + u) / 2 - cE[i]) + t.s1 * std::fabs(u - l) / 2 - oE[i] + t.kappa;
                    if (z > 0) p[k] += z * z;
                    if (l > u) p[k] += (l - u) * (l - u);
                    soft[k] += z;
                }
            }
        }
        return {p, soft};
    }

    std::vector<Full> shapes_;
    std::vector<FullArrow> arrows_;
    bool balls_ = false;

  private:
    const ExplainModel& m_;
    const ElModel& model_;
    std::map<std::string, std::uint32_t> table_;
    std::map<std::string, std::size_t> index_;
};

/// An orthonormal basis (columns) of the plane for the points `axiom` (the axiom's centres) with
/// `others` to fill directions the axiom leaves open; origin = mean of `axiom`.
Eigen::MatrixXd plane_basis(const std::vector<Vec>& axiom, const std::vector<Vec>& others, Vec& origin,
                            std::string& how) {
    const Eigen::Index d = axiom.front().size();
    origin = Vec::Zero(d);
    for (const auto& p : axiom)
        origin += p;
    origin /= static_cast<double>(axiom.size());
    std::vector<Vec> basis;
    auto add = [&](Vec v) {
        for (const auto& b : basis)
            v -= v.dot(b) * b;
        const double n = v.norm();
        if (n > 1e-9 * std::max(1.0, origin.norm())) basis.push_back(v / n);
    };
    auto pca = [&](const std::vector<Vec>& pts, const Vec& mu) {
        Eigen::MatrixXd X(static_cast<Eigen::Index>(pts.size()), d);
        for (std::size_t i = 0; i < pts.size(); ++i) {
            Vec v = pts[i] - mu;
            for (const auto& b : basis)
                v -= v.dot(b) * b;
            X.row(static_cast<Eigen::Index>(i)) = v.transpose();
        }
        Eigen::JacobiSVD<Eigen::MatrixXd> svd(X, Eigen::ComputeThinV);
        for (Eigen::Index j = 0; j < svd.singularValues().size() && basis.size() < 2; ++j)
            if (svd.singularValues()[j] > 1e-12) add(svd.matrixV().col(j));
    };
    if (axiom.size() <= 3) {
        for (std::size_t i = 1; i < axiom.size(); ++i)
            add(axiom[i] - axiom[0]);
        how = "the plane through the axiom's centres";
    } else {
        pca(axiom, origin);
        how = "PCA over the axiom's centres";
    }
    if (basis.size() < 2 && !others.empty()) {
        const std::size_t before = basis.size();
        pca(others, origin);
        if (basis.size() > before) how += ", completed by PCA over the neighbours";
    }
    for (Eigen::Index k = 0; k < d && basis.size() < 2; ++k)
        add(Vec::Unit(d, k));
    while (basis.size() < 2)
        basis.push_back(Vec::Zero(d)); // d = 1
    Eigen::MatrixXd B(d, 2);
    B.col(0) = basis[0];
    B.col(1) = basis[1];
    return B;
}

double max_rel_error(const std::vector<Vec>& full, const std::vector<std::pair<double, double>>& plane) {
    double e = 0;
    for (std::size_t i = 0; i < full.size(); ++i)
        for (std::size_t j = i + 1; j < full.size(); ++j) {
            const double D = (full[i] - full[j]).norm();
            if (D < 1e-12) continue;
            const double p = std::hypot(plane[i].first - plane[j].first, plane[i].second - plane[j].second);
            e = std::max(e, std::fabs(p - D) / D);
        }
    return e;
}

std::string distortion_text(const GeoScene& s) {
    std::string t = "centre distances: max relative error " + fmt("%.3g", s.distance_error) + " (the axiom's own " +
                    fmt("%.3g", s.axiom_distance_error) + ")";
    return t + (s.axis_x >= 0 ? "; box extents exact in these dimensions" : "; radii exact");
}

} // namespace

std::vector<kg::Id> anatomy_concepts(const ExplainModel& m, const ScoreAnatomy& a) {
    std::vector<kg::Id> out;
    auto add = [&](kg::Id c) {
        if (c != kg::kNoId && c != kTopConcept && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    };
    if (m.is_el()) {
        for (const NfAxiom& p : a.parts)
            for (kg::Id c : {p.a, p.b, p.c})
                add(c);
        return out;
    }
    for (const ScoreTerm& t : a.terms)
        for (const std::string& r : t.reads)
            if (r.rfind("entity(", 0) == 0) {
                const std::string n = r.substr(7, r.size() - 8);
                const auto it = std::find(m.entities().begin(), m.entities().end(), n);
                if (it != m.entities().end()) add(static_cast<kg::Id>(it - m.entities().begin()));
            }
    return out;
}

std::vector<kg::Id> told_neighbours(const std::vector<NfAxiom>& axioms, const std::vector<kg::Id>& concepts,
                                    std::size_t named_concepts, std::size_t max) {
    std::map<kg::Id, std::vector<kg::Id>> adj;
    auto named = [&](kg::Id c) { return c < named_concepts; };
    for (const NfAxiom& a : axioms)
        if ((a.kind == NfKind::GCI0 || a.kind == NfKind::GCI2 || a.kind == NfKind::GCI3) && named(a.a) && named(a.b)) {
            adj[a.a].push_back(a.b);
            adj[a.b].push_back(a.a);
        }
    std::set<kg::Id> seen(concepts.begin(), concepts.end());
    std::queue<kg::Id> q;
    for (kg::Id c : concepts)
        q.push(c);
    std::vector<kg::Id> out;
    while (!q.empty() && out.size() < max) {
        const kg::Id c = q.front();
        q.pop();
        auto it = adj.find(c);
        if (it == adj.end()) continue;
        for (kg::Id n : it->second) {
            if (out.size() >= max) break;
            if (seen.insert(n).second) {
                out.push_back(n);
                q.push(n);
            }
        }
    }
    return out;
}

std::vector<kg::Id> nearest_neighbours(const ExplainModel& m, const std::vector<kg::Id>& ids, std::size_t max) {
    const Matrix& C = m.is_el() ? m.el_model()->tables()[0].values : m.kg_model()->tables()[0].values;
    const std::size_t n = m.is_el() ? m.el_names().named_concepts : m.entities().size();
    std::vector<std::pair<double, kg::Id>> best;
    for (kg::Id i = 0; i < n && i < static_cast<std::size_t>(C.rows()); ++i) {
        if (std::find(ids.begin(), ids.end(), i) != ids.end()) continue;
        double d = HUGE_VAL;
        for (kg::Id c : ids) {
            const Eigen::Index r = m.is_el() ? m.el_model()->concept_row(c) : c;
            if (r >= C.rows()) continue;
            d = std::min(d, static_cast<double>((C.row(i) - C.row(r)).matrix().norm()));
        }
        best.emplace_back(d, i);
    }
    const std::size_t k = std::min(max, best.size());
    std::partial_sort(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(k), best.end());
    std::vector<kg::Id> out;
    for (std::size_t i = 0; i < k; ++i)
        out.push_back(best[i].second);
    return out;
}

namespace {

/// The string value of `"key": "…"` in a params.json ("" when absent).
std::string json_string(const std::string& json, const std::string& key) {
    const std::string k = "\"" + key + "\"";
    auto p = json.find(k);
    if (p == std::string::npos) return "";
    p = json.find(':', p + k.size());
    if (p == std::string::npos) return "";
    p = json.find('"', p);
    if (p == std::string::npos) return "";
    std::string out;
    for (std::size_t i = p + 1; i < json.size(); ++i) {
        if (json[i] == '"') return out;
        if (json[i] == '\\' && i + 1 < json.size()) ++i;
        out += json[i];
    }
    return "";
}

} // namespace

std::vector<kg::Id> run_neighbours(const std::string& run_dir, const ExplainModel& m, const ScoreAnatomy& a,
                                   std::size_t max, std::string* source) {
    const auto ids = anatomy_concepts(m, a);
    if (m.is_el() && max > 0) {
        std::ifstream in(RunFolder(run_dir).params_path(), std::ios::binary);
        std::ostringstream ss;
        ss << in.rdbuf();
        const std::string data = json_string(ss.str(), "data");
        std::error_code ec;
        if (!data.empty() && fs::is_regular_file(data, ec)) {
            try {
                jobs::JobContext ctx;
                const ElDataset d = load_el_dataset(data, ctx);
                // The dataset's ids by name → the checkpoint's.
                std::unordered_map<std::string, kg::Id> ours;
                for (kg::Id i = 0; i < m.el_names().concepts.size(); ++i)
                    ours.emplace(m.el_names().concepts[i], i);
                std::vector<kg::Id> theirs;
                std::unordered_map<std::string, kg::Id> by_name;
                for (kg::Id i = 0; i < d.names.concepts.size(); ++i)
                    by_name.emplace(d.names.concepts[i], i);
                for (kg::Id c : ids)
                    if (auto it = by_name.find(m.el_names().concepts[c]); it != by_name.end())
                        theirs.push_back(it->second);
                std::vector<kg::Id> out;
                for (kg::Id n : told_neighbours(d.axioms, theirs, d.names.named_concepts, max))
                    if (auto it = ours.find(d.names.concepts[n]); it != ours.end()) out.push_back(it->second);
                if (source) *source = "told axioms of " + data;
                return out;
            } catch (const std::exception&) {
                // the ontology changed or cannot be read: fall back to the nearest centres
            }
        }
    }
    if (source) *source = "nearest centres";
    return nearest_neighbours(m, ids, max);
}

GeoScene score_geometry(const ExplainModel& m, const ScoreAnatomy& a, const GeometryOptions& o) {
    GeoScene scene;
    scene.title = a.model + " (" + a.variant + "), epoch " + std::to_string(a.epoch) + ": " + a.axiom;
    std::vector<Full> shapes;
    std::vector<FullArrow> arrows;
    bool boxes = false;
    std::vector<double> pressure, soft;
    if (m.is_el()) {
        SceneBuilder b(m);
        for (const ScoreTerm& t : a.terms)
            b.add_term(t.trace);
        for (kg::Id n : o.neighbours)
            if (n < m.el_model()->sizes().concepts) b.add_neighbour(n);
        if (b.shapes_.empty()) scene.notes.push_back("the terms read relation vectors only: nothing to draw");
        boxes = !b.balls_;
        if (boxes) std::tie(pressure, soft) = b.box_pressure(a);
        shapes = std::move(b.shapes_);
        arrows = std::move(b.arrows_);
    } else {
        const KgModel& k = *m.kg_model();
        if (k.name() != "TransE-L1" && k.name() != "TransE-L2")
            throw InputError("--geometry", k.name() + " has no geometry to draw (balls, boxes or translations); "
                                                      "TransE and the EL models have");
        const auto ids = anatomy_concepts(m, a);
        const auto& E = k.tables()[0].values;
        const auto& R = k.tables()[1].values;
        auto ent = [&](kg::Id e) { return Vec(E.row(e).cast<double>().matrix().transpose()); };
        if (ids.size() >= 1) {
            // (h, r, t): h, t and h + r
            const std::string& rel = a.terms.front().reads.at(1);
            const std::string rname = rel.substr(9, rel.size() - 10);
            const auto rit = std::find(m.relations().begin(), m.relations().end(), rname);
            const kg::Id h = ids.front(), t = ids.back();
            Full H{GeoShape::Point, GeoShape::Axiom, m.entities()[h], ent(h), 0, {}};
            Full T{GeoShape::Point, GeoShape::Axiom, m.entities()[t], ent(t), 0, {}};
            shapes.push_back(H);
            if (t != h) shapes.push_back(T);
            if (rit != m.relations().end()) {
                const Vec v = R.row(rit - m.relations().begin()).cast<double>().matrix().transpose();
                Full M{GeoShape::Point, GeoShape::Moved, m.entities()[h] + " + v(" + rname + ")", H.centre + v, 0, {}};
                arrows.push_back({H.centre, M.centre, "v(" + rname + ")"});
                shapes.push_back(M);
            }
        }
        for (kg::Id n : o.neighbours)
            if (n < m.entities().size())
                shapes.push_back({GeoShape::Point, GeoShape::Neighbour, m.entities()[n], ent(n), 0, {}});
    }
    if (shapes.empty()) return scene;

    std::vector<std::pair<double, double>> plane(shapes.size());
    std::function<std::pair<double, double>(const Vec&)> proj;
    if (boxes) {
        // The dimensions with the largest squared active hinge arguments; where no hinge is active,
        // those closest to activating.
        std::vector<int> dims(pressure.size());
        std::iota(dims.begin(), dims.end(), 0);
        std::stable_sort(dims.begin(), dims.end(), [&](int x, int y) {
            const auto i = static_cast<std::size_t>(x), j = static_cast<std::size_t>(y);
            return pressure[i] != pressure[j] ? pressure[i] > pressure[j] : soft[i] > soft[j];
        });
        const GeoScene* same = o.same_projection;
        const int d = static_cast<int>(pressure.size());
        const bool reuse = same && same->axis_x >= 0 && same->axis_x < d && same->axis_y >= 0 && same->axis_y < d;
        scene.axis_x = reuse ? same->axis_x : dims[0];
        scene.axis_y = reuse ? same->axis_y : dims.size() > 1 ? dims[1] : dims[0];
        const int ax = scene.axis_x, ay = scene.axis_y;
        proj = [ax, ay](const Vec& v) { return std::pair<double, double>(v[ax], v[ay]); };
        scene.projection = "coordinate dimensions " + std::to_string(ax) + " (x) and " + std::to_string(ay) +
                           (reuse ? " (y)" : " (y), where the terms' hinges push most");
        const double total = std::accumulate(pressure.begin(), pressure.end(), 0.0);
        if (total > 0) {
            const double share =
                (pressure[static_cast<std::size_t>(ax)] + (ay != ax ? pressure[static_cast<std::size_t>(ay)] : 0.0)) /
                total;
            scene.notes.push_back("these two dimensions carry " + fmt("%.0f", 100 * share) +
                                  "% of the active hinges' squared arguments");
        } else {
            scene.notes.push_back("no hinge is active in any dimension");
        }
    } else {
        std::vector<Vec> axiom, others;
        for (const Full& s : shapes)
            (s.role == GeoShape::Neighbour ? others : axiom).push_back(s.centre);
        if (axiom.empty()) axiom = others;
        Vec origin;
        std::string how;
        Eigen::MatrixXd B;
        const GeoScene* same = o.same_projection;
        const auto d = static_cast<std::size_t>(axiom.front().size());
        if (same && same->plane_origin.size() == d && same->plane_u.size() == d && same->plane_v.size() == d) {
            origin = Eigen::Map<const Vec>(same->plane_origin.data(), static_cast<Eigen::Index>(d));
            B.resize(static_cast<Eigen::Index>(d), 2);
            B.col(0) = Eigen::Map<const Vec>(same->plane_u.data(), static_cast<Eigen::Index>(d));
            B.col(1) = Eigen::Map<const Vec>(same->plane_v.data(), static_cast<Eigen::Index>(d));
            how = "a given plane";
        } else {
            B = plane_basis(axiom, others, origin, how);
        }
        scene.plane_origin.assign(origin.data(), origin.data() + origin.size());
        scene.plane_u.assign(B.col(0).data(), B.col(0).data() + B.rows());
        scene.plane_v.assign(B.col(1).data(), B.col(1).data() + B.rows());
        proj = [B, origin](const Vec& v) {
            const Vec p = B.transpose() * (v - origin);
            return std::pair<double, double>(p[0], p[1]);
        };
        scene.projection = how;
    }
    std::vector<Vec> full, full_axiom;
    std::vector<std::pair<double, double>> flat, flat_axiom;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const Full& s = shapes[i];
        const auto [x, y] = proj(s.centre);
        GeoShape g;
        g.kind = s.kind;
        g.role = s.role;
        g.label = s.label;
        if (s.kind == GeoShape::Box) {
            const auto [hx, hy] = proj(s.half);
            g.x = x - hx, g.y = y - hy, g.x2 = x + hx, g.y2 = y + hy;
        } else {
            g.x = x, g.y = y, g.r = s.r;
        }
        scene.shapes.push_back(g);
        full.push_back(s.centre);
        flat.emplace_back(x, y);
        if (s.role != GeoShape::Neighbour) full_axiom.push_back(s.centre), flat_axiom.emplace_back(x, y);
    }
    for (const FullArrow& ar : arrows) {
        GeoShape g;
        g.kind = GeoShape::Arrow;
        g.role = GeoShape::Moved;
        g.label = ar.label;
        std::tie(g.x, g.y) = proj(ar.from);
        std::tie(g.x2, g.y2) = proj(ar.to);
        scene.shapes.push_back(g);
    }
    scene.distance_error = max_rel_error(full, flat);
    scene.axiom_distance_error = max_rel_error(full_axiom, flat_axiom);
    scene.radius_error = 0;
    scene.notes.push_back(distortion_text(scene));
    return scene;
}

namespace {

std::string xml(const std::string& s) {
    std::string o;
    for (char c : s) {
        switch (c) {
        case '<': o += "&lt;"; break;
        case '>': o += "&gt;"; break;
        case '&': o += "&amp;"; break;
        case '"': o += "&quot;"; break;
        default: o += c;
        }
    }
    return o;
}

} // namespace

GeoView scene_view(const GeoScene& s) {
    double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
    auto grow = [&](double x, double y) {
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    };
    for (const GeoShape& g : s.shapes) {
        if (g.kind == GeoShape::Ball)
            grow(g.x - g.r, g.y - g.r), grow(g.x + g.r, g.y + g.r);
        else if (g.kind == GeoShape::Box || g.kind == GeoShape::Arrow)
            grow(g.x, g.y), grow(g.x2, g.y2);
        else
            grow(g.x, g.y);
    }
    if (s.shapes.empty()) x0 = y0 = -1, x1 = y1 = 1;
    if (!(x1 > x0)) x0 -= 1, x1 += 1;
    if (!(y1 > y0)) y0 -= 1, y1 += 1;
    return {x0, y0, x1, y1};
}

GeoView union_view(const std::vector<GeoScene>& scenes) {
    if (scenes.empty()) return {};
    GeoView v = scene_view(scenes.front());
    for (const GeoScene& s : scenes) {
        const GeoView w = scene_view(s);
        v.x0 = std::min(v.x0, w.x0), v.y0 = std::min(v.y0, w.y0);
        v.x1 = std::max(v.x1, w.x1), v.y1 = std::max(v.y1, w.y1);
    }
    return v;
}

std::string geometry_svg(const GeoScene& s, const GeoView* view) {
    constexpr double W = 800, H = 640, M = 40, caption = 70;
    const GeoView v = view ? *view : scene_view(s);
    const double x0 = v.x0, y1 = v.y1;
    const double x1 = v.x1, y0 = v.y0;
    const double k = std::min((W - 2 * M) / std::max(x1 - x0, 1e-12), (H - 2 * M - caption) / std::max(y1 - y0, 1e-12));
    auto X = [&](double x) { return M + (x - x0) * k; };
    auto Y = [&](double y) { return M + (y1 - y) * k; };
    static const char* palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"};
    std::string o = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    o += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + fmt("%g", W) + "\" height=\"" + fmt("%g", H) +
         "\" viewBox=\"0 0 " + fmt("%g", W) + " " + fmt("%g", H) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    o += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
         "orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#444\"/></marker></defs>\n";
    o += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    o += "<title>" + xml(s.title) + "</title>\n";
    std::size_t colour = 0;
    for (const GeoShape& g : s.shapes) {
        const bool neighbour = g.role == GeoShape::Neighbour;
        const std::string c = neighbour ? "#999999" : palette[colour++ % 7];
        const std::string dash = g.role == GeoShape::Moved ? " stroke-dasharray=\"6 4\"" : "";
        const std::string style = " fill=\"" + c + "\" fill-opacity=\"" + (neighbour ? "0.05" : "0.12") +
                                  "\" stroke=\"" + c + "\" stroke-width=\"1.5\"" + dash;
        double lx = 0, ly = 0;
        switch (g.kind) {
        case GeoShape::Ball:
            o += "<circle class=\"ball\" cx=\"" + fmt("%.2f", X(g.x)) + "\" cy=\"" + fmt("%.2f", Y(g.y)) + "\" r=\"" +
                 fmt("%.2f", g.r * k) + "\"" + style + "/>\n";
            o += "<circle cx=\"" + fmt("%.2f", X(g.x)) + "\" cy=\"" + fmt("%.2f", Y(g.y)) + "\" r=\"2\" fill=\"" + c +
                 "\"/>\n";
            lx = X(g.x) + 4, ly = Y(g.y) - 4;
            break;
        case GeoShape::Box:
            o += "<rect class=\"box\" x=\"" + fmt("%.2f", X(g.x)) + "\" y=\"" + fmt("%.2f", Y(g.y2)) + "\" width=\"" +
                 fmt("%.2f", (g.x2 - g.x) * k) + "\" height=\"" + fmt("%.2f", (g.y2 - g.y) * k) + "\"" + style + "/>\n";
            lx = X(g.x) + 3, ly = Y(g.y2) + 13;
            break;
        case GeoShape::Point:
            o += "<circle class=\"point\" cx=\"" + fmt("%.2f", X(g.x)) + "\" cy=\"" + fmt("%.2f", Y(g.y)) +
                 "\" r=\"4\" fill=\"" + c + "\"/>\n";
            lx = X(g.x) + 6, ly = Y(g.y) - 6;
            break;
        case GeoShape::Arrow:
            --colour;
            o += "<line class=\"translation\" x1=\"" + fmt("%.2f", X(g.x)) + "\" y1=\"" + fmt("%.2f", Y(g.y)) +
                 "\" x2=\"" + fmt("%.2f", X(g.x2)) + "\" y2=\"" + fmt("%.2f", Y(g.y2)) +
                 "\" stroke=\"#444\" stroke-width=\"1.2\" marker-end=\"url(#arrow)\"/>\n";
            lx = (X(g.x) + X(g.x2)) / 2 + 4, ly = (Y(g.y) + Y(g.y2)) / 2 - 4;
            break;
        }
        o += "<text x=\"" + fmt("%.2f", lx) + "\" y=\"" + fmt("%.2f", ly) + "\" fill=\"" +
             (g.kind == GeoShape::Arrow ? std::string("#444") : c) + "\">" + xml(g.label) + "</text>\n";
    }
    double cy = H - caption + 14;
    for (const std::string& line : {s.title, "projection: " + s.projection}) {
        o += "<text x=\"" + fmt("%g", M) + "\" y=\"" + fmt("%.0f", cy) + "\">" + xml(line) + "</text>\n";
        cy += 16;
    }
    for (const std::string& line : s.notes) {
        o += "<text x=\"" + fmt("%g", M) + "\" y=\"" + fmt("%.0f", cy) + "\">" + xml(line) + "</text>\n";
        cy += 16;
    }
    o += "</svg>\n";
    return o;
}

} // namespace kbcx::embed

namespace kbcx::embed {

std::vector<EpochGeometry> replay_over_training(const std::string& run_dir, std::string_view axiom,
                                                std::size_t neighbours, std::string* source) {
    const auto kept = kept_checkpoints(run_dir);
    if (kept.empty())
        throw InputError(run_dir, "the run kept no checkpoints per evaluation (train it with --keep-checkpoints)");
    // The last checkpoint fixes the neighbours and the projection; every frame uses them.
    const ExplainModel last(kept.back().path);
    ScoreAnatomy last_anatomy = last.explain(axiom);
    last_anatomy.epoch = kept.back().epoch;
    GeometryOptions o;
    o.neighbours = run_neighbours(run_dir, last, last_anatomy, neighbours, source);
    const GeoScene reference = score_geometry(last, last_anatomy, o);
    o.same_projection = &reference;
    std::vector<EpochGeometry> out;
    for (std::size_t i = 0; i + 1 < kept.size(); ++i) {
        const ExplainModel m(kept[i].path);
        EpochGeometry e;
        e.epoch = kept[i].epoch;
        e.anatomy = m.explain(axiom);
        e.anatomy.epoch = e.epoch;
        e.scene = score_geometry(m, e.anatomy, o);
        e.scene.projection = reference.projection + ", at epoch " + std::to_string(kept.back().epoch);
        out.push_back(std::move(e));
    }
    out.push_back({kept.back().epoch, std::move(last_anatomy), reference});
    return out;
}

} // namespace kbcx::embed
