/* Nested structs, arrays of structs, structs passed and returned by value and by pointer. */
#include <stdio.h>
#include <string.h>

struct point { double x, y; };
struct rect { struct point min, max; };
struct employee {
    char name[16];
    int id;
    unsigned char flags;
    struct { int year, month, day; } hired;
    double salary;
};
union number { long i; double d; unsigned char bytes[8]; };

static struct point add(struct point a, struct point b) {
    struct point r = { a.x + b.x, a.y + b.y };
    return r;
}

static double area(const struct rect *r) {
    return (r->max.x - r->min.x) * (r->max.y - r->min.y);
}

static struct rect bounding(const struct point *pts, int n) {
    struct rect r = { pts[0], pts[0] };
    for (int i = 1; i < n; ++i) {
        if (pts[i].x < r.min.x) r.min.x = pts[i].x;
        if (pts[i].y < r.min.y) r.min.y = pts[i].y;
        if (pts[i].x > r.max.x) r.max.x = pts[i].x;
        if (pts[i].y > r.max.y) r.max.y = pts[i].y;
    }
    return r;
}

static void raise_salaries(struct employee *staff, int n, double pct) {
    for (struct employee *e = staff; e < staff + n; ++e)
        if ((e->flags & 1) && e->hired.year < 2015)
            e->salary *= 1.0 + pct / 100.0;
}

static struct employee make_employee(const char *name, int id, int year) {
    struct employee e;
    memset(&e, 0, sizeof e);
    strncpy(e.name, name, sizeof e.name - 1);
    e.id = id;
    e.flags = (unsigned char)(id % 3 == 0);
    e.hired.year = year;
    e.hired.month = 1 + id % 12;
    e.hired.day = 1 + id % 28;
    e.salary = 40000.0 + 1000.0 * id;
    return e;
}

int main(void) {
    struct point pts[5] = { {1, 2}, {-3, 4}, {5, -6}, {0.5, 0.25}, {2, 2} };
    struct point sum = { 0, 0 };
    for (int i = 0; i < 5; ++i)
        sum = add(sum, pts[i]);
    struct rect box = bounding(pts, 5);

    struct employee staff[4];
    const char *names[] = { "ada", "brian", "carol", "dennis" };
    for (int i = 0; i < 4; ++i)
        staff[i] = make_employee(names[i], i * 3, 2010 + i * 3);
    raise_salaries(staff, 4, 5.0);

    union number u;
    u.d = area(&box);
    unsigned checksum = 0;
    for (int i = 0; i < 8; ++i)
        checksum = checksum * 31 + u.bytes[i];

    printf("%g %g %g %u\n", sum.x, sum.y, area(&box), checksum);
    for (int i = 0; i < 4; ++i)
        printf("%s %d %.1f\n", staff[i].name, staff[i].hired.year, staff[i].salary);
    return 0;
}
