// Each set of weights learns from its own rows (scripts/train/weight-sets.ts, docs/model.md#the-embedded-model):
// the files listed in other-languages-files.txt train the weights for other languages and for other scripts, those
// listed in other-scripts-files.txt only the weights for other scripts, every other file all three.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readCorpus } from '../../scripts/train/corpus'
import { setSettings } from '../../scripts/train/weight-sets'
import { WEIGHT_SETS } from '../../src/scorers/model/index'

const dir = mkdtempSync(join(tmpdir(), 'corpus-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const row = (id: string, content: string, lang: string) =>
  JSON.stringify({ id, keyword: 'crm', icp: 'We sell a CRM', content, label: 'ACTIVE', lang, market: `m-${id}` })

test('a row trains the sets its file is listed for', () => {
  writeFileSync(join(dir, 'a-plain.jsonl'), `${row('a1', 'Need a CRM for our agency', 'en')}\n`)
  writeFileSync(join(dir, 'b-languages.jsonl'), `${row('b1', 'Wir suchen ein CRM für die Agentur', 'de')}\n`)
  writeFileSync(join(dir, 'c-japanese.jsonl'), `${row('c1', 'CRMを探しています、予算あり', 'ja')}\n`)
  writeFileSync(join(dir, 'other-languages-files.txt'), '# a comment\nb-languages.jsonl\n')
  writeFileSync(join(dir, 'other-scripts-files.txt'), 'c-japanese.jsonl # the Japanese posts\n')
  const { rows } = readCorpus(dir)
  const sets = setSettings()
  const trained = Object.fromEntries(
    WEIGHT_SETS.map((set) => [set, rows.filter((r) => sets[set].trains(r)).map((r) => r.id)]),
  )
  expect(trained).toEqual({ english: ['a1'], otherLanguages: ['a1', 'b1'], otherScripts: ['a1', 'b1', 'c1'] })
  expect([sets.english.bucketBits, sets.otherLanguages.bucketBits, sets.otherScripts.bucketBits]).toEqual([16, 17, 17])
})
