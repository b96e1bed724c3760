/* Function pointers: dispatch tables, qsort comparators, callbacks with context, returning them. */
#include <stdio.h>
#include <stdlib.h>

typedef double (*binop)(double, double);
typedef void (*visitor)(void *ctx, int index, int value);

static double op_add(double a, double b) { return a + b; }
static double op_sub(double a, double b) { return a - b; }
static double op_mul(double a, double b) { return a * b; }
static double op_div(double a, double b) { return b != 0.0 ? a / b : 0.0; }

static const struct { char symbol; binop fn; } ops[] = {
    { '+', op_add }, { '-', op_sub }, { '*', op_mul }, { '/', op_div },
};

static binop lookup(char symbol) {
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
        if (ops[i].symbol == symbol)
            return ops[i].fn;
    return NULL;
}

static int ascending(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int descending(const void *a, const void *b) { return ascending(b, a); }

static void for_each(const int *a, int n, visitor visit, void *ctx) {
    for (int i = 0; i < n; ++i)
        visit(ctx, i, a[i]);
}

struct stats { long sum; int count_even; int last; };

static void accumulate(void *ctx, int index, int value) {
    struct stats *s = ctx;
    s->sum += (long)value * (index + 1);
    s->count_even += (value & 1) == 0;
    s->last = value;
}

static void print_value(void *ctx, int index, int value) {
    FILE *out = ctx;
    fprintf(out, "%s%d", index ? "," : "", value);
}

static int (*pick_order(int descending_order))(const void *, const void *) {
    return descending_order ? descending : ascending;
}

int main(int argc, char **argv) {
    (void)argv;
    int values[] = { 42, 7, 19, -3, 88, 0, 5, 23 };
    int n = (int)(sizeof values / sizeof values[0]);
    qsort(values, (size_t)n, sizeof values[0], pick_order(argc > 1));

    struct stats s = { 0, 0, 0 };
    for_each(values, n, accumulate, &s);
    for_each(values, n, print_value, stdout);
    putchar('\n');

    const char *expression = "+*-/";
    double acc = 10.0;
    for (const char *p = expression; *p; ++p) {
        binop f = lookup(*p);
        if (f)
            acc = f(acc, 3.0);
    }
    printf("%ld %d %d %f\n", s.sum, s.count_even, s.last, acc);
    return 0;
}
