// A real sqld that checks JWTs (`--auth-jwt-key-file`, an Ed25519 public key:
// docs/operations.md#several-executables-on-sqld), reached over HTTP and over a WebSocket. Over HTTP it refuses a
// missing or wrong token with 401; over a WebSocket it answers the hello with an error whose code says why
// (AUTH_HEADER_NOT_FOUND, AUTH_JWT_INVALID), which the command printed as a log line, `command_failed` with
// `ResponseError: Authentication failed: …`, naming no setting.
import { afterAll, describe, expect, test } from 'bun:test'
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { join } from 'node:path'
import { startSqld } from '../../scripts/sqld'
import { createWorkspace, runCli } from './run-cli'

const ws = createWorkspace()
const { publicKey, privateKey } = generateKeyPairSync('ed25519')
const keyFile = join(ws.dir, ws.file('jwt-key.pem', publicKey.export({ type: 'spki', format: 'pem' }).toString()))
const sqld = await startSqld({ options: ['--auth-jwt-key-file', keyFile] })
const host = new URL(sqld.url).host
afterAll(async () => {
  await sqld.stop()
  ws.cleanup()
})

/** A JWT as sqld reads one: EdDSA-signed, with read-write access (`a: rw`). */
function jwt(key: KeyObject) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const signed = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ a: 'rw' })}`
  return `${signed}.${sign(null, Buffer.from(signed), key).toString('base64url')}`
}
const wrong = jwt(generateKeyPairSync('ed25519').privateKey)

const teamList = (url: string, token: string) =>
  runCli(ws, ['team', 'list'], { env: { LEAD_SIGNALS_DATABASE_URL: url, LEAD_SIGNALS_DATABASE_AUTH_TOKEN: token } })
const line = (text: string) => ({ code: 1, stdout: '', stderr: `lead-signals: database.auth_token: ${text}\n` })

describe("sqld's JWT authentication", () => {
  test('the right token is taken over HTTP and over a WebSocket', async () => {
    for (const scheme of ['http', 'ws']) {
      const r = await teamList(`${scheme}://${host}`, jwt(privateKey))
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' })
    }
  }, 60_000)

  test('over HTTP a missing or wrong token is one line naming the setting', async () => {
    expect(await teamList(`http://${host}`, '')).toEqual(
      line(`the libSQL server at ${host} requires a token and none is set (HTTP 401)`),
    )
    expect(await teamList(`http://${host}`, wrong)).toEqual(
      line(`the libSQL server at ${host} refused the token (HTTP 401)`),
    )
  }, 60_000)

  test('over a WebSocket a missing or wrong token is the same line, with the code sqld gave', async () => {
    expect(await teamList(`ws://${host}`, '')).toEqual(
      line(`the libSQL server at ${host} requires a token and none is set (AUTH_HEADER_NOT_FOUND)`),
    )
    const r = await teamList(`ws://${host}`, wrong)
    expect(r).toEqual(line(`the libSQL server at ${host} refused the token (AUTH_JWT_INVALID)`))
    expect(r.stderr).not.toContain(wrong)
  }, 60_000)
})
