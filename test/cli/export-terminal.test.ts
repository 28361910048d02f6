import { describe, expect, test } from 'bun:test'
import { Writable } from 'node:stream'
import { writeExport } from '../../src/cli/export-output'

/** Standard output as a test sees it: a terminal or not, and every byte written to it. */
function stdout(isTTY: boolean) {
  const chunks: Buffer[] = []
  const out = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk))
        done()
      },
    }),
    { isTTY },
  )
  return { out, text: () => Buffer.concat(chunks).toString('utf8') }
}

const body = (text: string) => new Response(text).body as ReadableStream<Uint8Array>

// A post's author or text is written by whoever posted it (docs/security.md#platform-text); the CSV export carries it
// as it is, escape sequences included: on a terminal, OSC 0 retitles the window, CSI 2J clears it, OSC 52 writes the
// clipboard, and a C1 CSI (U+009B) does the same in terminals that read it.
const HOSTILE = 'id,author\r\nsig_1,"evil\u001b]52;c;ZWNobyBwd25lZA==\u0007 \u001b[2J\u009b31m\u007fok\tx"\r\n'

describe('an export to standard output (docs/operations.md#exporting-signals)', () => {
  test('on a terminal, control characters other than tab and line ends are shown as U+FFFD', async () => {
    const s = stdout(true)
    await writeExport(body(HOSTILE), undefined, false, s.out)
    expect(s.text()).toBe(
      'id,author\r\nsig_1,"evil\ufffd]52;c;ZWNobyBwd25lZA==\ufffd \ufffd[2J\ufffd31m\ufffdok\tx"\r\n',
    )
  })

  // A carriage return alone sent the cursor back to the line's start, and the text after it was written over the
  // line (a fake lead over a real one); a right-to-left override (U+202E) or isolate turned the rest of the line
  // around in a terminal that lays out right-to-left text. The CSV's own CRLF line ends stay as they are, also when
  // the CR ends one chunk of the export and the LF starts the next.
  test('on a terminal, a carriage return alone and direction characters are shown as U+FFFD too', async () => {
    const s = stdout(true)
    const parts = [
      'id,author\r',
      '\nsig_1,"real lead\rfake\u202etxt.exe\u2066x\u2069\u061c\u200fok"\r\n',
      'sig_2,end\r',
    ]
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        for (const part of parts) c.enqueue(new TextEncoder().encode(part))
        c.close()
      },
    })
    await writeExport(chunks, undefined, false, s.out)
    expect(s.text()).toBe(
      'id,author\r\nsig_1,"real lead\ufffdfake\ufffdtxt.exe\ufffdx\ufffd\ufffd\ufffdok"\r\nsig_2,end\ufffd',
    )
  })

  test('into a pipe or a file, the bytes are the export as it is', async () => {
    const s = stdout(false)
    await writeExport(body(HOSTILE), undefined, false, s.out)
    expect(s.text()).toBe(HOSTILE)
  })
})
