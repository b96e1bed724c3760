/* Bit manipulation and 64-bit integer math: popcount, rotates, hashing, mulmod, 128-bit products. */
#include <stdint.h>
#include <stdio.h>

static inline uint64_t rotl64(uint64_t x, unsigned r) { return (x << (r & 63)) | (x >> ((64 - r) & 63)); }

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t fnv1a(const unsigned char *p, size_t n) {
    uint64_t h = 1469598103934665603ULL;
    while (n--) {
        h ^= *p++;
        h *= 1099511628211ULL;
    }
    return h;
}

static int popcount_manual(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static uint32_t reverse_bits(uint32_t v) {
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) {
    return (uint64_t)(((unsigned __int128)a * b) % m);
}

static uint64_t powmod(uint64_t base, uint64_t exp, uint64_t m) {
    uint64_t result = 1;
    base %= m;
    while (exp) {
        if (exp & 1) result = mulmod(result, base, m);
        base = mulmod(base, base, m);
        exp >>= 1;
    }
    return result;
}

static int64_t signed_ops(int64_t a, int64_t b) {
    int64_t q = b ? a / b : 0, r = b ? a % b : 0;
    return (q << 3) ^ (r >> 1) ^ (a < 0 ? -a : a);
}

int main(void) {
    uint64_t state = 42, acc = 0;
    int bits = 0, lz = 0;
    for (int i = 0; i < 16; ++i) {
        uint64_t r = splitmix64(&state);
        acc ^= rotl64(r, (unsigned)i * 7);
        bits += popcount_manual(r) - __builtin_popcountll(r);
        lz += r ? __builtin_clzll(r) + __builtin_ctzll(r) : 0;
    }
    const char msg[] = "mir runtime";
    printf("%llx %d %d %llx %x %llu %lld\n", (unsigned long long)acc, bits, lz,
           (unsigned long long)fnv1a((const unsigned char *)msg, sizeof msg - 1), reverse_bits(0x12345678u),
           (unsigned long long)powmod(3, 1000000007ULL - 2, 1000000007ULL),
           (long long)signed_ops(-123456789012345LL, 977));
    __builtin_bswap64(acc) > 0 ? (void)0 : (void)puts("zero");
    return 0;
}
