// docs/scoring.md#triage: triage is for polling only. A caller who asks about one text gets the model's answer,
// however the rules would have scored it.
import { afterEach, expect, test } from 'bun:test'
import { addIcp } from '../../src/domain/icps/icps'
import { fakeOpenAi } from '../support/fake-openai'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

// Written for this test: the keyword in another sense, which the rules score in the off-topic band.
const OFF_TOPIC =
  'The oil pipeline under the river was shut after the leak last night, and the fishing season is closed until spring.'

test('POST /api/v1/leads/score asks the model even about a post the triage would keep from it', async () => {
  const model = fakeOpenAi()
  running.push(model)
  const { deps } = await testDeps({
    config: { scorer: { backend: 'openai', fallback: 'none', openai: { base_url: model.baseUrl } } },
  })
  const { team, apiKey } = await seedTeam(deps)
  await addIcp(deps, {
    teamId: team.id,
    name: 'Sales teams',
    description: 'Small B2B sales teams who need a CRM to manage their sales pipeline and deals',
  })
  const call = client(deps)

  const r = await call('POST', '/api/v1/leads/score', {
    key: apiKey,
    body: { content: OFF_TOPIC, keyword: 'pipeline' },
  })

  expect(r.status).toBe(200)
  expect(r.headers.get('x-scorer')).toBe('openai')
  expect(r.body).toMatchObject({ qualified: false, score: 2, intent: 'MENTION', reason: 'A passing mention.' })
  expect(model.calls()).toBe(1)
  expect(model.prompts.at(-1)).toContain(OFF_TOPIC)
})
