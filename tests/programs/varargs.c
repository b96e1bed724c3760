/* Variadic functions: va_list, va_arg of several types, va_copy, forwarding to vsnprintf. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int sum_ints(int count, ...) {
    va_list ap;
    int total = 0;
    va_start(ap, count);
    for (int i = 0; i < count; ++i)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

static double average(int count, ...) {
    va_list ap, again;
    double total = 0.0;
    va_start(ap, count);
    va_copy(again, ap);
    for (int i = 0; i < count; ++i)
        total += va_arg(ap, double);
    double first = count > 0 ? va_arg(again, double) : 0.0;
    va_end(again);
    va_end(ap);
    return count > 0 ? total / count + 0.0 * first : 0.0;
}

/* A tiny printf: %d int, %l long, %s string, %f double, %c char. */
static int format(char *out, size_t size, const char *fmt, ...) {
    va_list ap;
    size_t used = 0;
    va_start(ap, fmt);
    for (const char *p = fmt; *p && used + 32 < size; ++p) {
        if (*p != '%') {
            out[used++] = *p;
            continue;
        }
        switch (*++p) {
        case 'd': used += (size_t)snprintf(out + used, size - used, "%d", va_arg(ap, int)); break;
        case 'l': used += (size_t)snprintf(out + used, size - used, "%ld", va_arg(ap, long)); break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            size_t len = strlen(s);
            if (used + len >= size) len = size - used - 1;
            memcpy(out + used, s, len);
            used += len;
            break;
        }
        case 'f': used += (size_t)snprintf(out + used, size - used, "%.2f", va_arg(ap, double)); break;
        case 'c': out[used++] = (char)va_arg(ap, int); break;
        default: out[used++] = *p; break;
        }
    }
    out[used] = '\0';
    va_end(ap);
    return (int)used;
}

static void log_message(FILE *stream, const char *level, const char *fmt, ...) {
    char buffer[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buffer, sizeof buffer, fmt, ap);
    va_end(ap);
    fprintf(stream, "[%s] %s\n", level, buffer);
}

int main(void) {
    char line[128];
    int n = format(line, sizeof line, "x=%d y=%l name=%s pi=%f c=%c %%", 42, 1234567890123L, "mir", 3.14159, 'z');
    log_message(stdout, "info", "%s (%d chars) sum=%d avg=%.3f", line, n,
                sum_ints(5, 1, 2, 3, 4, 5), average(3, 1.5, 2.5, 3.5));
    return 0;
}
