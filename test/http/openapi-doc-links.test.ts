import { expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { testDeps } from '../support/deps'

// docs/api.md#api-documentation: the document's descriptions point to the guides (docs/api.md#error-codes on every
// error code, docs/oauth.md on the bearer scheme). Written as file names, Swagger UI showed them as plain text, and
// someone running the executable has no docs/ folder: the service serves the guides at /docs/NAME
// (docs/console.md#documentation), so each mention is a link there, to a heading that exists.

const strings = (node: unknown): string[] =>
  typeof node === 'string'
    ? [node]
    : node && typeof node === 'object'
      ? Object.values(node as Record<string, unknown>).flatMap(strings)
      : []

test('every guide the OpenAPI document mentions is a link to the page the service serves, at a heading it has', async () => {
  const app = createApp((await testDeps()).deps)
  const get = (path: string) => app.handle(new Request(`http://localhost${path}`))
  const spec = (await (await get('/swagger/json')).json()) as { info: { description: string } }
  const texts = strings(spec)
  const mentions = texts.flatMap((t) => [...t.matchAll(/docs\/[a-z-]+\.md(?:#[a-z0-9-]+)?/g)].map((m) => m[0]))
  expect(mentions.length).toBeGreaterThan(10)
  // A mention outside a Markdown link's label: text Swagger UI cannot follow.
  const bare = texts.flatMap((t) =>
    [...t.replace(/\[[^\]]*\]\([^)]*\)/g, '').matchAll(/docs\/[a-z-]+\.md\S*/g)].map((m) => m[0]),
  )
  expect([...new Set(bare)]).toEqual([])
  const targets = new Set(texts.flatMap((t) => [...t.matchAll(/\]\((\/docs\/[^)]+)\)/g)].map((m) => m[1] as string)))
  expect(targets.size).toBeGreaterThan(3)
  for (const target of targets) {
    const [path, fragment] = target.split('#') as [string, string | undefined]
    const res = await get(path)
    const html = await res.text()
    expect({ target, status: res.status, heading: fragment ? html.includes(`id="${fragment}"`) : true }).toEqual({
      target,
      status: 200,
      heading: true,
    })
  }
  // The overview says where the guide is, and leads back to the console the page was opened from.
  expect(spec.info.description).toContain('](/docs/api)')
  expect(spec.info.description).toContain('[the console](/)')
  expect((await get('/')).status).toBe(200)
})
