/**
 * The vocabulary a set of weights learns (src/scorers/model/vocabulary.ts): the identities of the hashed features met
 * in at least MIN_ROWS of its rows, each row counted once however many ways it is asked about (examples.ts#examplesOf).
 */
import { MIN_ROWS, type Vocabulary, vocabularyOf } from '../../src/scorers/model/vocabulary'
import type { Example } from './examples'

export function learnVocabulary(rows: readonly (readonly Example[])[]): Vocabulary {
  const rowsMeeting = new Map<number, number>()
  const inRow = new Set<number>()
  for (const examples of rows) {
    inRow.clear()
    for (const e of examples) for (const h of e.met) inRow.add(h)
    for (const h of inRow) rowsMeeting.set(h, (rowsMeeting.get(h) ?? 0) + 1)
  }
  const known: number[] = []
  for (const [h, n] of rowsMeeting) if (n >= MIN_ROWS) known.push(h)
  return vocabularyOf(known)
}
