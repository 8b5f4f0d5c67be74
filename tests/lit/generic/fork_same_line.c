// In generic mode a parallel construct becomes a fork of the workers, written with a comment
// that names its outlined function; what follows the construct on its line (the brace that
// closes the team's block) goes to the next line, not into the comment.
// RUN: %omp2cu --style=none --no-spmdize %s -o - | FileCheck %s
#include <omp.h>
void fill(int n, double *v) {
#pragma omp target teams num_teams(2) map(from: v[0:n])
  { int t = omp_get_team_num();
#pragma omp parallel for
    for (int i = t; i < n; i += 2) v[i] = i; }
}
// CHECK: omp2cu::dev::fork(omp2cu_team, 1, 0); // '#pragma omp parallel for' (fork_same_line.c:9) runs on the workers as fill_L7_parallel_L9{{$}}
// CHECK-NEXT: {{^ *}}}{{$}}
