// The rank of a scored candidate among others with ties counted half, the one formula behind the
// link-prediction ranks of embed, eval and bench.
#pragma once

namespace kbcx::eval {

/// 1 + #better + #tied/2: the rank of a candidate that `better` others outscore and `tied` others
/// (the candidate itself not counted) score exactly as well, i.e. the mean of the ranks it could take
/// among its ties. 1 is best; a mean over queries of 1/rank is the MRR.
inline double tie_averaged_rank(double better, double tied) {
    return 1.0 + better + tied / 2.0;
}

} // namespace kbcx::eval
