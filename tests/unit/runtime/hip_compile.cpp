// Compiled by hipcc (runtime.hip_compile): the CUDA test translation unit (every device function
// of the runtime ABI, for several types, plus the host launch sequence) on the HIP backend, and
// the wavefront width and lane-mask width that each device compilation sees.
#include "cuda_compile.cu"

#if defined(__HIP_DEVICE_COMPILE__)
#if defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx942__) || defined(__gfx908__)
static_assert(omp2cu::backend::warp_size == 64, "CDNA: 64-lane wavefronts");
static_assert(sizeof(omp2cu::backend::lanemask_t) == 8, "wave64: 64-bit lane masks");
#elif defined(__gfx1100__) || defined(__gfx1030__)
static_assert(omp2cu::backend::warp_size == 32, "RDNA: 32-lane wavefronts");
static_assert(sizeof(omp2cu::backend::lanemask_t) == 4, "wave32: 32-bit lane masks");
#endif
static_assert(omp2cu::backend::warp_size == warpSize, "the backend's width is HIP's warpSize");
#endif
static_assert(omp2cu::backend::full_mask == ~omp2cu::backend::lanemask_t(0), "all lanes");
