/* Dense and sparse switches, fallthrough, switch in a loop (a tiny bytecode interpreter). */
#include <stdio.h>

enum op { PUSH, ADD, SUB, MUL, DUP, SWAP, JNZ, HALT };

static const char *day_name(int d) {
    switch (d) {
    case 0: return "sun";
    case 1: return "mon";
    case 2: return "tue";
    case 3: return "wed";
    case 4: return "thu";
    case 5: return "fri";
    case 6: return "sat";
    default: return "???";
    }
}

static int http_class(int status) {
    switch (status) {
    case 200: case 201: case 204: return 2;
    case 301: case 302: return 3;
    case 404: return 4;
    case 500: case 503: return 5;
    case 100000: return 9;
    case -1: return -1;
    default: return 0;
    }
}

static int days_left_from_month(int month) {
    int days = 0;
    switch (month) { /* fallthrough accumulates */
    case 1: days += 31; /* fall through */
    case 2: days += 28; /* fall through */
    case 3: days += 31; /* fall through */
    case 4: days += 30; /* fall through */
    case 5: days += 31; /* fall through */
    case 6: days += 30;
        break;
    default:
        days = -1;
    }
    return days;
}

static long run(const int *code) {
    long stack[32];
    int sp = 0, pc = 0;
    for (;;) {
        switch ((enum op)code[pc++]) {
        case PUSH: stack[sp++] = code[pc++]; break;
        case ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case SWAP: { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;
        case JNZ: { int target = code[pc++]; if (stack[--sp] != 0) pc = target; } break;
        case HALT: return sp > 0 ? stack[sp - 1] : 0;
        }
    }
}

int main(int argc, char **argv) {
    (void)argv;
    /* computes 5! with a loop: acc n -> acc*n n-1 */
    const int program[] = { PUSH, 1, PUSH, 5,
                            SWAP, PUSH, 0, ADD, /* keep acc */
                            SWAP, DUP, PUSH, 1, SUB, SWAP, HALT };
    printf("%s %d %d %ld\n", day_name(argc % 8), http_class(argc * 100 + 4),
           days_left_from_month(argc), run(program));
    return 0;
}
