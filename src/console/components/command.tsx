// A command the console shows a person to run on the server (docs/console.md#getting-started). A phone's line broke
// it where the browser may break text: after a hyphen, so "--" ended one line and "team acme" began the next, and
// "lead-signals" could split too; read as two commands, and copied as a wrong one. Each word, and each option with
// its value, is kept on one line; the command breaks only between them. The text is unchanged (plain spaces, plain
// hyphens), so a copied command runs as shown.

// An option and its value longer than this (about 200 px in the console's monospace) would not fit a 320 px phone on
// one line: the value then starts a line of its own, and a name longer than the line breaks where it must.
const ONE_LINE = 24

/** The command's words, as a shell splits them: a quoted team name ('north wind') is one word. */
const wordsOf = (command: string) => command.match(/(?:'[^']*'|[^\s'])+/g) ?? []

/** The words in groups drawn unbroken: an option with the value after it, else a word alone. */
function groups(words: string[]): string[][] {
  const out: string[][] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string
    const value = words[i + 1]
    if (word.startsWith('-') && value !== undefined && !value.startsWith('-')) {
      out.push([word, value])
      i++
    } else out.push([word])
  }
  return out
}

const Word = ({ text }: { text: string }) => (
  <span class={text.length > ONE_LINE ? 'command-long' : 'nowrap'}>{text}</span>
)

/** `command` in a `code` element that breaks only between its words and options (each with its value). */
export function Command({ command }: { command: string }) {
  return (
    <code>
      {groups(wordsOf(command)).map((group, i) => (
        <>
          {i > 0 && ' '}
          {group.join(' ').length <= ONE_LINE ? (
            <span class="nowrap">{group.join(' ')}</span>
          ) : (
            group.map((word, j) => (
              <>
                {j > 0 && ' '}
                <Word text={word} />
              </>
            ))
          )}
        </>
      ))}
    </code>
  )
}
