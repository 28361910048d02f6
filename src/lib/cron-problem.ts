import { Cron } from 'croner'
import { IN_UTC } from './cron'

/** A schedule's field: its range as the operator reads it, and what else it takes (for a value it does not). */
type Field = { name: string; range: string; extra: string; more: string }

const plain = (name: string, range: string): Field => ({ name, range, extra: '', more: '*' })
const SECOND = plain('second', '0-59')
const FIVE: Field[] = [
  plain('minute', '0-59'),
  plain('hour', '0-23'),
  { name: 'day of month', range: '1-31', extra: '', more: '* or ?, L, LW or 15W' },
  { name: 'month', range: '1-12', extra: ' or JAN-DEC', more: '*' },
  { name: 'day of week', range: '0-7', extra: ' or SUN-SAT', more: '* or ?, 5L or 5#2' },
]
// The day of week's range says which numbers are Sunday, as docs/operations.md#schedule does.
const rangeOf = (f: Field) => (f.name === 'day of week' ? '0-7, 0 and 7 are Sunday' : f.range)

const NICKNAMES =
  'the nicknames are @hourly, @daily (or @midnight), @weekly, @monthly and @yearly (or @annually), each alone'

/** Croner's refusal of `expression`, or undefined when it takes it as a schedule. */
function refusal(expression: string): string | undefined {
  try {
    new Cron(expression, { paused: true, ...IN_UTC }).stop()
    return undefined
  } catch (err) {
    return (err as Error).message.replace(/^CronPattern: (Syntax error, )?/, '').replace(/\.$/, '')
  }
}

/**
 * What is wrong in `value`, the `field` as the operator wrote it, read from croner's refusal of it: in the words of
 * docs/operations.md#schedule, with the value as written (croner says names and ? as its own numbers and *, and
 * some of its fields by its inner names).
 */
function fieldProblem(field: Field, value: string, refused: string): string {
  const it = `the ${field.name} "${value}"`
  if (/^Invalid value for/.test(refused)) return `the ${field.name} is out of its range (${rangeOf(field)})`
  if (refused.startsWith('nearestWeekdays is not a number'))
    return "W goes after a day of month, as in 15W (the weekday nearest the 15th), or LW (the month's last weekday)"
  if (refused.startsWith('From value is larger than to value'))
    return `${it} is a range that runs backwards: the lower value goes first, and one that wraps round is two ranges (22-23,0-2)`
  if (refused.startsWith('illegal stepping: 0')) return `${it} steps by 0: a step is 1 or more (*/15: every 15th)`
  if (refused.startsWith('steps cannot be greater')) return `${it} steps by more than its range (${field.range}) holds`
  if (refused.startsWith('stepping with numeric prefix'))
    return `${it} steps from a number alone: a step goes after * or a range (*/2, 1-${field.range.split('-')[1]}/2)`
  if (refused.startsWith('L has to be a value of its own'))
    return `${it}: L stands alone (the last day of the month) or as LW (its last weekday)`
  if (/nth weekday/.test(refused))
    return `${it}: after # comes which such day of the month, 1 to 5 (5#2: its second Friday); 5L is its last`
  if (field.name === 'day of week' && value.includes('L'))
    return `${it}: L goes after a day, as in 5L (the last Friday of the month)`
  if (/is empty/.test(refused)) return `${it} has an empty item in its list`
  return `${it} is not a value a schedule reads: a number (${field.range})${field.extra}, a range (1-5), a list (1,15), a step (*/2), ${field.more}`
}

/**
 * What is wrong with a cron `expression` in a few words, or undefined when croner takes it as a schedule. Croner
 * also takes a date and time (anything with a colon) as one single run: a schedule given as one would run once; and
 * reads a seventh field as the year, after which a schedule would end. A refused field is found by trying each alone
 * (the others *), so the message names it as the operator counts fields, and six fields start with the second.
 */
export function cronProblem(expression: string): string | undefined {
  if (expression.includes(':'))
    return 'a time of day goes in the minute and hour fields ("30 2 * * *" is 02:30 UTC every day)'
  const trimmed = expression.trim()
  if (trimmed.startsWith('@')) return refusal(trimmed) && `"${trimmed}" is no schedule: ${NICKNAMES}`
  // "".split gives one empty part: spaces alone are no field.
  const parts = trimmed.split(/\s+/).filter(Boolean)
  const count = parts.length
  if (count === 7 && parts[6] !== '*')
    return 'its seventh field is a year, after which it would never run again: leave the field out or write *'
  if (count < 5 || count > 7)
    return `it has ${count} field${count === 1 ? '' : 's'}, where one has 5 (minute, hour, day of month, month, day of week), or 6 with seconds first`
  const whole = refusal(expression)
  if (whole === undefined) return undefined
  const fields = count === 5 ? FIVE : [SECOND, ...FIVE]
  for (const [i, field] of fields.entries()) {
    const refused = refusal(parts.map((p, j) => (j === i ? p : '*')).join(' '))
    if (refused === undefined) continue
    const problem = fieldProblem(field, parts[i] as string, refused)
    if (count !== 6) return problem
    const named = problem.includes(`"${parts[i]}"`) ? '' : `, so "${parts[i]}" is the ${field.name}`
    return `${problem}; six fields start with the second${named}`
  }
  // Refused for fields together, none alone: croner's own words, as nothing better is known.
  return whole
}
