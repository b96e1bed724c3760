// A small tree of document nodes, in the style of tinyxml2: derived classes whose destructors do
// nothing of their own, so that clang at -O2 emits them as aliases of the base destructor.
#include <cstdio>
#include <cstring>

class Node {
public:
    explicit Node(const char* name) : next_(nullptr) { std::strncpy(name_, name, sizeof name_ - 1); name_[sizeof name_ - 1] = 0; }
    virtual ~Node();
    virtual int kind() const { return 0; }
    const char* name() const { return name_; }
    Node* next_;
private:
    char name_[32];
};

Node::~Node() { std::printf("~%s\n", name_); }

class Comment : public Node {
public:
    explicit Comment(const char* text) : Node(text) {}
    ~Comment() override;
    int kind() const override { return 1; }
};

Comment::~Comment() {}

class Element : public Node {
public:
    explicit Element(const char* tag) : Node(tag) {}
    ~Element() override;
    int kind() const override { return 2; }
};

Element::~Element() {}

int main(int argc, char** argv) {
    Node* head = new Element(argc > 1 ? argv[1] : "root");
    head->next_ = new Comment("note");
    int total = 0;
    for (Node* n = head; n != nullptr;) {
        total += n->kind();
        Node* next = n->next_;
        delete n;
        n = next;
    }
    std::printf("%d\n", total);
    return total == 3 ? 0 : 1;
}
