import type { Cue } from '../../../src/scorers/rules/cue'
import { firstMatch } from '../../../src/scorers/rules/match'

/** What each cue finds scanning the post on its own: the reference every faster way of finding cues must equal. */
export const oneByOne = (text: string, cues: readonly Cue[]) =>
  cues.flatMap((c) => {
    const m = firstMatch(text, c)
    return m ? [{ what: c.what, text: m[0], w: c.w, index: m.index }] : []
  })
