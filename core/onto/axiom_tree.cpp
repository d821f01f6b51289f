// AxiomBuilder: maps OWL 2 structural axioms (from functional syntax or OWL/XML) onto the
// ontology model. Non-EL constructors are kept as expressions so the EL filter can name them.
#include "onto/axiom_tree.hpp"

#include "common/error.hpp"

#include <string_view>

namespace kbcx::onto {

namespace {
bool is_entity_tag(std::string_view t) {
    return t == "Class" || t == "ObjectProperty" || t == "NamedIndividual" || t == "DataProperty" ||
           t == "AnnotationProperty" || t == "Datatype" || t == "AnonymousIndividual" || t == "IRI" ||
           t == "AbbreviatedIRI";
}

ConceptKind nonel_kind(std::string_view t) {
    if (t == "ObjectUnionOf") return ConceptKind::Or;
    if (t == "ObjectComplementOf") return ConceptKind::Not;
    if (t == "ObjectAllValuesFrom") return ConceptKind::ForAll;
    if (t == "ObjectMinCardinality") return ConceptKind::MinCard;
    if (t == "ObjectMaxCardinality") return ConceptKind::MaxCard;
    if (t == "ObjectExactCardinality") return ConceptKind::ExactCard;
    if (t == "ObjectHasValue") return ConceptKind::HasValue;
    if (t == "ObjectOneOf") return ConceptKind::OneOf;
    if (t == "ObjectHasSelf") return ConceptKind::HasSelf;
    return ConceptKind::Other;
}
} // namespace

void AxiomBuilder::fail(const SNode& at, const std::string& message) const {
    throw InputError(file_, at.line, at.column, message);
}

const std::string& AxiomBuilder::iri_of(const SNode& n) const {
    if (n.kind == SNode::Kind::Iri || n.kind == SNode::Kind::Blank) return n.text;
    if (n.kind == SNode::Kind::Element && is_entity_tag(n.tag)) {
        if (!n.text.empty()) return n.text;
        if (n.kids.size() == 1 && n.kids[0].kind != SNode::Kind::Element) return n.kids[0].text;
    }
    fail(n, "expected an entity IRI, found " + (n.kind == SNode::Kind::Element ? n.tag : n.text));
}

std::vector<const SNode*> AxiomBuilder::operands(const SNode& axiom) const {
    std::vector<const SNode*> out;
    for (const SNode& k : axiom.kids)
        if (!(k.kind == SNode::Kind::Element && k.tag == "Annotation")) out.push_back(&k);
    return out;
}

void AxiomBuilder::not_el(const std::string& construct, std::size_t line) {
    Axiom ax;
    ax.kind = AxiomKind::NotEL;
    ax.construct = construct;
    ax.line = line;
    onto_.axioms.push_back(std::move(ax));
}

ExprId AxiomBuilder::class_expr(const SNode& n) {
    if (n.kind == SNode::Kind::Iri || (n.kind == SNode::Kind::Element && (n.tag == "Class" || n.tag == "IRI"))) {
        const std::string& iri = iri_of(n);
        if (iri == kOwlThing) return onto_.pool.top();
        if (iri == kOwlNothing) return onto_.pool.bottom();
        return onto_.pool.named(onto_.sig.concepts.intern(iri));
    }
    if (n.kind != SNode::Kind::Element) fail(n, "expected a class expression");
    const std::string& t = n.tag;
    if (t == "ObjectIntersectionOf") {
        std::vector<ExprId> ops;
        for (const SNode& k : n.kids)
            ops.push_back(class_expr(k));
        if (ops.size() < 2) fail(n, "ObjectIntersectionOf needs at least two operands");
        return onto_.pool.conj(std::move(ops));
    }
    if (t == "ObjectSomeValuesFrom") {
        if (n.kids.size() != 2) fail(n, "ObjectSomeValuesFrom needs a property and a class");
        bool inv = false;
        const RoleName r = role(n.kids[0], inv);
        const ExprId filler = class_expr(n.kids[1]);
        if (!inv) return onto_.pool.exists(r, filler);
        ConceptExpr e;
        e.kind = ConceptKind::Other;
        e.construct = "ObjectInverseOf";
        e.name = r;
        e.args = {filler};
        return onto_.pool.make(std::move(e));
    }
    ConceptExpr e;
    e.kind = nonel_kind(t);
    if (e.kind == ConceptKind::Other) {
        e.construct = t; // DataSomeValuesFrom, …: kept by name only
        return onto_.pool.make(std::move(e));
    }
    std::size_t i = 0;
    if (e.kind == ConceptKind::MinCard || e.kind == ConceptKind::MaxCard || e.kind == ConceptKind::ExactCard) {
        if (n.kids.empty() || n.kids[0].kind != SNode::Kind::Number) fail(n, t + " needs a cardinality");
        e.number = cardinality(n.kids[0], t);
        i = 1;
    }
    const bool has_role = e.kind == ConceptKind::ForAll || e.kind == ConceptKind::MinCard ||
                          e.kind == ConceptKind::MaxCard || e.kind == ConceptKind::ExactCard ||
                          e.kind == ConceptKind::HasValue || e.kind == ConceptKind::HasSelf;
    if (has_role) {
        if (i >= n.kids.size()) fail(n, t + " needs a property");
        bool inv = false;
        e.name = role(n.kids[i++], inv);
    }
    // Operand counts of OWL 2 (structural specification §8): the writer, the EL filter and the
    // normaliser index these operands, so a malformed expression is refused here.
    const std::size_t rest = n.kids.size() - i;
    switch (e.kind) {
    case ConceptKind::Not:
    case ConceptKind::ForAll:
    case ConceptKind::HasValue:
        if (rest != 1)
            fail(n, t + (e.kind == ConceptKind::HasValue ? " needs a property and one individual"
                         : e.kind == ConceptKind::Not    ? " needs exactly one class expression"
                                                         : " needs a property and one class expression"));
        break;
    case ConceptKind::MinCard:
    case ConceptKind::MaxCard:
    case ConceptKind::ExactCard:
        if (rest > 1) fail(n, t + " takes at most one class expression after the property");
        break;
    case ConceptKind::HasSelf:
        if (rest != 0) fail(n, t + " takes only a property");
        break;
    case ConceptKind::Or:
        if (rest < 2) fail(n, t + " needs at least two operands");
        break;
    case ConceptKind::OneOf:
        if (rest < 1) fail(n, t + " needs at least one individual");
        break;
    default: break;
    }
    for (; i < n.kids.size(); ++i) {
        if (e.kind == ConceptKind::HasValue || e.kind == ConceptKind::OneOf)
            e.individuals.push_back(individual(n.kids[i]));
        else
            e.args.push_back(class_expr(n.kids[i]));
    }
    return onto_.pool.make(std::move(e));
}

std::uint32_t AxiomBuilder::cardinality(const SNode& n, const std::string& construct) const {
    // A non-negative integer (OWL 2: xsd:nonNegativeInteger) that fits 32 bits; std::stoul would
    // throw std::invalid_argument/out_of_range on anything else, which is not an InputError.
    if (n.text.empty() || n.text.size() > 10 || n.text.find_first_not_of("0123456789") != std::string::npos)
        fail(n, construct + ": the cardinality '" + n.text + "' is not a non-negative integer below 2^32");
    const unsigned long long v = std::stoull(n.text);
    if (v > 0xFFFFFFFFull) fail(n, construct + ": the cardinality " + n.text + " does not fit 32 bits");
    return static_cast<std::uint32_t>(v);
}

RoleName AxiomBuilder::role(const SNode& n, bool& inverse) {
    if (n.kind == SNode::Kind::Element && n.tag == "ObjectInverseOf") {
        if (n.kids.size() != 1) fail(n, "ObjectInverseOf needs one property");
        bool inner = false;
        const RoleName r = role(n.kids[0], inner);
        inverse = !inner;
        return r;
    }
    if (n.kind == SNode::Kind::Element && !is_entity_tag(n.tag)) fail(n, "expected an object property, found " + n.tag);
    return onto_.sig.roles.intern(iri_of(n));
}

IndividualName AxiomBuilder::individual(const SNode& n) {
    return onto_.sig.individuals.intern(iri_of(n));
}

void AxiomBuilder::add(const SNode& ax) {
    if (ax.kind != SNode::Kind::Element) fail(ax, "expected an axiom");
    const std::string& t = ax.tag;
    const auto ops = operands(ax);
    auto need = [&](std::size_t n) {
        if (ops.size() < n) fail(ax, t + " needs at least " + std::to_string(n) + " operands");
    };
    Axiom out;
    out.line = ax.line;
    if (t == "Declaration") {
        need(1);
        const SNode& e = *ops[0];
        if (e.kind != SNode::Kind::Element) fail(e, "expected an entity in Declaration");
        if (e.tag == "Class") {
            const std::string& iri = iri_of(e);
            if (iri != kOwlThing && iri != kOwlNothing) onto_.sig.concepts.intern(iri);
        } else if (e.tag == "ObjectProperty") {
            onto_.sig.roles.intern(iri_of(e));
        } else if (e.tag == "NamedIndividual") {
            onto_.sig.individuals.intern(iri_of(e));
        }
        return;
    }
    if (t == "AnnotationAssertion") {
        need(3);
        if (ops[2]->kind == SNode::Kind::Literal && ops[1]->kind != SNode::Kind::Literal &&
            LabelPicker::is_label_property(iri_of(*ops[0])))
            labels_.offer(iri_of(*ops[1]), iri_of(*ops[0]), ops[2]->text, ops[2]->lang);
        return;
    }
    if (t == "SubAnnotationPropertyOf" || t == "AnnotationPropertyDomain" || t == "AnnotationPropertyRange" ||
        t == "Import" || t == "Annotation")
        return;
    if (t == "SubClassOf") {
        need(2);
        out.kind = AxiomKind::SubClassOf;
        out.concepts = {class_expr(*ops[0]), class_expr(*ops[1])};
    } else if (t == "EquivalentClasses" || t == "DisjointClasses") {
        need(2);
        out.kind = t == "EquivalentClasses" ? AxiomKind::EquivalentClasses : AxiomKind::DisjointClasses;
        for (const SNode* k : ops)
            out.concepts.push_back(class_expr(*k));
    } else if (t == "SubObjectPropertyOf") {
        need(2);
        out.kind = AxiomKind::SubObjectPropertyOf;
        bool inv = false;
        if (ops[0]->kind == SNode::Kind::Element && ops[0]->tag == "ObjectPropertyChain") {
            for (const SNode& k : ops[0]->kids) {
                bool i2 = false;
                out.roles.push_back(role(k, i2));
                inv = inv || i2;
            }
        } else {
            out.roles.push_back(role(*ops[0], inv));
        }
        bool i3 = false;
        out.roles.push_back(role(*ops[1], i3));
        if (inv || i3) return not_el("ObjectInverseOf", ax.line);
    } else if (t == "EquivalentObjectProperties") {
        need(2);
        out.kind = AxiomKind::EquivalentObjectProperties;
        for (const SNode* k : ops) {
            bool inv = false;
            out.roles.push_back(role(*k, inv));
            if (inv) return not_el("ObjectInverseOf", ax.line);
        }
    } else if (t == "TransitiveObjectProperty" || t == "ReflexiveObjectProperty") {
        need(1);
        out.kind =
            t == "TransitiveObjectProperty" ? AxiomKind::TransitiveObjectProperty : AxiomKind::ReflexiveObjectProperty;
        bool inv = false;
        out.roles.push_back(role(*ops[0], inv));
        if (inv) return not_el("ObjectInverseOf", ax.line);
    } else if (t == "ObjectPropertyDomain" || t == "ObjectPropertyRange") {
        need(2);
        out.kind = t == "ObjectPropertyDomain" ? AxiomKind::ObjectPropertyDomain : AxiomKind::ObjectPropertyRange;
        bool inv = false;
        out.roles.push_back(role(*ops[0], inv));
        out.concepts.push_back(class_expr(*ops[1]));
        if (inv) return not_el("ObjectInverseOf", ax.line);
    } else if (t == "ClassAssertion") {
        need(2);
        out.kind = AxiomKind::ClassAssertion;
        out.concepts.push_back(class_expr(*ops[0]));
        out.individuals.push_back(individual(*ops[1]));
    } else if (t == "ObjectPropertyAssertion") {
        need(3);
        out.kind = AxiomKind::ObjectPropertyAssertion;
        bool inv = false;
        const RoleName r = role(*ops[0], inv);
        IndividualName a = individual(*ops[1]), b = individual(*ops[2]);
        if (inv) std::swap(a, b);
        out.roles.push_back(r);
        out.individuals = {a, b};
    } else if (t == "InverseObjectProperties" && ops.size() == 2) {
        // Outside EL, but kept with its two properties when both are named (graph projections
        // read them); with an ObjectInverseOf operand it only says p ≡ q and is kept by name.
        bool inv0 = false, inv1 = false;
        const RoleName p = role(*ops[0], inv0), q = role(*ops[1], inv1);
        out.kind = AxiomKind::NotEL;
        out.construct = t;
        if (!inv0 && !inv1) out.roles = {p, q};
    } else {
        // Any other axiom type (FunctionalObjectProperty, data
        // property axioms, HasKey, SameIndividual, rules, …) is outside EL: kept by name.
        return not_el(t, ax.line);
    }
    onto_.axioms.push_back(std::move(out));
}

void AxiomBuilder::finish() {
    labels_.attach(onto_.sig);
    labels_.clear();
}

} // namespace kbcx::onto
