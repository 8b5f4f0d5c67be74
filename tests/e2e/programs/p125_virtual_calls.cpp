// Virtual calls in target regions on objects the device constructed (OpenMP_VV
// declare_target_base_and_derived_class): a hierarchy of three levels with a pure virtual base
// function and a virtual destructor, objects made with `new` in one target region and kept on
// the device, called through base pointers in later kernels and deleted in a last region; a
// derived object local to a region called through a base reference, and with a call that names
// its class (no dispatch). Every override is device code (the family of the called
// function), also one outside `declare target`. omp2cu-e2e: compile; omp2cu-e2e: generic
#include <cstdio>

#pragma omp declare target
struct Shape {
  virtual ~Shape() {}
  virtual double area(double s) const = 0;
  virtual int sides() const { return 0; }
};

struct Square : Shape {
  double area(double s) const override { return s * s; }
  int sides() const override { return 4; }
};

struct Triangle : Shape {
  double area(double s) const override { return 0.5 * s * s; }
  int sides() const override { return 3; }
};
#pragma omp end declare target

// Outside `declare target`: only the virtual calls reach it.
struct Tile : Square {
  int scale;
  explicit Tile(int k) : scale(k) {}
  double area(double s) const override { return scale * Square::area(s); }
};

static int destroyed_sides(Shape *const *shapes, int n) {
  int total = 0;
#pragma omp target map(tofrom: total) map(to: shapes[0:n])
  for (int k = 0; k < n; ++k) {
    total += shapes[k]->sides();
    delete shapes[k];
  }
  return total;
}

int main() {
  const int n = 3, m = 300;
  Shape *shapes[3];
#pragma omp target map(from: shapes[0:3])
  {
    shapes[0] = new Square();
    shapes[1] = new Triangle();
    shapes[2] = new Tile(3);
  }

  double out[300];
  int sides[300];
#pragma omp target teams distribute parallel for map(to: shapes[0:3]) map(from: out, sides)
  for (int i = 0; i < m; ++i) {
    const Shape *s = shapes[i % n];
    out[i] = s->area(i * 0.25);
    sides[i] = s->sides();
  }

  double local = 0, named = 0;
#pragma omp target map(tofrom: local, named)
  {
    Tile t(2);
    const Shape &r = t;
    local = r.area(5.0) + r.sides();
    named = t.Square::area(3.0);
  }

  double sum = 0;
  long sidesum = 0;
  for (int i = 0; i < m; ++i) {
    sum += out[i];
    sidesum += sides[i];
  }
  std::printf("areas %.3f sides %ld local %.1f named %.1f\n", sum, sidesum, local, named);
  std::printf("destroyed %d\n", destroyed_sides(shapes, n));
  return 0;
}
