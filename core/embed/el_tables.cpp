// The EL models' parameter tables and shared initialisers (el_tables.hpp): ball tables, box
// tables, Box²EL's tables with bumps and head/tail boxes.
#include "embed/el_tables.hpp"

#include <cmath>

namespace kbcx::embed {

/// The parameter tables of each geometry, named as checkpoints store them (and shared by every
/// variant of a model): n class rows, r roles, dimension d.
void add_ball_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d) {
    t.push_back({"class.centre", Matrix::Zero(n, d)});
    t.push_back({"class.radius", Matrix::Zero(n, 1)});
    t.push_back({"relation", Matrix::Zero(r, d)});
}
/// The original ball init: each [c | ρ] row drawn (c ~ U(−1, 1), ρ ~ U(0, 1) when `positive_radius`,
/// else U(−1, 1)) and normalised as one vector.
void init_joint_balls(Matrix& C, Matrix& R, std::mt19937_64& rng, bool positive_radius) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), u01(0.0f, 1.0f);
    for (Eigen::Index i = 0; i < C.rows(); ++i) {
        for (Eigen::Index k = 0; k < C.cols(); ++k)
            C(i, k) = u(rng);
        R(i, 0) = positive_radius ? u01(rng) : u(rng);
        const float n = std::sqrt(C.row(i).square().sum() + R(i, 0) * R(i, 0));
        C.row(i) /= n;
        R(i, 0) /= n;
    }
}
/// Rows drawn from U(−1, 1) and normalised (relation vectors).
void init_unit_rows(Matrix& V, std::mt19937_64& rng) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (Eigen::Index i = 0; i < V.rows(); ++i) {
        for (Eigen::Index k = 0; k < V.cols(); ++k)
            V(i, k) = u(rng);
        V.row(i) /= std::sqrt(V.row(i).square().sum());
    }
}
void add_box_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d) {
    t.push_back({"class.centre", Matrix::Zero(n, d)});
    t.push_back({"class.offset", Matrix::Zero(n, d)});
    t.push_back({"relation", Matrix::Zero(r, d)});
}
void add_box2el_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d) {
    t.push_back({"class.centre", Matrix::Zero(n, d)});
    t.push_back({"class.offset", Matrix::Zero(n, d)});
    t.push_back({"class.bump", Matrix::Zero(n, d)});
    t.push_back({"head.centre", Matrix::Zero(r, d)});
    t.push_back({"head.offset", Matrix::Zero(r, d)});
    t.push_back({"tail.centre", Matrix::Zero(r, d)});
    t.push_back({"tail.offset", Matrix::Zero(r, d)});
}

} // namespace kbcx::embed
