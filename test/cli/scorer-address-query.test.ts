// docs/scoring.md#backends: the scorer calls its API's paths after the address it is given ({base_url}/models,
// {base_url}/chat/completions; {host}/api/chat). A query written in it (an Azure-style ?api-version=…, a key pasted
// into the address) was kept in front of those paths: GET http://host/v1?api-version=1/models reached the server as
// GET /v1, and scorer check said "GET /v1/models answered HTTP 404: another server answers at this address; check the
// host and port", neither of which was so. Such an address is now refused at start-up, naming the setting and why,
// without repeating the query (it may hold a key).
import { afterAll, expect, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, runCli } from './run-cli'

const ws = createWorkspace()
afterAll(() => ws.cleanup())

const WHY =
  "must be the server's address with no query or #fragment: the scorer calls its API's paths after it, which a query would end up inside; a key goes in"

test(
  'a query or fragment in scorer.openai.base_url or scorer.ollama.host stops scorer check with exit 2',
  async () => {
    const cases: [Record<string, string>, string][] = [
      [
        {
          LEAD_SIGNALS_SCORER_BACKEND: 'openai',
          LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: 'http://127.0.0.1:1/v1?api-version=2024-10-21',
        },
        `scorer.openai.base_url (from LEAD_SIGNALS_SCORER_OPENAI_BASE_URL): ${WHY} scorer.openai.api_key`,
      ],
      [
        { LEAD_SIGNALS_SCORER_BACKEND: 'openai', LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: 'http://127.0.0.1:1/v1#models' },
        `scorer.openai.base_url (from LEAD_SIGNALS_SCORER_OPENAI_BASE_URL): ${WHY} scorer.openai.api_key`,
      ],
      [
        { LEAD_SIGNALS_SCORER_BACKEND: 'ollama', LEAD_SIGNALS_SCORER_OLLAMA_HOST: 'http://127.0.0.1:1/?token=s3cret' },
        `scorer.ollama.host (from LEAD_SIGNALS_SCORER_OLLAMA_HOST): ${WHY} the address as http://user:password@host:port`,
      ],
    ]
    for (const [env, line] of cases) {
      const r = await runCli(ws, ['scorer', 'check'], { env })
      expect({ env, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        env,
        code: 2,
        stdout: '',
        stderr: `lead-signals: config: ${line}\n`,
      })
      expect(r.stderr).not.toContain('s3cret')
    }
  },
  MANY_PROCESSES_MS,
)
