/**
 * How the cue lists of the embedded `rules` scorer are written (the lists: buying-cues.ts, pain-cues.ts; how they are
 * combined: index.ts).
 *
 * Every cue is a regular expression compiled once, at module load, with the `g` flag so that the scorer can step past
 * a negated occurrence to a later one. Phrases come from general knowledge of how people on social networks ask for,
 * compare and complain about products; they are deliberately not derived from any evaluation data set.
 *
 * `w` is the strength of the cue: 2 = unambiguous on its own, 1.5 = strong, 1 = suggestive, 0.5 = weak support.
 * `neg` says whether a negation just before or inside the cue cancels it ("not looking for", "I don't want to buy");
 * cues that already contain their own negation ("doesn't work") switch it off.
 */

export type Cue = { re: RegExp; what: string; w: number; neg: boolean }

export function cue(source: string, what: string, w: number, neg = true): Cue {
  return { re: new RegExp(source, 'gi'), what, w, neg }
}

/**
 * A switching frame also says what it means when the product it names turns out to be generic or ours:
 * `switch` = still buying intent (ACTIVE), `price` = a complaint (PAIN), `compare` = nothing on its own, `choose` =
 * weighing products against each other ("Foo vs Bar"), buying intent whatever the names.
 * `proper` = the name must look like a product (capitalised, @handle, dotted), because the verb is common
 * ("cancel the order", "ditch the car").
 */
export type SwitchCue = Cue & { kind: 'switch' | 'price' | 'compare' | 'choose'; proper: boolean }

export function sw(source: string, what: string, w: number, kind: SwitchCue['kind'], proper = false): SwitchCue {
  return { ...cue(source, what, w), kind, proper }
}

/**
 * A frame whose product comes first ("Foo alternative", "Foo is too expensive", "Foo vs"). The name sits in a
 * look-behind, so the expression is tried only where the frame's own word ("alternative") occurs instead of after
 * every word of the post (about ten times faster); the `d` flag gives where the name starts, which is where the
 * matched phrase and its negation window start.
 */
export function swBehind(
  name: string,
  frame: string,
  what: string,
  w: number,
  kind: SwitchCue['kind'],
  proper = false,
): SwitchCue {
  // The frame's word follows a space, so it starts a word: `\b` lets the cue be tried at word starts only (match.ts).
  return { re: new RegExp(`\\b(?<=${name})${frame}`, 'gid'), what, w, neg: true, kind, proper }
}

/** Apostrophes as typed on phones and desktops alike. */
export const A = "[’']?"
