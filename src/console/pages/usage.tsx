import { useEffect, useState } from 'preact/hooks'
import { api, when } from '../api'
import { Alert, counted } from '../components/ui'

type Report = {
  plan: string
  usage: { used: number; limit: number | null; remaining: number | null; month: string; resetsAt: string }
  credits: number
  days: { day: string; calls: number }[]
}

export function Usage() {
  const [report, setReport] = useState<Report | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    api<Report>('GET', '/usage')
      .then(setReport)
      .catch((e) => setError(e.message))
  }, [])
  if (!report) return error ? <Alert message={error} /> : <p>Loading…</p>
  const { usage } = report
  return (
    <section>
      <dl class="facts">
        <dt>Plan</dt>
        <dd>{report.plan}</dd>
        <dt>Used this month</dt>
        {/* In API calls, said: a team of thousands of signals read a bare "Limit 2,500" as a limit on signals. */}
        <dd>{counted(usage.used, 'API call')}</dd>
        <dt>Limit</dt>
        <dd>{usage.limit === null ? 'unlimited' : `${counted(usage.limit, 'API call')} a month`}</dd>
        <dt>Remaining</dt>
        <dd>{usage.remaining === null ? 'unlimited' : counted(usage.remaining, 'API call')}</dd>
        <dt>Credits</dt>
        <dd>{report.credits.toLocaleString()}</dd>
        <dt>Quota resets</dt>
        <dd>{when(usage.resetsAt)}</dd>
      </dl>
      <h2>Counted calls per day</h2>
      {report.days.some((d) => d.calls > 0) ? (
        <DayChart days={report.days} />
      ) : (
        <p class="muted">No counted calls yet this month.</p>
      )}
    </section>
  )
}

// Calls are counted per UTC day (docs/console.md#usage): the day as a person reads it, "Dec 5", not "2026-12-05".
const dayName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString([], { timeZone: 'UTC', month: 'short', day: 'numeric' })

// Bars drawn as SVG attributes: the page's security policy allows no inline styles, and none are needed. The scale
// on the left marks 0, half and the busiest day's count, with a line across at each.
function DayChart(props: { days: Report['days'] }) {
  const most = Math.max(1, ...props.days.map((d) => d.calls))
  const width = 24
  const height = 120
  const left = 36
  const top = 8
  const marks = [...new Set([0, Math.round(most / 2), most])]
  return (
    <svg
      class="chart"
      viewBox={`0 0 ${left + props.days.length * width} ${top + height + 16}`}
      role="img"
      aria-label="Counted calls per day"
    >
      {marks.map((m) => {
        const y = top + height - Math.round((m / most) * height)
        return (
          <g class="scale">
            <line x1={left - 4} x2={left + props.days.length * width} y1={y} y2={y} />
            <text x={left - 6} y={y + 3} text-anchor="end">
              {m.toLocaleString()}
            </text>
          </g>
        )
      })}
      {props.days.map((d, i) => {
        const h = Math.round((d.calls / most) * height)
        return (
          <g>
            <title>{`${dayName(d.day)} (UTC): ${counted(d.calls, 'call')}`}</title>
            <rect x={left + i * width + 3} y={top + height - h} width={width - 6} height={h} />
            <text x={left + i * width + width / 2} y={top + height + 12} text-anchor="middle">
              {Number(d.day.slice(8))}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
