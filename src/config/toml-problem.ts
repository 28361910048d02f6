// What is wrong with a configuration file that is not valid TOML, in one line (docs/operations.md#configuration-file).

/**
 * `FILE is not valid TOML: line N: words` for the error Bun's parser threw on `text` (without the line when it
 * cannot be told), or that the file is binary, not a configuration file at all. `file` names the file as the user
 * knows it (`./lead-signals.toml`, `the file given by --config`).
 */
export function tomlProblem(text: string, e: Error, file = 'the file'): string {
  // A NUL is in no text file: a database (SQLite's header ends with one) or another binary file given as the
  // configuration by mistake gets that said, not the first TOML error in its bytes.
  if (text.includes('\u0000'))
    return `${file} does not look like a configuration file: it holds binary data (a database?), not TOML text`
  const line = lineInError(text)
  return `${file} is not valid TOML: ${line ? `line ${line}: ` : ''}${tomlWords(e)}`
}

const MAX_LINES_PLACED = 2000

/**
 * docs/operations.md#configuration-file: the line a TOML error is on. Bun's parser gives no position, so the file is
 * parsed again a line longer each time: the line is the first from which every longer start of the file fails as the
 * whole file does. A string or list still open at the end of a shorter start fails too, but the next line that closes
 * it parses, so such a failure is not taken for the error's. Each start ends with a newline, as the file may not.
 * The parses grow with the square of the lines: a file far longer than any configuration (a database given as
 * --config by mistake) gets no line rather than minutes of work.
 */
function lineInError(text: string): number | undefined {
  const failure = (t: string) => {
    try {
      Bun.TOML.parse(`${t}\n`)
      return undefined
    } catch (e) {
      return (e as Error).message
    }
  }
  const lines = text.split('\n')
  if (lines.length > MAX_LINES_PLACED) return undefined
  const whole = failure(text)
  let first: number | undefined
  for (let n = 1; n <= lines.length; n++) {
    if (whole === undefined || failure(lines.slice(0, n).join('\n')) !== whole) first = undefined
    else first ??= n
  }
  return first
}

// Bun's words, but for the one message that repeats a value of the file (`Strings must be quoted: "…"`): an
// unquoted token must not reach the journal (docs/operations.md#environment-overrides).
function tomlWords(e: Error): string {
  const words = e.message.replace(/^TOML Parse error: /, '')
  return /^Strings must be quoted/.test(words) ? 'a text value must be in quotes' : words.replace(/"[^"]*"/g, '"…"')
}
