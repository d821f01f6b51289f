// EL++ saturation (the completion calculus of Baader, Brandt and Lutz, engineered as in ELK:
// per-concept contexts, premises indexed by concept, one work queue), with one inference kept
// per conclusion for proofs, and delta saturation with rollback for candidate axioms.
#pragma once

#include "common/job.hpp"
#include "onto/normaliser.hpp"
#include "reason/u64map.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace kbcx::reason {

using onto::ConceptName;
using onto::IndividualName;
using onto::NormalAxiom;
using onto::NormalForm;
using onto::RoleName;

/// Nodes are the reasoner's concepts: 0 = ⊤, 1 = ⊥, then concept names, individuals (as
/// nominal-like concepts {a}), auxiliary range nodes (B ⊓ ranges of r) and delta nodes.
using Node = std::uint32_t;
inline constexpr Node kTopNode = 0;
inline constexpr Node kBottomNode = 1;
inline constexpr std::uint32_t kNoAxiom = 0xFFFFFFFFu;

/// The completion rule that produced a conclusion. Conclusions are subsumptions C ⊑ B (B in
/// the context of C) and links C →r D (C ⊑ ∃r.D).
enum class Rule : std::uint8_t {
    Init,       ///< C ⊑ C
    Top,        ///< C ⊑ ⊤
    Told,       ///< C ⊑ A, A ⊑ B (GCI0, GCI0_BOT, CA) ⊢ C ⊑ B
    Conj,       ///< C ⊑ A1, C ⊑ A2, A1 ⊓ A2 ⊑ B (GCI1, GCI1_BOT) ⊢ C ⊑ B
    Exists,     ///< C ⊑ A, A ⊑ ∃r.B (GCI2, RA) ⊢ C →r B
    ExistsLeft, ///< C →r D, D ⊑ A, r ⊑* s, ∃s.A ⊑ B (GCI3, GCI3_BOT, domain) ⊢ C ⊑ B
    BottomLink, ///< C →r D, D ⊑ ⊥ ⊢ C ⊑ ⊥
    Chain,      ///< C →r D, D →s E, r ⊑* r', s ⊑* s', r'∘s' ⊑ t (RC) ⊢ C →t E
    Range,      ///< a node for B ⊓ range(r) starts with the range (RANGE), or r(a,b) ⊢ b ⊑ range
};
const char* rule_name(Rule r);

/// One inference. `axiom` indexes Reasoner::axioms() (kNoAxiom for Init/Top/BottomLink);
/// `node` and the roles name the link premises (see Rule).
struct Inference {
    Rule rule = Rule::Init;
    std::uint32_t axiom = kNoAxiom;
    Node node = 0;    ///< ExistsLeft/BottomLink/Chain(first link's target D); Conj: the other conjunct
    RoleName r1 = 0;  ///< role of the (first) link premise
    RoleName r2 = 0;  ///< Chain: role of the second link
    Node premise = 0; ///< Told/Conj/Exists/ExistsLeft: the subsumer A used (ExistsLeft: in D)
};

/// One step of a proof: a conclusion, how it was derived, and the steps of its premises.
struct ProofStep {
    bool link = false; ///< false: ctx ⊑ x; true: ctx →role x
    Node ctx = 0, x = 0;
    RoleName role = 0;
    Inference inf;
    std::vector<std::size_t> premises; ///< indexes into the proof's step list
};

struct ReasonerStats {
    std::size_t contexts = 0, subsumptions = 0, links = 0, inferences = 0;
    double seconds = 0.0;
};

class Reasoner {
  public:
    /// Indexes the normal forms. `num_concepts`, `num_roles`, `num_individuals` are the sizes
    /// of the (normalised) signature; `named_end`: concept ids below it are user names (ids
    /// from it on are fresh names of the normaliser, not classified).
    Reasoner(std::vector<NormalAxiom> axioms, std::size_t num_concepts, std::size_t num_roles,
             std::size_t num_individuals, ConceptName named_end);
    ~Reasoner();
    Reasoner(const Reasoner&) = delete;
    Reasoner& operator=(const Reasoner&) = delete;

    /// Saturates the contexts of all named concepts, all individuals and ⊤.
    void saturate(jobs::JobContext& ctx);

