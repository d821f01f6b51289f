// EL-ontology embedding models on normal-form axioms — ELEmbeddings (released, and with the
// published GCI1 term (iv)), EmEL++, ELBE and Box²EL — with hand-written gradients, under this
// project's objective (variant kbcx) or as their references release them (mowl, paper, dele, kracr).
#pragma once

#include "embed/el_mowl_losses.hpp"
#include "embed/nf_axioms.hpp"
#include "embed/params.hpp"
#include "embed/term_trace.hpp"
#include "embed/variants.hpp"

#include <array>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::embed {

/// Sizes of the signature a model embeds. Every concept name, every individual (as the
/// nominal {x}: A(x) is trained and scored as {x} ⊑ A, r(x, y) as {x} ⊑ ∃r.{y}) and ⊤ get a
/// class row: concept c → row c, individual x → row concepts + x, ⊤ → the last row.
struct ElSizes {
    std::size_t concepts = 0, roles = 0, individuals = 0;
    std::size_t class_rows() const { return concepts + individuals + 1; }
};

/// The training sizes of an EL model when none are given (`kbcx train` and `kbcx sweep` with an EL
/// model, the Training tab, the Sweep dialog); the triple models' are TrainSettings' own.
struct ElTrainDefaults {
    static constexpr int dim = 50;
    static constexpr int batch = 256;  ///< axioms per step
    static constexpr int neg = 4;      ///< negatives per axiom
    static constexpr double lr = 0.01; ///< as a float in TrainSettings; a double like the GUI's spin boxes
};

// ElVariant, el_variants() and their names: embed/variants.hpp.

/// The training settings of the mowl and paper variants (mOWL's model defaults): full batch, so
/// one optimiser step per epoch; one negative per GCI2 axiom; dense Adam.
struct ElReleasedDefaults {
    static constexpr int dim = 50;
    static constexpr int epochs = 1000;
    static constexpr int neg = 1;      ///< negatives per GCI2 axiom (no other form has any)
    static constexpr double lr = 1e-3; ///< Adam, every row updated every step
};

/// The settings of the dele variant (DELE's ELEmbeddings defaults): negatives for GCI2 only
/// (`neg_types = ["gci2"]`), ε = 0.001 on the ⊥ negatives, ReduceLROnPlateau (factor 0.1, patience
/// 10 epochs, relative threshold 1e-4) and early stop after 20 epochs without a lower validation
/// loss. DELE's regulariser reads an attribute its code never sets; dele takes weight 0 (its
/// `reg_norm is None` branch: no regulariser); --reg λ adds λ·|‖c‖ − 1| per class occurrence.
struct ElDeleDefaults {
    static constexpr std::uint32_t neg_forms = 1u << static_cast<int>(NfKind::GCI2);
    static constexpr double reg = 0.0;
    static constexpr double epsilon = 0.001;
    static constexpr int plateau_patience = 10;
    static constexpr double plateau_factor = 0.1;
    static constexpr double plateau_threshold = 1e-4;
    static constexpr int stop_after = 20; ///< epochs without improvement
};
/// The settings of the kracr variant (kracr/EmELpp 267f2c7, GALEN_EmEL.py): each step samples
/// `batch` axioms of every form with replacement, ceil(largest form / batch) steps per epoch, Adam.
/// The margin is 0, one of the three its script loops over (−0.1, 0, 0.1).
struct ElKracrDefaults {
    static constexpr int batch = 256;
    static constexpr double lr = 3e-4;
    static constexpr int epochs = 1000;
    static constexpr double margin = 0.0;
    static constexpr double top_radius = 5.0; ///< its `inf`: the target of ⊤'s radius, |[ρ_⊤]₊ − 5|
};

/// The training settings a variant starts from (CLI and GUI alike): epochs, axioms per step, negatives
/// per axiom, learning rate, and whether --batch / --neg are the user's to set.
struct ElVariantTraining {
    int epochs = 100;
    int batch = ElTrainDefaults::batch;
    int neg = ElTrainDefaults::neg;
    double lr = ElTrainDefaults::lr;
    bool batch_applies = true; ///< false: one step on the whole set (mowl, paper, dele)
    bool neg_applies = true;   ///< false: the variant's own negatives (every released variant)
};
/// kbcx: ElTrainDefaults, 100 epochs; mowl, paper, dele: ElReleasedDefaults (full batch, 1 negative);
/// kracr: ElKracrDefaults (batch 256 per form, 2 negatives per GCI2 axiom, lr 3e-4, 1000 epochs).
ElVariantTraining el_variant_training(ElVariant variant);

