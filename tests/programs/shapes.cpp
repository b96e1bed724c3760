// C++: a class hierarchy with virtual calls, RAII destructors, exceptions, a template, std::vector.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace geo {

class Shape {
public:
    explicit Shape(std::string name) : name_(std::move(name)) {}
    virtual ~Shape() { std::printf("~%s\n", name_.c_str()); }
    virtual double area() const = 0;
    virtual double scale(double factor) { return area() * factor * factor; }
    const std::string &name() const { return name_; }
private:
    std::string name_;
};

class Circle : public Shape {
public:
    explicit Circle(double r) : Shape("circle"), r_(r) {
        if (r < 0) throw std::invalid_argument("negative radius");
    }
    double area() const override { return 3.14159265358979 * r_ * r_; }
private:
    double r_;
};

class Rect : public Shape {
public:
    Rect(double w, double h) : Shape("rect"), w_(w), h_(h) {}
    double area() const override { return w_ * h_; }
    double scale(double factor) override { return Shape::scale(factor) + 0.0; }
private:
    double w_, h_;
};

} // namespace geo

template <typename T, typename F>
T fold(const std::vector<T> &items, T init, F combine) {
    for (const T &item : items)
        init = combine(init, item);
    return init;
}

struct Guard {
    const char *what;
    explicit Guard(const char *w) : what(w) {}
    ~Guard() { std::printf("leaving %s\n", what); }
};

static std::unique_ptr<geo::Shape> make(int kind, double size) {
    Guard g("make");
    switch (kind) {
    case 0: return std::unique_ptr<geo::Shape>(new geo::Circle(size));
    case 1: return std::unique_ptr<geo::Shape>(new geo::Rect(size, size * 2));
    default: throw std::out_of_range("unknown shape kind " + std::to_string(kind));
    }
}

int main() {
    std::vector<std::unique_ptr<geo::Shape>> shapes;
    int errors = 0;
    const double sizes[] = { 1.0, 2.0, -1.0, 3.0 };
    for (int i = 0; i < 4; ++i) {
        try {
            shapes.push_back(make(i % 3, sizes[i]));
        } catch (const std::invalid_argument &e) {
            std::printf("invalid: %s\n", e.what());
            ++errors;
        } catch (const std::exception &e) {
            std::printf("error: %s\n", e.what());
            ++errors;
        }
    }
    std::vector<double> areas;
    for (auto &s : shapes)
        areas.push_back(s->scale(1.5));
    double total = fold(areas, 0.0, [](double a, double b) { return a + b; });
    int count = fold(std::vector<int>{1, 2, 3}, 0, [](int a, int b) { return a + b; });
    std::printf("%zu shapes, %d errors, total %.3f, %d\n", shapes.size(), errors, total, count);
    return 0;
}