    // ---- queries on the closure
    Node concept_node(ConceptName c) const;
    /// The node of an individual: of the signature, or (during a delta) a fresh one added by
    /// delta_individual(). Throws std::logic_error for an individual with no node.
    Node individual_node(IndividualName a) const {
        return a < num_individuals_ ? ind_base_ + a : fresh_individual_node(a);
    }
    /// Is C ⊑ B entailed (also when C is unsatisfiable)? C must have a context.
    bool subsumes(Node c, Node b) const;
    bool has_context(Node n) const { return n < contexts_.size() && contexts_[n] != nullptr; }
    bool unsatisfiable(Node n) const;
    /// False when ⊤ ⊑ ⊥ or some individual is unsatisfiable.
    bool consistent() const;
    /// The subsumers (nodes) of a context in derivation order (⊤ and the node itself included).
    const std::vector<Node>& subsumers(Node c) const;
    /// Is there a link a →r' b with r' ⊑* r (role assertion r(a,b) entailed)?
    bool has_link_to(Node c, RoleName r, Node d) const;
    bool sub_role(RoleName r, RoleName s) const; ///< r ⊑* s
    /// The role q ⊑* r of some link c →q d, or onto::kNone.
    RoleName link_role(Node c, RoleName r, Node d) const;
    /// The outgoing links (role, target) of a context.
    const std::vector<std::pair<RoleName, Node>>& links(Node c) const;
    std::size_t num_concepts() const { return num_concepts_; }
    std::size_t num_roles() const { return num_roles_; }       ///< with a delta's fresh roles
    std::size_t num_nodes() const { return contexts_.size(); } ///< nodes so far (not all have a context)
    std::size_t num_individuals() const { return num_individuals_; }
    ConceptName named_end() const { return named_end_; }
    /// What a node stands for: a concept name (kind 0), individual (1), ⊤/⊥ (2), range or
    /// delta node (3). `id` is the name/individual id or, for range nodes, the filler node.
    int node_kind(Node n, std::uint32_t& id) const;
    /// Range nodes: the filler node and range nodes they conjoin (for display).
    std::vector<Node> node_parts(Node n) const;
    const std::vector<NormalAxiom>& axioms() const { return axioms_; }
    ReasonerStats stats() const;

    /// A proof of C ⊑ B (or of C →r D with link=true) as steps, premises before conclusions;
    /// the last step is the goal. Empty if not derived.
    std::vector<ProofStep> proof(Node c, Node b) const;
    std::vector<ProofStep> proof_link(Node c, RoleName r, Node d) const;

    // ---- delta saturation
    /// Starts a delta: everything added until rollback() is undone then.
    void begin_delta();
    /// A new concept for the delta (for fresh names of a candidate's normal forms); returns
    /// its ConceptName (≥ num_concepts()).
    ConceptName new_delta_concept();
    /// A new role for the delta (for fresh roles of a candidate's normal forms, e.g. u in
    /// r1∘r2 ⊑ u, u∘r3 ⊑ s); returns its RoleName (≥ the closure's roles). All per-role
    /// tables grow by one row, and rollback() removes it.
    RoleName new_delta_role();
    /// The node of individual `a` during a delta: for a ≥ num_individuals() (a name the
    /// ontology does not mention) a new nominal-like node with no assertions, counted as an
    /// individual when ⊥ reaches it; rollback() removes it. add_delta() calls it for the
    /// individuals of CA and RA axioms.
    Node delta_individual(IndividualName a);
    /// Adds normal forms on top of the closure and saturates only what they change. Role
    /// inclusions, chains and ranges (RI, RC, RANGE) update the role hierarchy, chain and range
    /// tables first (saved for rollback); then the ∃-left and chain rules are re-fired on the
    /// existing links of every role whose super-roles or chains changed, and every GCI2 and
    /// role assertion of a role whose range set grew is applied again with the new ranges (its
    /// links get a target B ⊓ ranges; the old, weaker links stay, which changes no subsumer).
    /// Roles must be below num_roles (use new_delta_role for fresh ones).
    void add_delta(const std::vector<NormalAxiom>& axioms, jobs::JobContext* ctx = nullptr);
    /// Makes sure a context exists for n (and saturates it; during a delta it is undone later).
    void activate(Node n);
    /// During a delta: did ⊥ reach ⊤ or an individual (inconsistency), or a satisfiable named
    /// concept (incoherence)? `witness` is the first such node.
    bool delta_inconsistent() const { return delta_inconsistent_; }
    bool delta_incoherent() const { return delta_incoherent_; }
    Node delta_witness() const { return delta_witness_; }
    void rollback();
    bool in_delta() const { return in_delta_; }

