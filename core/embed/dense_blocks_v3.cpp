// dense_blocks built with -march=x86-64-v3 (set in core/CMakeLists.txt); dense_blocks.cpp calls
// it only on a CPU that has those instructions. Empty where the build is not for x86-64.
#if defined(KBCX_DENSE_MULTI_ISA)
#define KBCX_DENSE_VARIANT v3
#define KBCX_DENSE_EIGEN kbcx_dense_eigen_v3
#include "embed/dense_blocks_impl.inc"
#endif
