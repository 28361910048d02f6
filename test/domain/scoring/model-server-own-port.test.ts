import { afterEach, describe, expect, mock, spyOn, test } from 'bun:test'
import os from 'node:os'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { ownAddress } from '../../../src/domain/scoring/own-address'
import { createScorerHealth } from '../../../src/domain/scoring/scorer-health'
import { createLogger } from '../../../src/lib/log'
import { buildScorer } from '../../../src/scorers/registry'
import { fakesPerTest } from '../../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: the llama.cpp server listens on 127.0.0.1:8080 unless started with --port
// (its README, "--port PORT: port to listen (default: 8080)"), the port lead-signals takes by default too. Started
// after lead-signals, it cannot listen; scorer.openai.base_url at that port reaches lead-signals itself, which answers
// GET /v1/models with 404, as the fake does here. The check says that the address is this service's own.
const startFake = fakesPerTest()
const OWN = /scorer\.openai\.base_url \(http:\/\/127\.0\.0\.1:\d+\) is this service's own address \(server\.port \d+\)/

function configAt(port: number, host = '127.0.0.1') {
  return loadConfig({
    env: {
      LEAD_SIGNALS_SERVER_PORT: String(port),
      LEAD_SIGNALS_SCORER_BACKEND: 'openai',
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `http://${host}:${port}/v1`,
      LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen',
    },
  })
}
afterEach(() => mock.restore())
const itself = () => startFake(() => Response.json({ error: { code: 'not_found' } }, { status: 404 }))

describe('scorer.openai.base_url at the port lead-signals listens on', () => {
  test('the start-up line says it is this service’s own address, and to start the model server on another port', async () => {
    const port = Number(new URL(itself().origin).port)
    const lines: string[] = []
    const log = createLogger((l) => lines.push(l))
    const config = configAt(port)
    const health = createScorerHealth({ config, scorer: await buildScorer(config, log), log })
    expect(await health.check()).toBe(false)
    const said = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 'warn')
    expect(said).toHaveLength(1)
    expect(said[0].message).toMatch(OWN)
    expect(said[0].message).toContain('start it with --port')
  })

  test('scorer check says the same, written as localhost too', async () => {
    const port = Number(new URL(itself().origin).port)
    const check = await checkScorer(
      configAt(port, 'localhost'),
      createLogger(() => {}),
    )
    expect(check.status).toBe('failed')
    expect(check.detail).toContain("is this service's own address")
  })

  test('another port is checked as before', async () => {
    const port = Number(new URL(itself().origin).port)
    const config = loadConfig({
      env: {
        LEAD_SIGNALS_SERVER_PORT: String(port + 1),
        LEAD_SIGNALS_SCORER_BACKEND: 'openai',
        LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      },
    })
    const check = await checkScorer(
      config,
      createLogger(() => {}),
    )
    expect(check.detail).toContain('another server answers at this address')
  })

  // The machine's own address on its network, as a base_url copied from another machine's configuration holds it:
  // lead-signals listens on every address unless server.host says otherwise (docs/operations.md#running-it).
  const lan = {
    address: '192.0.2.7',
    netmask: '255.255.255.0',
    family: 'IPv4' as const,
    mac: '02:00:00:00:00:07',
    internal: false,
  }
  const ownLan = () =>
    spyOn(os, 'networkInterfaces').mockReturnValue({
      ...os.networkInterfaces(),
      eth9: [{ ...lan, cidr: '192.0.2.7/24' }],
    })

  for (const host of ['192.0.2.7', '0.0.0.0', '[::1]', '127.0.0.2'])
    test(`written as ${host}, an address of this machine, it is said the same way`, async () => {
      ownLan()
      const port = Number(new URL(itself().origin).port)
      const check = await checkScorer(
        configAt(port, host),
        createLogger(() => {}),
      )
      expect(check.detail).toContain(`scorer.openai.base_url (http://${host}:${port}) is this service's own address`)
    })

  test('the start-up line names the address as configured, never the machine’s other addresses', async () => {
    ownLan()
    const port = Number(new URL(itself().origin).port)
    const lines: string[] = []
    const log = createLogger((l) => lines.push(l))
    const config = configAt(port, '192.0.2.7')
    expect(await createScorerHealth({ config, scorer: await buildScorer(config, log), log }).check()).toBe(false)
    expect(lines.join('\n')).toContain("is this service's own address")
    expect(lines.join('\n')).not.toContain('127.0.0.1')
  })

  test('listening on 127.0.0.1 only (server.host), a model server may take the port on the network address', async () => {
    ownLan()
    const port = Number(new URL(itself().origin).port)
    const config = loadConfig({
      env: {
        LEAD_SIGNALS_SERVER_HOST: '127.0.0.1',
        LEAD_SIGNALS_SERVER_PORT: String(port),
        LEAD_SIGNALS_SCORER_BACKEND: 'openai',
        LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `http://192.0.2.7:${port}/v1`,
      },
    })
    expect(ownAddress(config, config.scorer.openai.base_url)).toBeUndefined()
  })
})
