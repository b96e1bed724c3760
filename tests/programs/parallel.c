/* OpenMP without omp.h: parallel for with reductions, critical sections, a parallel region. */
#include <stdio.h>

#define N 4096

static double a[N], b[N];
static long buckets[8];

static double dot(const double *x, const double *y, int n) {
    double sum = 0.0;
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < n; ++i)
        sum += x[i] * y[i];
    return sum;
}

static long count_and_max(const double *x, int n, double *max_out) {
    long count = 0;
    double max = x[0];
#pragma omp parallel for reduction(+ : count) reduction(max : max) schedule(static, 64)
    for (int i = 0; i < n; ++i) {
        if (x[i] > 0.5)
            count++;
        if (x[i] > max)
            max = x[i];
    }
    *max_out = max;
    return count;
}

static void bucketize(const double *x, int n) {
#pragma omp parallel for
    for (int i = 0; i < n; ++i) {
        int k = (int)(x[i] * 8.0);
        if (k > 7) k = 7;
        if (k < 0) k = 0;
#pragma omp critical
        buckets[k]++;
    }
}

static void saxpy(double alpha, double *y, const double *x, int n) {
#pragma omp parallel
    {
#pragma omp for nowait
        for (int i = 0; i < n; ++i)
            y[i] += alpha * x[i];
    }
}

int main(void) {
    for (int i = 0; i < N; ++i) {
        a[i] = (double)((i * 2654435761u) % 1000u) / 1000.0;
        b[i] = 1.0 - a[i];
    }
    double max;
    long count = count_and_max(a, N, &max);
    bucketize(a, N);
    saxpy(2.0, b, a, N);
    printf("%f %ld %f", dot(a, b, N), count, max);
    for (int k = 0; k < 8; ++k)
        printf(" %ld", buckets[k]);
    putchar('\n');
    return 0;
}
