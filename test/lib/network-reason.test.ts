// docs/scoring.md#checking-the-model-server: a scoring call to a model server whose host name does not resolve said
// `no model server at … (host not found)`, which reads as a server that is down; it now names the name and the
// setting that holds it, as the start-up check and scorer check do (.invalid never resolves: RFC 6761).
import { expect, test } from 'bun:test'
import { callUnreached } from '../../src/lib/network-reason'

test('a scoring call to a name that does not resolve names it, and the setting that holds it', async () => {
  const where = 'http://ollama.nowhere.invalid:11434'
  const err = await fetch(`${where}/api/chat`).then(
    () => undefined,
    (e: unknown) => e,
  )
  const said = callUnreached({ err, scorer: 'ollama', named: 'the Ollama model server', where, heard: false })
  expect(said).toStartWith(
    `no model server at ${where}: the name ollama.nowhere.invalid does not resolve: check scorer.ollama.host for a typo`,
  )
  const openai = callUnreached({ err, scorer: 'openai', named: 'the OpenAI-compatible server', where, heard: false })
  expect(openai).toContain('check scorer.openai.base_url for a typo')
})
