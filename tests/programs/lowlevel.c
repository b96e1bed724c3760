/* Lower-level C: atomics, computed goto, VLAs, bit-fields, long double, complex, TLS, aliases, asm. */
#include <complex.h>
#include <stdatomic.h>
#include <stdio.h>

struct packet {
    unsigned version : 3;
    unsigned urgent : 1;
    unsigned length : 12;
    signed offset : 16;
};

static _Atomic long counter;
static _Thread_local int calls;
int exported_total = 0;
extern int total_alias __attribute__((alias("exported_total")));
static int initialised;

__attribute__((constructor)) static void setup(void) { initialised = 1; }

static long bump(long by) {
    calls++;
    long seen = atomic_fetch_add_explicit(&counter, by, memory_order_relaxed);
    long expected = seen + by;
    atomic_compare_exchange_strong(&counter, &expected, expected * 2);
    atomic_thread_fence(memory_order_seq_cst);
    return atomic_load(&counter);
}

static int interpret(const unsigned char *code, int n) {
    static void *dispatch[] = { &&op_inc, &&op_dbl, &&op_end };
    int acc = 0, pc = 0;
#define NEXT() do { if (pc >= n) return acc; goto *dispatch[code[pc++] % 3]; } while (0)
    NEXT();
op_inc:
    acc += 1;
    NEXT();
op_dbl:
    acc *= 2;
    NEXT();
op_end:
    return acc;
#undef NEXT
}

static double vla_mean(int n) {
    double values[n];
    for (int i = 0; i < n; ++i)
        values[i] = (double)(i * i) / (n + 1);
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += values[i];
    return n ? s / n : 0.0;
}

static unsigned pack(struct packet p) {
    return (unsigned)p.version | (unsigned)p.urgent << 3 | (unsigned)p.length << 4 | (unsigned)(p.offset & 0xff) << 16;
}

static long double harmonic(int n) {
    long double h = 0.0L;
    for (int k = 1; k <= n; ++k)
        h += 1.0L / k;
    return h;
}

static double complex rotate(double complex z, double turns) {
    return z * cexp(I * 6.283185307179586 * turns);
}

static unsigned cycles_lo(void) {
    unsigned lo = 0;
#if defined(__x86_64__)
    __asm__ volatile("xorl %0, %0" : "=r"(lo));
#endif
    return lo;
}

int main(int argc, char **argv) {
    (void)argv;
    struct packet p = { .version = 5, .urgent = 1, .length = 1500, .offset = -42 };
    unsigned char code[] = { 0, 0, 1, 0, 1, 1, 2 };
    double complex z = rotate(1.0 + 2.0 * I, 0.25);
    exported_total += (int)bump(argc);
    if (__builtin_expect(initialised, 1))
        printf("%d %u %.3f %.6Lf %.3f%+.3fi %d %d %u\n", interpret(code, (int)sizeof code), pack(p),
               vla_mean(argc + 9), harmonic(50), creal(z), cimag(z), total_alias, calls, cycles_lo());
    return 0;
}
