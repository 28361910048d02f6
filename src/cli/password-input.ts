import { AppError } from '../errors'
import { checkPassword } from '../domain/users/password'

/**
 * A password for `user create` and `user password`: typed at a prompt that does not echo it on a terminal (twice,
 * to catch a typo), else the first line of standard input (`echo "$PW" | lead-signals user create …`). Never a
 * flag: a flag stays in the shell's history and in the process list.
 */
export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const text = await Bun.stdin.text()
    const line = text.split(/\r?\n/, 1)[0] ?? ''
    if (!line) throw new AppError('invalid_request', 'send the password on standard input (one line)')
    return line
  }
  // Refused before it is asked again: typing a password twice only to hear it was too short wastes both.
  const first = checkPassword(await prompt('Password: '))
  const second = await prompt('Repeat the password: ')
  if (first !== second) throw new AppError('invalid_request', 'the two passwords differ; nothing was changed')
  return first
}

/** Reads one line from the terminal without echoing it (raw mode: the characters arrive one by one). */
function prompt(question: string): Promise<string> {
  process.stderr.write(question)
  const stdin = process.stdin
  stdin.setRawMode(true)
  stdin.resume()
  return new Promise((resolve, reject) => {
    let typed = ''
    const done = (finish: () => void) => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
      finish()
    }
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done(() => resolve(typed))
        if (ch === '\u0003')
          return done(() => reject(new AppError('invalid_request', 'cancelled; nothing was changed')))
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1)
        else typed += ch
      }
    }
    stdin.on('data', onData)
  })
}
