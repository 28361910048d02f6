/** docs/scoring.md#tuning-by-verdicts: how a team's verdicts move a keyword's qualify threshold. */

/** Verdicts on a keyword before its threshold moves. */
export const MIN_VERDICTS = 20
/** How far from `scorer.qualify_threshold` a tuned threshold may go, either way. */
const TUNING_SPAN = 2
/** The thresholds tried, this far apart. */
const STEP = 0.5
const STEPS_EACH_WAY = TUNING_SPAN / STEP

/** Verdicts on a keyword's signals of one intent before they can turn that intent off for the keyword. */
export const MIN_INTENT_VERDICTS = 10
/** An intent is turned off when at most this share of those verdicts is "relevant". */
const OFF_SHARE = 0.1
/**
 * The intents verdicts may turn off. A buying post (ACTIVE) is what every seller wants: when a team dismisses those,
 * the keyword finds posts of another market, which the threshold answers (it rises as far as needed).
 */
const INTENTS_THAT_TURN_OFF = new Set(['COMPETITOR', 'PAIN', 'QUESTION', 'MENTION'])

type JudgedScore = { score: number; relevant: boolean; intent?: string }

/**
 * A keyword's threshold: `tuned` when its verdicts moved it from the default (`value` may still equal it);
 * `offIntents`, the intents whose posts no longer qualify for it, however high they score.
 */
export type Threshold = { value: number; default: number; tuned: boolean; verdicts: number; offIntents: string[] }

/**
 * The threshold that maximises F1 on the verdicts, where a verdict of "relevant" is a positive and a score at or
 * above the threshold qualifies. Candidates run from default-2 to default+2 in half points (within 0 to 10). On a
 * tie the one with fewer signals judged not relevant left above it wins (the higher threshold), then the one
 * nearest the default: so a keyword whose every signal was judged not relevant rises to the top of the range, and
 * one whose every signal was relevant keeps the default. Below MIN_VERDICTS verdicts the default stands.
 */
export function tunedThreshold(judged: JudgedScore[], defaultThreshold: number): Threshold {
  const base = {
    value: defaultThreshold,
    default: defaultThreshold,
    verdicts: judged.length,
    offIntents: intentsTurnedOff(judged),
  }
  if (judged.length < MIN_VERDICTS) return { ...base, tuned: false }
  let best = { value: defaultThreshold, f1: -1, falsePositives: Number.POSITIVE_INFINITY }
  for (const value of candidates(defaultThreshold)) {
    const { f1, falsePositives } = f1At(judged, value)
    const better =
      f1 > best.f1 ||
      (f1 === best.f1 && falsePositives < best.falsePositives) ||
      (f1 === best.f1 &&
        falsePositives === best.falsePositives &&
        Math.abs(value - defaultThreshold) < Math.abs(best.value - defaultThreshold))
    if (better) best = { value, f1, falsePositives }
  }
  return { ...base, value: best.value, tuned: true }
}

/**
 * The default and the half points either side of it, up to TUNING_SPAN away, within 0 to 10, ascending. Counted from
 * the default itself, not from 0 where default - 2 falls below it, nor rounded to tenths: either missed the default
 * (1.3, 6.25), which a keyword whose every signal was relevant keeps. Rounded to millionths only to drop the float
 * error of 1.3 - 1 (0.30000000000000004), which would be shown.
 */
function candidates(defaultThreshold: number): number[] {
  const values: number[] = []
  for (let k = -STEPS_EACH_WAY; k <= STEPS_EACH_WAY; k++) {
    const value = Math.round((defaultThreshold + k * STEP) * 1e6) / 1e6
    if (value >= 0 && value <= 10) values.push(value)
  }
  return values
}

/**
 * The intents (other than ACTIVE) with at least MIN_INTENT_VERDICTS verdicts on the keyword's signals, at most a tenth
 * of them "relevant": a team that keeps dismissing a keyword's complaints, say, no longer gets them. In intent order.
 */
export function intentsTurnedOff(judged: JudgedScore[]): string[] {
  const counts = new Map<string, { all: number; relevant: number }>()
  for (const j of judged) {
    if (!j.intent || !INTENTS_THAT_TURN_OFF.has(j.intent)) continue
    const c = counts.get(j.intent) ?? { all: 0, relevant: 0 }
    c.all++
    if (j.relevant) c.relevant++
    counts.set(j.intent, c)
  }
  return [...INTENTS_THAT_TURN_OFF].filter((intent) => {
    const c = counts.get(intent)
    return c !== undefined && c.all >= MIN_INTENT_VERDICTS && c.relevant <= OFF_SHARE * c.all
  })
}

/** F1 of "qualifies at `threshold`" against the verdicts (0 when nothing relevant qualifies). */
export function f1At(judged: JudgedScore[], threshold: number): { f1: number; falsePositives: number } {
  let tp = 0
  let fp = 0
  let fn = 0
  for (const j of judged) {
    const qualifies = j.score >= threshold
    if (qualifies && j.relevant) tp++
    else if (qualifies) fp++
    else if (j.relevant) fn++
  }
  return { f1: tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn), falsePositives: fp }
}

/** Precision: relevant / judged, or null when nothing is judged. */
export const precisionOf = (relevant: number, judged: number) => (judged === 0 ? null : relevant / judged)

/** The sentence added to the reason of a signal qualified at a tuned threshold (docs/scoring.md#tuning-by-verdicts). */
export function tuningNote(keyword: string, t: Threshold): string {
  return (
    `Qualified at this team's tuned threshold ${t.value} for "${keyword}" (default ${t.default}), ` +
    `learned from ${t.verdicts} verdicts.`
  )
}