/// "gci0,gci2" ⇄ bit mask over NfKind (the forms DELE's neg_types names: gci0, gci1, gci2, gci3,
/// gci0_bot, gci1_bot, gci3_bot; case-insensitive; "none" = 0). Throws std::invalid_argument.
std::uint32_t parse_neg_forms(std::string_view list);
std::string neg_forms_text(std::uint32_t mask);

/// Hyperparameters that define a model (all of them go into checkpoints).
struct ElModelConfig {
    std::string name = "ELEmbeddings"; ///< canonical, see el_model_names()
    ElVariant variant = ElVariant::Kbcx;
    int dim = ElTrainDefaults::dim;
    float margin = 0.0f; ///< γ of models.md (signs as there: ELEm [‖…‖ … − γ]₊, ELBE κ = +γ, Box²EL inc −γ)
    float delta = 2.5f; ///< target δ of the box models' negative term (δ − dneg)² (ELBE, Box²EL)
    float reg = 1.0f;   ///< weight of the regulariser (ball models: |‖c‖ − 1| on centres; Box²EL: ‖β‖)
    std::uint32_t neg_forms = 0; ///< dele: the forms with negatives (bit 1 << NfKind)
};

/// The EL model names: ELEmbeddings, ELEmbeddings-iv, EmEL++, ELBE, Box2EL.
const std::vector<std::string>& el_model_names();
/// Case-insensitive ("Box²EL", "BoxSquaredEL", "ELEm" accepted); throws std::invalid_argument.
std::string canonical_el_model_name(std::string_view name);
/// True if `name` names an EL model (in any accepted spelling).
bool is_el_model_name(std::string_view name);
/// The defaults of models.md's references for a model (dim 50; γ, δ, λ per model) under a
/// variant (mowl/paper: mOWL's γ 0, Box2EL γ 0.02, δ 2.5, λ 0.2; ELEm λ 1). Throws
/// std::invalid_argument for a variant the model does not have.
ElModelConfig default_el_config(const std::string& canonical_name, ElVariant variant = ElVariant::Kbcx);

/// One term of a loss, evaluated from table rows (see el_models.cpp for the formulas):
/// Ball   h(s1·‖Σ a‖ + Σ_j sign_j·f(ρ_j) + κ), f = |·|, [·]₊ or identity, h = [·]₊ or identity
/// Box    ‖[s1·|Σ a| + Σ_j sign_j·|ρ_j| + κ]₊‖₂ (per dimension)
/// Inter  ‖[|c_I − c_E| + s1·o_I − o_E + κ]₊‖₂ (+ ‖[l − u]₊‖₂ if `empty`), I = C ∩ D as boxes
/// Cos    1 − cos(Σ a, Σ b)
/// Norm   |‖Σ a‖₂ − 1|
/// MinRad h(min(f(ρ_0), f(ρ_1)) − f(ρ_2) + κ)     (ELEm's GCI1 term (iv))
/// A VRef's sign multiplies the row it names.
struct VRef {
    std::uint32_t table = 0, row = 0;
    float sign = 1.0f;
};
struct Term {
    enum Kind : std::uint8_t { Ball, Box, Inter, Cos, Norm, MinRad } kind = Ball;
    float weight = 1.0f, kappa = 0.0f, s1 = 1.0f;
    float target = 0.0f; ///< negatives only: the term contributes weight·(value − target)²
    bool hinge = true;   ///< Ball/MinRad: apply [·]₊
    bool empty = false;  ///< Inter: add the emptiness term ‖[l − u]₊‖
    RadFn rf = RadFn::Abs;
    std::array<VRef, 4> a{};
    std::array<VRef, 4> b{};
    std::uint8_t na = 0, nb = 0;
};
using TermList = std::vector<Term>;

/// The three parts of the training objective of one axiom.
enum class LossPart : std::uint8_t {
    Positive,   ///< ℓ(α) = Σ weight·term; the score is −ℓ
    Negative,   ///< for α⁻ used as a negative: Σ weight·(term − target)²
    Regulariser ///< Σ weight·term over the axiom's rows
};

/// An EL model. Parameters live in tables(); loss(α) ≥ 0 is the positive loss of a normal-form
/// axiom without regulariser, and score(α) = −loss(α) (NaN for kinds the model has no loss
/// for, e.g. role inclusions in ELEmbeddings/ELBE). Gradient methods *add* coeff·∂/∂θ into a
/// GradBuffer shaped like tables(). All const methods may run on several threads at once.
class ElModel {
  public:
    ElModel(ElModelConfig config, ElSizes sizes);
    virtual ~ElModel() = default;
    ElModel(const ElModel&) = delete;
    ElModel& operator=(const ElModel&) = delete;

