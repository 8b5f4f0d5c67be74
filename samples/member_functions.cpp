// Target regions in member functions: `this` is mapped as OpenMP says (as if `this[:1]` were
// mapped tofrom), the pointer members the regions use are attached to the device copies of
// their data, and the object can stay on the device across calls (target enter data of
// `this[:1]` and of member sections in the constructor, exit data in the destructor).
#include <cstdio>

namespace heat {

struct Shape {
  int nx, ny;
};

class Grid : public Shape {
public:
  double *u, *v;
  double alpha;
  int steps;

  Grid(int nx_, int ny_, double alpha_);
  ~Grid();
  double initial(int i, int j) const { return (i * 7 + j * 3) % 11 + 0.5 * j; }
  void init();
  void step();
  void fetch();
  double sum() const;
};

Grid::Grid(int nx_, int ny_, double alpha_) : Shape{nx_, ny_}, alpha(alpha_), steps(0) {
  u = new double[nx * ny];
  v = new double[nx * ny];
  // The object and its arrays live on the device from here on.
#pragma omp target enter data map(to: this[:1]) map(alloc: u[0:nx*ny], v[0:nx*ny])
}

Grid::~Grid() {
#pragma omp target exit data map(release: u[0:nx*ny], v[0:nx*ny]) map(release: this[:1])
  delete[] u;
  delete[] v;
}

void Grid::init() {
  // A member function called in the region runs on the device.
#pragma omp target teams distribute parallel for collapse(2)
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      u[j * nx + i] = initial(i, j);
      v[j * nx + i] = u[j * nx + i];
    }
}

void Grid::step() {
  // Team code before the worksharing loop: generic or SPMDized.
#pragma omp target teams
  {
    const int rows = ny - 2;
    const double a = alpha;
#pragma omp distribute parallel for
    for (int j = 1; j <= rows; ++j)
      for (int i = 1; i < nx - 1; ++i)
        v[j * nx + i] = u[j * nx + i] + a * (u[(j - 1) * nx + i] + u[(j + 1) * nx + i] +
                                             u[j * nx + i - 1] + u[j * nx + i + 1] -
                                             4 * u[j * nx + i]);
  }
#pragma omp target teams distribute parallel for
  for (int j = 1; j < ny - 1; ++j)
    for (int i = 1; i < nx - 1; ++i)
      this->u[j * this->nx + i] = v[j * nx + i];
  // Written in the device copy of the object: seen on the host after an update.
#pragma omp target
  ++steps;
}

void Grid::fetch() {
#pragma omp target update from(u[0:nx*ny])
#pragma omp target update from(this[:1])
}

double Grid::sum() const {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+: s) map(tofrom: s)
  for (int k = 0; k < nx * ny; ++k)
    s += u[k];
  return s;
}

} // namespace heat

// A struct whose pointer member is mapped beside the struct itself, and written in the region.
struct Buffer {
  int n;
  float *data;
  int touched;
};

int main() {
  heat::Grid g(48, 40, 0.1);
  g.init();
  for (int s = 0; s < 10; ++s)
    g.step();
  g.fetch();
  printf("steps %d, sum on the device %.6f, u[5][7] %.6f\n", g.steps, g.sum(), g.u[5 * 48 + 7]);

  float store[100];
  for (int i = 0; i < 100; ++i)
    store[i] = i;
  Buffer b{100, store, 0};
#pragma omp target map(tofrom: b) map(tofrom: b.data[0:b.n])
  {
    for (int i = 0; i < b.n; ++i)
      b.data[i] *= 2;
    b.touched = b.n;
  }
  double t = 0;
  for (int i = 0; i < 100; ++i)
    t += store[i];
  printf("buffer: touched %d, sum %.1f, pointer kept %d\n", b.touched, t, b.data == store);
  return 0;
}