  private:
    Node fresh_individual_node(IndividualName a) const;
    struct Context;
    struct Todo;
    struct Index;
    struct Undo;
    void build_roles(std::size_t num_roles);
    void index_axiom(std::uint32_t ax, bool logged);
    Node range_node(Node filler, RoleName r);
    Node add_node();
    void push_sub(Node c, Node b, const Inference& inf);
    void push_link(Node c, RoleName r, Node d, const Inference& inf);
    void process(jobs::JobContext* ctx);
    void apply_sub(Node c, Node b, const Inference& inf);
    void apply_link(Node c, RoleName r, Node d, const Inference& inf);
    /// The rules with a link premise C →r D (bottom, ∃-left, both chain positions).
    void fire_link(Node c, RoleName r, Node d);
    /// Role part of a delta (axioms from `first`): updates the role tables; `touched` marks
    /// the roles whose super-roles or chain entries changed, `ranged` lists those whose range
    /// set grew.
    void update_roles(std::uint32_t first, std::vector<char>& touched, std::vector<RoleName>& ranged);
    /// Re-fires the link rules on the links (closure and delta) of the touched roles.
    void refire_links(const std::vector<char>& touched);
    /// Applies again, with the new range sets, the GCI2 axioms and role assertions (before
    /// `first`) of the roles in `ranged`.
    void retarget_ranges(const std::vector<RoleName>& ranged, std::uint32_t first);
    void rebuild_chain_row(RoleName q);
    /// The sorted range list of role q from range_axioms_ (one entry per range node).
    std::vector<std::pair<Node, std::uint32_t>> role_ranges(RoleName q) const;
    std::uint32_t rangeset_id(const std::vector<std::pair<Node, std::uint32_t>>& set);
    Context& ctx_of(Node n);
    void build_holders();
    template <class F> void for_holders(Node b, F&& f) const;
    /// The proof of one conclusion (C ⊑ X, or C →r X with link), premises first.
    std::vector<ProofStep> proof_from(bool link, Node c, Node x, RoleName r) const;

    std::vector<NormalAxiom> axioms_;
    std::size_t num_concepts_, num_roles_, num_individuals_;
    ConceptName named_end_;
    Node ind_base_ = 0;
    std::vector<Index> idx_;
    std::vector<std::unique_ptr<Context>> contexts_;
    std::vector<Todo> queue_;
    // roles
    std::vector<std::vector<std::uint64_t>> sub_bits_; ///< sub_bits_[r] bit s: r ⊑* s
    struct ChainEntry {
        RoleName other, t;
        std::uint32_t axiom;
    };
    std::vector<std::vector<ChainEntry>> chain_left_, chain_right_;
    std::vector<std::uint32_t> rc_axioms_, range_axioms_; ///< RC and RANGE axioms, in order
    // role deltas: rows and chain tables as they were before the delta
    struct SavedRole {
        RoleName q;
        std::vector<std::uint64_t> bits;
        std::vector<ChainEntry> left, right;
        std::vector<std::pair<Node, std::uint32_t>> ranges;
        std::uint32_t rangeset;
    };
    std::vector<SavedRole> saved_roles_;
    std::vector<char> role_saved_;                                    ///< per role: has an entry in saved_roles_
    std::vector<std::vector<std::pair<Node, std::uint32_t>>> ranges_; ///< per role: (range node, RANGE axiom)
    std::unordered_map<Node, std::vector<Node>> range_parts_;         ///< range node → filler, ranges
    std::unordered_map<std::uint64_t, Node> range_nodes_;             ///< (filler<<32 | rangeset id) → node
    std::vector<std::vector<std::pair<Node, std::uint32_t>>> rangesets_;
    std::map<std::vector<std::pair<Node, std::uint32_t>>, std::uint32_t> rangeset_ids_; ///< set → index in rangesets_
    std::vector<std::uint32_t> role_rangeset_;
    std::vector<std::uint32_t> delta_concepts_;                      ///< node per delta ConceptName
    std::vector<std::pair<IndividualName, Node>> delta_individuals_; ///< fresh individuals of a delta
    // holders: contexts containing a node, built once after saturation (CSR)
    std::vector<std::uint32_t> holder_off_, holder_ctx_;
    // links of the closure by role (CSR), built with the holders: (source, target)
    std::vector<std::uint32_t> role_link_off_;
    std::vector<std::pair<Node, Node>> role_links_;
    // GCI2 and RA axioms of the closure by role (CSR), built with the holders
    std::vector<std::uint32_t> role_ax_off_, role_ax_;
    bool holders_built_ = false;
    // delta
    bool in_delta_ = false;
    bool delta_inconsistent_ = false, delta_incoherent_ = false;
    Node delta_witness_ = 0;
    std::vector<Undo> undo_;
    std::size_t delta_nodes_begin_ = 0, delta_axioms_begin_ = 0, delta_roles_begin_ = 0, delta_rangesets_begin_ = 0;
    double seconds_ = 0.0;
};

} // namespace kbcx::reason