    const ElModelConfig& config() const noexcept { return config_; }
    const std::string& name() const noexcept { return config_.name; }
    const ElSizes& sizes() const noexcept { return sizes_; }
    std::vector<ParamTable>& tables() noexcept { return tables_; }
    const std::vector<ParamTable>& tables() const noexcept { return tables_; }

    /// U(−1, 1) rows, each row (or centre and offset separately) normalised to unit L2 norm.
    virtual void init(std::mt19937_64& rng);
    /// Does the model have a positive loss / a negative term for this kind?
    virtual bool supports(NfKind kind) const = 0;
    virtual bool has_negative(NfKind kind) const;

    /// Appends the terms of `part` for `axiom` (nothing if unsupported).
    virtual void terms(const NfAxiom& axiom, LossPart part, TermList& out) const = 0;

    virtual double loss(const NfAxiom& axiom) const; ///< NaN if !supports(kind)
    /// loss(axiom) term by term: appends one TermTrace per term of the positive loss (the same
    /// evaluation loss() sums) and returns the loss; NaN (nothing appended) where loss() is NaN.
    virtual double explain(const NfAxiom& axiom, std::vector<TermTrace>& out) const;
    double score(const NfAxiom& axiom) const { return -loss(axiom); }
    /// Value of a part (Negative: Σ weight·(term − target)²).
    virtual double part_value(const NfAxiom& axiom, LossPart part) const;
    /// g += coeff · ∂(part value)/∂θ; for Positive the part value is ℓ (not ℓ²).
    virtual void add_part_grad(const NfAxiom& axiom, LossPart part, float coeff, GradBuffer& g) const;

    /// Class row of a concept id (kTopConcept → ⊤) and of an individual.
    std::uint32_t concept_row(kg::Id c) const {
        return c == kTopConcept ? static_cast<std::uint32_t>(sizes_.class_rows() - 1) : c;
    }
    std::uint32_t individual_row(kg::Id x) const { return static_cast<std::uint32_t>(sizes_.concepts + x); }
    /// True if every id of the axiom is inside the model's signature.
    bool in_signature(const NfAxiom& axiom) const;

  protected:
    double term_value(const Term& t) const { return term_eval(t, nullptr); }
    /// The value of a term; fills `trace` (shape, rows, hinge) when given.
    double term_eval(const Term& t, TermTrace* trace) const;
    void term_grad(const Term& t, float coeff, GradBuffer& g) const;
    /// The axiom with class rows in a, b, c (ABox forms as TBox forms over nominals:
    /// A(x) → {x} ⊑ A, r(x, y) → {x} ⊑ ∃r.{y}); roles stay in r, s, t.
    NfAxiom rows_of(const NfAxiom& a) const;

    ElModelConfig config_;
    ElSizes sizes_;
    std::vector<ParamTable> tables_;
};

/// ELEmbeddings, ELBE and Box2EL as mOWL releases them (variants mowl and paper). The class table
/// has one row more than ElSizes::class_rows(): owl:Nothing (bottom_row()), which the scores of
/// the ⊥ forms use and corrupted fillers may be. Part values: Positive = the form's loss as mOWL
/// trains it, Negative = the GCI2 negative loss of the axiom as given (its filler already
/// corrupted), Regulariser = nothing per axiom (it is objective()'s, over all class rows).
class ElReleasedModel final : public ElModel {
  public:
    ElReleasedModel(ElModelConfig config, ElSizes sizes);
    void init(std::mt19937_64& rng) override;
    bool supports(NfKind kind) const override;
    /// mowl, paper: GCI2; dele: the forms of config().neg_forms.
    bool has_negative(NfKind kind) const override;
    /// The negative of `a` (class rows) with its corrupted column set to `filler`: mowl and paper the
    /// GCI2 filler b; dele the tail (GCI0 b, GCI1 c, GCI2 b, GCI3 b) and the ⊥ forms' class a.
    NfAxiom corrupt(const NfAxiom& a, std::uint32_t filler) const;
    /// The axiom as class rows with the ⊥ forms folded as mOWL scores them and kracr trains them:
    /// A ⊑ ⊥ → GCI0 with B = owl:Nothing, A ⊓ B ⊑ ⊥ → GCI1 with C = owl:Nothing, ∃r.A ⊑ ⊥ → GCI3.
    NfAxiom folded_rows(const NfAxiom& axiom) const;
    /// One kracr step: `size` slots; slot i holds forms[k][i] for each form k with axioms (class
    /// rows, folded), negatives[i] (a corrupted GCI2 axiom) and radius_rows[i] (a class row).
    struct KracrBatch {
        std::array<std::vector<NfAxiom>, kNfKinds> forms;
        std::vector<NfAxiom> negatives;
        std::vector<std::uint32_t> radius_rows;
        std::size_t size = 0;
    };
    /// kracr's Keras objective: mean over the slots of (Σ_k ℓ_k + |[ρ_⊤]₊ − 5| + ℓ⁻ + [−ρ]₊)², where
    /// every ℓ includes λ·|‖x‖ − 1| for each class centre (RI, RC: relation vector) it reads and ℓ⁻ =
    /// r_C + r_D − ‖c + v_r − d‖ + γ unhinged. Adds ∂/∂θ into g when given.
    double kracr_objective(const KracrBatch& batch, GradBuffer* g) const;
    /// The mean positive training loss of the axioms of `kind` (dele: its validation loss, GCI0);
    /// NaN if there are none.
    double mean_loss(std::span<const NfAxiom> axioms, NfKind kind) const;
    void terms(const NfAxiom&, LossPart, TermList&) const override {}
    /// mOWL's score (`extended = False`): the positive loss of the form; A ⊑ ⊥ by GCI0 with
    /// D = owl:Nothing, A ⊓ B ⊑ ⊥ by GCI1 with E = owl:Nothing, ∃r.A ⊑ ⊥ by GCI3 with D = owl:Nothing.
    double loss(const NfAxiom& axiom) const override;
    double explain(const NfAxiom& axiom, std::vector<TermTrace>& out) const override;
    double part_value(const NfAxiom& axiom, LossPart part) const override;
    void add_part_grad(const NfAxiom& axiom, LossPart part, float coeff, GradBuffer& g) const override;

