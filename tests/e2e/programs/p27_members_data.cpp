// Members of a class and of a struct in data directives: `this->n` beside `this->d[0:n]` in the
// constructor's enter data (one entry over the members, as libomptarget maps a partial struct),
// regions that map members and use the rest of the object, members copied back by exit data.
#include <cstdio>

#pragma omp declare target
int scale_factor = 3;
int scaled(int x) { return x * scale_factor; }
#pragma omp end declare target

class Buffer {
  int n;
  int *d;

public:
  explicit Buffer(int n_) : n(n_), d(new int[n_]) {
    for (int i = 0; i < n; ++i)
      d[i] = i;
#pragma omp target enter data map(to: this->d[0:n], this->n)
  }
  ~Buffer() {
#pragma omp target exit data map(delete: this->d[0:n], this->n)
    delete[] d;
  }
  void apply() {
#pragma omp target teams distribute parallel for map(to: this->n)
    for (int i = 0; i < n; ++i)
      d[i] = scaled(d[i]);
  }
  int get(int i) {
#pragma omp target update from(this->d[i:1])
    return d[i];
  }
};

struct Grid {
  int nx, ny;
  double sum;
  double w[3];
};

void addref(int (&arr)[16], int &total) {
#pragma omp target teams distribute parallel for reduction(+: total) map(tofrom: arr, total)
  for (int i = 0; i < 16; ++i) {
    arr[i] += 1;
    total += arr[i];
  }
}

int main() {
  scale_factor = 4;
#pragma omp target update to(scale_factor)
  Buffer b(100);
  b.apply();
  std::printf("%d %d\n", b.get(10), b.get(99));

  int arr[16] = {0}, total = 0;
  addref(arr, total);
  std::printf("%d %d\n", total, arr[15]);

  Grid g{8, 4, 0.0, {0.25, 0.5, 0.25}};
  // Members only: one entry over nx..w; the weights go in, the sum comes back by itself.
#pragma omp target enter data map(to: g.nx, g.ny, g.w[0:3]) map(alloc: g.sum)
#pragma omp target
  {
    double s = 0;
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i)
        s += g.w[i % 3] * (i + j);
    g.sum = s;
  }
#pragma omp target exit data map(from: g.sum) map(release: g.nx, g.ny, g.w[0:3])
  std::printf("%.3f\n", g.sum);
  return 0;
}
