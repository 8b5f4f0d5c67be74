/* A one-process stand-in for MPI (the part of the API that samples/projects/mpi-ranks uses),
   for testing omp2cu-cc under an MPI compiler wrapper where no MPI is installed. */
#ifndef FAKE_MPI_H
#define FAKE_MPI_H
#ifdef __cplusplus
extern "C" {
#endif
typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef int MPI_Op;
#define MPI_COMM_WORLD 0
#define MPI_LONG_LONG 1
#define MPI_DOUBLE 2
#define MPI_SUM 0
int MPI_Init(int *argc, char ***argv);
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_size(MPI_Comm comm, int *size);
int MPI_Reduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm);
int MPI_Finalize(void);
#ifdef __cplusplus
}
#endif
#endif
