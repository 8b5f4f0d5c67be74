// Classes written the way C++ codes write them: member functions defined inside the class,
// private data, members named in map clauses. omp2cu moves such a member function after its
// class (its kernels are defined before it; #line directives keep its lines), declares the
// kernels friends of the class, and copies each member list item by its own map-type.
#include <cstdio>

namespace particles {

class Cloud {
public:
  explicit Cloud(int n, double dt = 0.01) : n_(n), dt_(dt), x_(new double[n]), v_(new double[n]) {
    for (int i = 0; i < n_; ++i) {
      x_[i] = i / 1024.0;
      v_[i] = 1.0 - i / 2048.0;
    }
#pragma omp target enter data map(to: x_[0:n_], v_[0:n_])
  }
  ~Cloud() {
#pragma omp target exit data map(delete: x_[0:n_], v_[0:n_])
    delete[] x_;
    delete[] v_;
  }

  void step(int steps) {
    for (int s = 0; s < steps; ++s) {
      // Team code reads a private member before the loop; the loop calls a private member
      // function on the device.
#pragma omp target teams
      {
        const double h = dt_;
#pragma omp distribute parallel for
        for (int i = 0; i < n_; ++i) {
          v_[i] -= h * force(x_[i]);
          x_[i] += h * v_[i];
        }
      }
    }
    steps_ += steps;
  }

  double energy() const {
    double e = 0;
#pragma omp target teams distribute parallel for reduction(+: e) map(tofrom: e)
    for (int i = 0; i < n_; ++i)
      e += 0.5 * v_[i] * v_[i] + potential(x_[i]);
    return e;
  }

  // A member in a map clause (this->fast_): copied by its own map-type.
  int countFast(double limit) {
    fast_ = 0;
#pragma omp target teams distribute parallel for map(tofrom: fast_)
    for (int i = 0; i < n_; ++i)
      if (v_[i] > limit || v_[i] < -limit) {
#pragma omp atomic
        ++fast_;
      }
    return fast_;
  }

  void fetch() {
#pragma omp target update from(x_[0:n_], v_[0:n_])
  }
  double x(int i) const { return x_[i]; }
  int steps() const { return steps_; }

private:
  int n_;
  double dt_;
  double *x_, *v_;
  int steps_ = 0;
  int fast_ = 0;
  double force(double x) const { return 4.0 * x; }
  double potential(double x) const { return 2.0 * x * x; }
};

struct Histogram {
  int n;
  double lo, hi;
  int bins[4];
};

} // namespace particles

int main() {
  particles::Cloud c(4096);
  double e0 = c.energy();
  c.step(10);
  double e1 = c.energy();
  int fast = c.countFast(0.9);
  c.fetch();
  printf("energy %.4f -> %.4f, %d fast, x[100] = %.6f, %d steps\n", e0, e1, fast, c.x(100),
         c.steps());

  // Members of a struct as list items, each with its map-type.
  static double data[4096];
  for (int i = 0; i < 4096; ++i)
    data[i] = (i % 100) / 100.0;
  particles::Histogram h{4096, 0.0, 1.0, {0, 0, 0, 0}};
#pragma omp target teams distribute parallel for map(to: h.n, h.lo, h.hi, data[0:4096]) \
    map(tofrom: h.bins[0:4])
  for (int i = 0; i < h.n; ++i) {
    int b = (int)((data[i] - h.lo) / (h.hi - h.lo) * 4);
#pragma omp atomic
    h.bins[b] += 1;
  }
  printf("bins %d %d %d %d\n", h.bins[0], h.bins[1], h.bins[2], h.bins[3]);

  // The struct stays on the device; members move by update and exit data.
#pragma omp target enter data map(to: h)
  h.lo = -2.0;
  h.hi = 2.0;
#pragma omp target update to(h.lo, h.hi)
#pragma omp target
  {
    h.bins[0] = (int)h.lo;
    h.bins[3] = (int)h.hi;
  }
#pragma omp target exit data map(from: h.bins[0:4]) map(release: h)
  printf("bins %d %d %d %d\n", h.bins[0], h.bins[1], h.bins[2], h.bins[3]);
  return 0;
}
