// docs/operations.md#importing-signals: what a line that is not JSON, or not a signal, is told, when its form says
// what was given.

// The header of a CSV (the signals or the people export's, or a spreadsheet's): names separated by commas. The
// first line of a CSV given to the import says what to give instead, rather than 'not valid JSON' alone. A name is
// quoted at both ends or at neither: a cell cut by a line break in it ends one line as `text","next`, no header.
const CSV_HEADER = /^(?:"\w+"|\w+)(?:[,;](?:"\w+"|\w+))+$/
const CSV_GIVEN =
  'not valid JSON: this is a CSV header, and signals import reads JSON Lines (signals export --format jsonl writes them)'
// A brace or bracket alone opens JSON written over several lines (`jq .` without -c): said on that line, so the
// lines after it, each "not valid JSON", are not left to guess at.
const OPENS_PRETTY = /^[[{]$/
const PRETTY_GIVEN =
  'not valid JSON: this line opens JSON written over several lines, and signals import reads one whole signal a line (jq -c writes them so)'
// A line break written into a field as it is (a hand edit, a tool that does not escape it) cuts a signal in two lines,
// the first ending inside a text: said on that line, as the second is 'not valid JSON' too.
const CUT_GIVEN =
  'not valid JSON: the line ends inside a text, as when a line break is written into a field as it is (JSON Lines writes it as \\n)'

// Line ends of CR alone (classic Mac OS, some exporters): the file's signals are one line, a CR between each.
const CR_SEPARATED = /\}[ \t]*\r[ \t]*\{/
const CR_GIVEN =
  'not valid JSON: its signals are separated by CR alone (\\r); JSON Lines ends each line with LF (\\n) or CRLF'

/** Whether a line starting as a JSON object ends inside a string (its last quote opens one). */
function endsInsideText(line: string): boolean {
  if (!line.startsWith('{')) return false
  let inText = false
  for (let i = 0; i < line.length; i++) {
    if (inText && line[i] === '\\') i++
    else if (line[i] === '"') inText = !inText
  }
  return inText
}

export const notJson = (line: string) =>
  CSV_HEADER.test(line)
    ? CSV_GIVEN
    : OPENS_PRETTY.test(line)
      ? PRETTY_GIVEN
      : CR_SEPARATED.test(line)
        ? CR_GIVEN
        : endsInsideText(line)
          ? CUT_GIVEN
          : 'not valid JSON'

// The people export's records (docs/people.md#export) have these and a signal has none of them: a file of people given
// to the import is told so on each line, rather than the seven fields of a signal it lacks.
const PEOPLE_FIELDS = ['bestScore', 'heat', 'band']
const PEOPLE_GIVEN =
  'this is a line of the people export, and signals import reads the signals export (signals export --format jsonl writes it)'

/** What a JSON object that is another export's record is told, or undefined. */
export const otherExport = (value: object) => (PEOPLE_FIELDS.every((f) => f in value) ? PEOPLE_GIVEN : undefined)
