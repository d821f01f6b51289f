// dense_blocks built for the project's own target (baseline x86-64, or any other architecture);
// dense_blocks.cpp falls back to it on CPUs without AVX2.
#define KBCX_DENSE_VARIANT base
#define KBCX_DENSE_EIGEN kbcx_dense_eigen_base
#include "embed/dense_blocks_impl.inc"
