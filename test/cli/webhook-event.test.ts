// docs/destinations.md#managing, docs/people.md#person-updated: `webhook add --event person.updated` makes a
// destination told of people turning hot, as POST /api/v1/webhooks and the console do, with the API's refusals
// in the words of the command's options; nothing is added when it is refused.
import { beforeEach, expect, setDefaultTimeout, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { MANY_PROCESSES_MS, ok, runCli } from './run-cli'
import { workspacePerTest } from './workspace-per-test'

setDefaultTimeout(MANY_PROCESSES_MS)

const workspace = workspacePerTest('acme')
const receiver = fakesPerTest()
const env = { LEAD_SIGNALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }
let url = ''
beforeEach(() => {
  url = `${receiver(() => new Response('ok')).origin}/hooks/people`
})
const add = (...more: string[]) => ['webhook', 'add', '--team', 'acme', '--url', url, ...more]

test('--event person.updated adds a destination for people turning hot; --help lists the option', async () => {
  const made = JSON.parse(await ok(workspace(), add('--event', 'person.updated', '--json'), { env }))
  expect(made.endpoint.event).toBe('person.updated')
  const listed = JSON.parse(await ok(workspace(), ['webhook', 'list', '--team', 'acme', '--json']))
  expect(listed.map((e: { event: string }) => e.event)).toEqual(['person.updated'])
  const help = await runCli(workspace(), ['webhook', 'add', '--help'])
  expect(help.stdout + help.stderr).toContain('--event signal.created|person.updated')
})

test('a digest, another kind, a filter or an unknown event are refused naming the option, and nothing is added', async () => {
  const refusals: [string[], string][] = [
    [add('--event', 'person.updated', '--cadence', 'daily'), '--cadence'],
    [add('--event', 'person.updated', '--kind', 'slack'), '--kind'],
    [add('--event', 'person.updated', '--min-score', '8'), '--min-score'],
    [add('--event', 'person.created'), '--event'],
  ]
  for (const [argv, option] of refusals) {
    const r = await runCli(workspace(), argv, { env })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(option)
    expect(r.stderr).not.toContain('    at ')
  }
  const listed = JSON.parse(await ok(workspace(), ['webhook', 'list', '--team', 'acme', '--json']))
  expect(listed).toEqual([])
})
