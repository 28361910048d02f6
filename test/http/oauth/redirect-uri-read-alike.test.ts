import { describe, expect, test } from 'bun:test'
import { oauthWorldsPerTest, registerClient } from '../../support/oauth'

// docs/oauth.md#clients: a redirect URI is stored and matched as written, so it must read the same to every URL
// reader. The WHATWG URL Standard, which browsers follow, drops tabs and line breaks anywhere in a URL, decodes a
// percent-encoded host and maps look-alike dots in it (U+3002) to '.', and takes an empty user information before
// '@'; an RFC 3986 reader (RFC 3986 §2, §3.2.2) sees none of that, and Node's legacy url.parse ends a host at ';', '"'
// or '{'. Each URI below names one host to one reader and another to the next; each was stored with 201.
const world = oauthWorldsPerTest()
const NOT_URI_CHARACTERS = [
  'https://app.example.com\t.evil.example/cb',
  'https://app.example.com\n.evil.example/cb',
  'https://app.example.com/cb\r',
  'https://app.example.com/c b',
  'https://a\u3002example.com/cb',
  'https://аpp.example.com/cb',
  'https://app.example.com/cb?q="x"',
  'https://app.example.com/cb?q={x}',
  'https://app.example.com/cb?q=%zz',
]
const HOSTS_READ_OTHERWISE = [
  'https://evil.example%E3%80%82app.example.com/cb',
  'https://evil.example%2eapp.example.com/cb',
  'https://evil.example;.app.example.com/cb',
  "https://evil.example'.app.example.com/cb",
  'https://evil.example$app/cb',
  'https://@evil.example/cb',
  'http://@127.0.0.1:8000/cb',
]
type World = Awaited<ReturnType<typeof world>>

/** Each URI, registered after a good one, is refused with this description, naming it as redirect_uris.1. */
async function expectRefused(w: World, uris: string[], description: string) {
  for (const uri of uris) {
    const res = await registerClient(w, { redirect_uris: ['https://app.example.com/cb', uri] })
    const refusal = { error: 'invalid_redirect_uri', error_description: `redirect_uris.1: ${description}` }
    expect([uri, res.status, res.body]).toEqual([uri, 400, refusal])
  }
}

describe('a redirect URI that URL readers read differently', () => {
  test('holding a character that is not one of a URI is refused at registration', async () => {
    await expectRefused(
      await world(),
      NOT_URI_CHARACTERS,
      'holds a character that is no part of a URI (a space, tab or line break, a letter outside ASCII, one of ' +
        '"<>^`{|}, or % without two hex digits), which browsers drop or read otherwise; percent-encode it in the ' +
        'path or query, and write an international host as xn--',
    )
  })

  test('naming its host otherwise than as letters, digits, "-", "_" and "." or an IP address is refused', async () => {
    await expectRefused(
      await world(),
      HOSTS_READ_OTHERWISE,
      'names its host with characters other than letters, digits, "-", "_" and "." (or an IP address), which URL ' +
        'readers end or decode in different places; write the host as a DNS name',
    )
  })

  test('the forms every reader takes alike are still registered', async () => {
    const w = await world()
    const uris = [
      'https://APP.Example.com:8443/cb?next=%2Fhome&x=%E2%9C%93',
      'HTTPS://xn--pp-8cd.example.com/c%20b',
      'http://[::1]:8000/cb',
      'https://app.example.com./cb',
    ]
    const res = await registerClient(w, { redirect_uris: uris })
    expect([res.status, res.body.redirect_uris]).toEqual([201, uris])
  })
})
