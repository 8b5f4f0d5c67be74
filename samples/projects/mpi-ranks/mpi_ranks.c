/* MPI + OpenMP offloading: one rank per GPU. Each rank takes the device of its local rank (ranks
   on one node share its GPUs round-robin), sums its slice of a series on it, and rank 0 prints
   the total. Build with the MPI wrapper over omp2cu-cc:
     OMPI_CC=omp2cu-cc mpicc mpi_ranks.c -o mpi_ranks      (Open MPI)
     MPICH_CC=omp2cu-cc mpicc mpi_ranks.c -o mpi_ranks     (MPICH)
     mpiexec -n 4 ./mpi_ranks */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* The rank of this process on its node, as the common launchers tell it. */
static int local_rank(int world_rank) {
  const char *vars[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID",
                        "PMI_LOCAL_RANK"};
  for (int k = 0; k < 4; k++) {
    const char *v = getenv(vars[k]);
    if (v)
      return atoi(v);
  }
  return world_rank;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int devices = omp_get_num_devices();
  if (devices > 0)
    omp_set_default_device(local_rank(rank) % devices);

  const long long n = 1 << 20;
  long long lo = n * rank / size, hi = n * (rank + 1) / size;
  long long part = 0;
#pragma omp target teams distribute parallel for reduction(+: part)
  for (long long i = lo; i < hi; i++)
    part += (i % 7) * (i % 11);

  long long total = 0;
  MPI_Reduce(&part, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("total %lld\n", total);
  MPI_Finalize();
  return 0;
}
