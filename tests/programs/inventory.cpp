// C++: multiple and virtual inheritance (thunks), std::map/std::function/lambdas, function-local
// statics (guards), operator overloading, move semantics, a class template with a static member.
#include <cstdio>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

struct Named {
    virtual ~Named() = default;
    virtual std::string name() const = 0;
};
struct Priced {
    virtual ~Priced() = default;
    virtual long cents() const = 0;
};
struct Item : Named, Priced {
    Item(std::string n, long c) : n_(std::move(n)), c_(c) {}
    std::string name() const override { return n_; }
    long cents() const override { return c_; }
private:
    std::string n_;
    long c_;
};
struct Base { virtual int id() const { return 1; } virtual ~Base() = default; };
struct Left : virtual Base { int id() const override { return 2; } };
struct Right : virtual Base {};
struct Diamond : Left, Right {};

struct Money {
    long cents;
    Money operator+(const Money &o) const { return {cents + o.cents}; }
    Money &operator+=(const Money &o) { cents += o.cents; return *this; }
    bool operator<(const Money &o) const { return cents < o.cents; }
};

template <typename T>
class Registry {
public:
    static Registry &instance() { static Registry r; return r; }  // guarded static
    void add(const std::string &key, T value) {
        if (!items_.emplace(key, std::move(value)).second)
            throw std::runtime_error("duplicate key " + key);
        ++created;
    }
    const T &get(const std::string &key) const { return items_.at(key); }
    template <typename F> void each(F f) const { for (const auto &kv : items_) f(kv.first, kv.second); }
    static int created;
private:
    std::map<std::string, T> items_;
};
template <typename T> int Registry<T>::created = 0;

static long total_of(const Priced &p, int qty) { return p.cents() * qty; }

int main(int argc, char **) {
    auto &reg = Registry<Money>::instance();
    reg.add("apple", {120});
    reg.add("pear", {95});
    try {
        reg.add("apple", {1});
    } catch (const std::runtime_error &e) {
        std::printf("%s\n", e.what());
    }
    Money sum{0};
    reg.each([&sum](const std::string &, const Money &m) { sum += m; });
    std::function<long(long)> discount = [argc](long c) { return c - c * argc / 10; };
    Item widget("widget", 1999);
    const Named &named = widget;
    Diamond d;
    const Base &b = d;
    std::printf("%s %ld %ld %ld %d %d\n", named.name().c_str(), total_of(widget, 3), discount(sum.cents),
                (reg.get("pear") + Money{5}).cents, b.id(), Registry<Money>::created);
    return sum < Money{1} ? 1 : 0;
}
