// Times as a person reads them in a list: "5 min ago", with the exact local time on hover.
const UNITS: [number, string][] = [
  [60, 's'],
  [60, 'min'],
  [24, 'h'],
  [30, 'd'],
]

/** "just now", "12 min ago", "3 h ago", "5 d ago"; older than 30 days (or in the future), the local date. */
export function relative(iso: string, now = Date.now()): string {
  const then = Date.parse(iso)
  let amount = Math.round((now - then) / 1000)
  if (amount < -60) return fromNow(iso, now)
  if (amount < 45) return 'just now'
  for (const [size, unit] of UNITS) {
    if (amount < size) return `${amount} ${unit} ago`
    amount = Math.floor(amount / size)
  }
  return new Date(then).toLocaleDateString()
}

/** in-the-future counterpart for schedules: "in 12 min", "in 3 h". */
export function fromNow(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((Date.parse(iso) - now) / 60_000))
  if (minutes < 1) return 'in less than a minute'
  if (minutes < 90) return `in ${minutes} min`
  return `in ${Math.round(minutes / 60)} h`
}
