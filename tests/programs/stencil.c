/* Floating point: matrix multiply (vectorizable at -O2), a 2-D Jacobi stencil, ext vectors. */
#include <math.h>
#include <stdio.h>

#define N 32

typedef float float4 __attribute__((ext_vector_type(4)));

static float A[N][N], B[N][N], C[N][N];
static double grid[N][N], next[N][N];

static void matmul(float (*restrict c)[N], const float (*restrict a)[N], const float (*restrict b)[N]) {
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j)
            c[i][j] = 0.0f;
    for (int i = 0; i < N; ++i)
        for (int k = 0; k < N; ++k) {
            float aik = a[i][k];
            for (int j = 0; j < N; ++j)
                c[i][j] += aik * b[k][j];
        }
}

static double jacobi(int iterations) {
    double delta = 0.0;
    for (int it = 0; it < iterations; ++it) {
        delta = 0.0;
        for (int i = 1; i < N - 1; ++i)
            for (int j = 1; j < N - 1; ++j) {
                next[i][j] = 0.25 * (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]);
                delta = fmax(delta, fabs(next[i][j] - grid[i][j]));
            }
        for (int i = 1; i < N - 1; ++i)
            for (int j = 1; j < N - 1; ++j)
                grid[i][j] = next[i][j];
    }
    return delta;
}

static float4 blend(float4 x, float4 y, float t) {
    float4 r = x * (1.0f - t) + y * t;
    return r.wzyx + (float4){ 0.5f, 0.25f, 0.125f, sqrtf(t) };
}

static float norm(const float *v, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
        s += v[i] * v[i];
    return sqrtf(s);
}

int main(void) {
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
            A[i][j] = (float)(i + j) / N;
            B[i][j] = (i == j) ? 2.0f : 0.0f;
            grid[i][j] = (i == 0) ? 100.0 : 0.0;
        }
    matmul(C, (const float (*)[N])A, (const float (*)[N])B);
    float4 v = blend((float4){ 1, 2, 3, 4 }, (float4){ 4, 3, 2, 1 }, 0.25f);
    printf("%f %f %f %f\n", norm(&C[0][0], N * N), jacobi(20), (double)v.x, (double)v.w);
    return 0;
}