    mowl::Geometry geometry() const noexcept { return geometry_; }
    std::uint32_t bottom_row() const { return static_cast<std::uint32_t>(sizes_.class_rows()); }
    /// Rows of the class table (class_rows() + owl:Nothing).
    std::size_t table_class_rows() const { return sizes_.class_rows() + 1; }
    /// The rows of mOWL's classes: every concept, ⊤ and ⊥ (not the nominals, which the released
    /// variants do not train). Corrupted fillers are drawn from them; the regulariser runs over them.
    std::size_t filler_count() const { return class_rows_.size(); }
    std::uint32_t filler_row(std::size_t i) const { return class_rows_[i]; }
    /// The objective of one step on the whole training set, as mOWL's train(): with the axioms
    /// grouped by normal form and fillers[i] the corrupted filler row of train[i] (a GCI2 axiom;
    /// kg::kNoId elsewhere),
    ///   ELEm, Box2EL  Σ_NF mean ℓ⁺ + mean ℓ⁻ + regulariser (ELEm λ·mean |‖c‖ − 1|, Box2EL λ·mean ‖β‖,
    ///                 over the classes of filler_row())
    ///   ELBE          Σ_NF (mean ℓ⁺)² + (mean ℓ⁻ − 1)²
    ///   dele          Σ_NF mean ℓ⁺ + mean ℓ⁻ (forms of neg_forms; ℓ⁻ DELE's negative of the corrupted
    ///                 axiom, fillers[i] its corrupted tail); GCI2 with negatives mean ℓ⁺² + mean ℓ⁻²;
    ///                 ℓ includes λ·|‖c‖ − 1| per class occurrence (λ = reg, dele default 0);
    ///                 ELBE: every form squared, Σ_NF mean ℓ⁺² + mean ℓ⁻², no regulariser
    /// (EmEL++ paper: as ELEm with r = [ρ]₊, its RI and RC forms and λ·mean [−ρ]₊ added.)
    /// Adds ∂/∂θ into g when given.
    double objective(std::span<const NfAxiom> train, std::span<const std::uint32_t> fillers, GradBuffer* g) const;

  private:
    double traced_loss(const NfAxiom& axiom, std::vector<TermTrace>* trace) const;
    double dele_objective(std::span<const NfAxiom> train, std::span<const std::uint32_t> fillers, GradBuffer* g) const;
    /// DELE's ℓ⁺ or ℓ⁻ of one axiom (class rows) with its per-occurrence regulariser.
    double dele_value(const NfAxiom& rows, bool negative, GradBuffer* g, float coeff) const;
    mowl::View<float> view() const;
    mowl::Options<float> options() const;
    mowl::Geometry geometry_;
    std::vector<std::uint32_t> class_rows_;
};

/// Builds an uninitialised model (config.name must be canonical; throws std::invalid_argument for
/// a variant the model does not have).
std::unique_ptr<ElModel> make_el_model(const ElModelConfig& config, const ElSizes& sizes);

/// AxiomScorer over an EL model (NaN outside its signature or for unsupported kinds).
class ElAxiomScorer final : public AxiomScorer {
  public:
    explicit ElAxiomScorer(const ElModel& model) : model_(model) {}
    double score(const NfAxiom& axiom) const override;

  private:
    const ElModel& model_;
};

} // namespace kbcx::embed
