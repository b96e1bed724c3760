/* Nested loops over arrays: reductions, prefix sums, a histogram and a bubble sort. */
#include <stdio.h>

#define N 64
#define M 16

static int grid[M][M];
static long histogram[10];

static long sum_array(const int *a, int n) {
    long total = 0;
    for (int i = 0; i < n; ++i)
        total += a[i];
    return total;
}

static int max_array(const int *a, int n) {
    int best = a[0];
    for (int i = 1; i < n; ++i)
        if (a[i] > best)
            best = a[i];
    return best;
}

static void prefix_sum(int *out, const int *in, int n) {
    int running = 0;
    for (int i = 0; i < n; i++) {
        running += in[i];
        out[i] = running;
    }
}

static void fill_grid(void) {
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < M; ++j)
            grid[i][j] = (i * 31 + j * 17) % 23;
}

static long trace_and_border(void) {
    long acc = 0;
    for (int i = 0; i < M; ++i) {
        acc += grid[i][i];
        for (int j = 0; j < M; ++j) {
            if (i == 0 || j == 0 || i == M - 1 || j == M - 1)
                acc += grid[i][j];
            else if (grid[i][j] > 20)
                break;
            else
                continue;
        }
    }
    return acc;
}

static void bubble_sort(int *a, int n) {
    int swapped;
    do {
        swapped = 0;
        for (int i = 1; i < n; ++i) {
            if (a[i - 1] > a[i]) {
                int t = a[i - 1];
                a[i - 1] = a[i];
                a[i] = t;
                swapped = 1;
            }
        }
        --n;
    } while (swapped);
}

static void count_digits(const int *a, int n) {
    int k = 0;
    while (k < n) {
        int v = a[k] < 0 ? -a[k] : a[k];
        do {
            histogram[v % 10]++;
            v /= 10;
        } while (v != 0);
        k++;
    }
}

int main(void) {
    int data[N], sums[N];
    for (int i = 0; i < N; ++i)
        data[i] = (i * 7919) % 101 - 50;
    prefix_sum(sums, data, N);
    fill_grid();
    bubble_sort(data, N);
    count_digits(data, N);
    printf("%ld %d %d %ld\n", sum_array(data, N), max_array(data, N), sums[N - 1], trace_and_border());
    for (int d = 0; d < 10; ++d)
        printf("%d:%ld ", d, histogram[d]);
    putchar('\n');
    return 0;
}
