#include <fribidi.h>

// FriBidi's type tests are function-like macros, which Swift cannot import.

/// Whether a bidi type is neutral for choosing a face: not strong, not a number, not a mark.
static inline int vitrine_fribidi_is_neutral(FriBidiCharType type) {
    return (type & (FRIBIDI_MASK_STRONG | FRIBIDI_MASK_NUMBER | FRIBIDI_MASK_NSM)) == 0;
}

/// The Other Neutral type (ON), whose level rule L1 leaves alone.
static inline FriBidiCharType vitrine_fribidi_type_on(void) { return FRIBIDI_TYPE_ON; }

/// "Find the paragraph's direction from its first strong character" (rules P2–P3).
static inline FriBidiParType vitrine_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }

/// "From the first strong character; right to left when there is none" (P2–P3, with HL1's
/// default for a paragraph of neutrals in a right-to-left interface).
static inline FriBidiParType vitrine_fribidi_par_weak_rtl(void) { return FRIBIDI_PAR_WRTL; }

/// Whether a paragraph direction FriBidi resolved is right to left: `FRIBIDI_PAR_RTL`, or
/// `FRIBIDI_PAR_WRTL` left as it was given when the paragraph has no strong character.
static inline int vitrine_fribidi_par_is_rtl(FriBidiParType direction) { return FRIBIDI_IS_RTL(direction) != 0; }

/// Whether a bidi type is a strong letter (left-to-right or right-to-left).
static inline int vitrine_fribidi_is_strong(FriBidiCharType type) {
    return (type & FRIBIDI_MASK_STRONG) != 0 && (type & FRIBIDI_MASK_LETTER) != 0;
}

/// Whether a bidi type can make any level other than 0 in a paragraph without it: right-to-left
/// letters, Arabic numbers, explicit embeddings and isolates. A paragraph with none of these is
/// all level 0 (UAX #9: every EN resolves to L by W7 and every neutral to L by N1–N2).
static inline int vitrine_fribidi_needs_resolution(FriBidiCharType type) {
    return (type & (FRIBIDI_MASK_RTL | FRIBIDI_MASK_ARABIC | FRIBIDI_MASK_EXPLICIT | FRIBIDI_MASK_ISOLATE)) != 0;
}
