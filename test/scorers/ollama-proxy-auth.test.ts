import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { buildScorer } from '../../src/scorers/registry'
import { fakesPerTest } from '../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: Ollama asks for no credentials; a site that wants them puts a proxy in
// front of it (its maintainers' advice, ollama/ollama#5415), such as nginx with HTTP basic authentication, which
// answers a request without them 401 with its own page. The fake is that proxy in front of an Ollama that answers
// /api/show and /api/chat as its API documentation describes.
const startFake = fakesPerTest()
const USER = 'scorer'
const PASSWORD = 'p4ss-word'
const NGINX_401 =
  '<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

function ollamaBehindProxy() {
  return startFake((req) => {
    if (req.headers.get('authorization') !== `Basic ${btoa(`${USER}:${PASSWORD}`)}`)
      return new Response(NGINX_401, {
        status: 401,
        headers: { 'content-type': 'text/html', 'www-authenticate': 'Basic realm="ollama"' },
      })
    if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen2' } })
    if (req.url.pathname === '/api/version') return Response.json({ version: '0.12.6' })
    const content = JSON.stringify({
      reason: 'The post says "needs a CRM".',
      intent: 'ACTIVE',
      icpMatch: null,
      score: 8,
    })
    return Response.json({ model: 'qwen2.5:3b', message: { role: 'assistant', content }, done: true })
  })
}

const scorerAt = (host: string, model = 'qwen2.5:3b') =>
  buildScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: host, LEAD_SIGNALS_SCORER_OLLAMA_MODEL: model } }),
    createLogger(() => {}),
  )
const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }
const live = () => AbortSignal.timeout(5000)

describe('ollama behind a proxy that asks for a user and password', () => {
  test('without them, the check and a call say a proxy refused and where they go, not the proxy page', async () => {
    const proxy = ollamaBehindProxy()
    const scorer = await scorerAt(proxy.origin)
    const said = `the Ollama model server at ${proxy.origin} refused the request (HTTP 401): Ollama itself asks for no credentials, so a proxy in front of it did; for one that takes a user and password, write them in scorer.ollama.host (http://user:password@host:port), or set it to Ollama's own address`
    expect(await scorer.probe?.(live())).toBe(said)
    await expect(scorer.score(input, live())).rejects.toThrow(said)
  })

  test('written in scorer.ollama.host, they are sent with every request, and the model answers', async () => {
    const proxy = ollamaBehindProxy()
    const scorer = await scorerAt(proxy.origin.replace('//', `//${USER}:${PASSWORD}@`))
    expect(await scorer.probe?.(live())).toBeUndefined()
    expect((await scorer.score(input, live())).score).toBe(8)
  })

  test('wrong ones are said to be refused, never shown', async () => {
    const proxy = ollamaBehindProxy()
    const scorer = await scorerAt(proxy.origin.replace('//', `//${USER}:wrong-one@`))
    const said = `the Ollama model server at ${proxy.origin} refused the request (HTTP 401): Ollama itself asks for no credentials, so a proxy in front of it refused the user and password written in scorer.ollama.host: check them`
    expect(await scorer.probe?.(live())).toBe(said)
    const call = scorer.score(input, live())
    await expect(call).rejects.toThrow(said)
    await expect(call).rejects.not.toThrow('wrong-one')
  })

  test("a cloud model's 401 is Ollama's own (not signed in to ollama.com), said as it answered it", async () => {
    const ollama = startFake(() => Response.json({ error: 'unauthorized' }, { status: 401 }))
    const call = (await scorerAt(ollama.origin, 'gpt-oss:120b-cloud')).score(input, live())
    await expect(call).rejects.toThrow(`the Ollama model server at ${ollama.origin} answered HTTP 401: unauthorized`)
  })
})
