/* Direct and mutual recursion: trees, Ackermann, parity, a recursive-descent parser. */
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *left, *right; };

static struct node *insert(struct node *t, int key) {
    if (!t) {
        t = malloc(sizeof *t);
        t->key = key;
        t->left = t->right = NULL;
    } else if (key < t->key) {
        t->left = insert(t->left, key);
    } else {
        t->right = insert(t->right, key);
    }
    return t;
}

static int height(const struct node *t) {
    if (!t) return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void free_tree(struct node *t) {
    if (!t) return;
    free_tree(t->left);
    free_tree(t->right);
    free(t);
}

static unsigned long ackermann(unsigned long m, unsigned long n) {
    if (m == 0) return n + 1;
    if (n == 0) return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

/* expr := term ('+' term)*, term := factor ('*' factor)*, factor := digit | '(' expr ')' */
static const char *cursor;
static long expr(void);
static long factor(void) {
    if (*cursor == '(') {
        ++cursor;
        long v = expr();
        if (*cursor == ')') ++cursor;
        return v;
    }
    return *cursor >= '0' && *cursor <= '9' ? *cursor++ - '0' : 0;
}
static long term(void) {
    long v = factor();
    while (*cursor == '*') { ++cursor; v *= factor(); }
    return v;
}
static long expr(void) {
    long v = term();
    while (*cursor == '+') { ++cursor; v += term(); }
    return v;
}

int main(void) {
    struct node *root = NULL;
    for (int i = 0; i < 100; ++i)
        root = insert(root, (i * 37) % 101);
    cursor = "2*(3+4)+5*(1+1)";
    printf("%d %lu %d %ld\n", height(root), ackermann(2, 3), is_even(10), expr());
    free_tree(root);
    return 0;
}
