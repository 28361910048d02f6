import { useEffect, useState } from 'preact/hooks'
import { api, when } from '../api'

type Report = {
  plan: string
  usage: { used: number; limit: number | null; remaining: number | null; month: string; resetsAt: string }
  credits: number
  days: { day: string; calls: number }[]
}

export function Usage() {
  const [report, setReport] = useState<Report | null>(null)
  useEffect(() => {
    api<Report>('GET', '/usage').then(setReport)
  }, [])
  if (!report) return <p>Loading…</p>
  const { usage } = report
  return (
    <section>
      <dl class="facts">
        <dt>Plan</dt>
        <dd>{report.plan}</dd>
        <dt>Used this month</dt>
        <dd>{usage.used.toLocaleString()}</dd>
        <dt>Limit</dt>
        <dd>{usage.limit === null ? 'unlimited' : usage.limit.toLocaleString()}</dd>
        <dt>Remaining</dt>
        <dd>{usage.remaining === null ? 'unlimited' : usage.remaining.toLocaleString()}</dd>
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

// Bars drawn as SVG attributes: the page's security policy allows no inline styles, and none are needed.
function DayChart(props: { days: Report['days'] }) {
  const most = Math.max(1, ...props.days.map((d) => d.calls))
  const width = 24
  const height = 120
  return (
    <svg
      class="chart"
      viewBox={`0 0 ${props.days.length * width} ${height + 16}`}
      role="img"
      aria-label="Counted calls per day"
    >
      {props.days.map((d, i) => {
        const h = Math.round((d.calls / most) * height)
        return (
          <g>
            <title>{`${d.day}: ${d.calls} calls`}</title>
            <rect x={i * width + 3} y={height - h} width={width - 6} height={h} />
            <text x={i * width + width / 2} y={height + 12} text-anchor="middle">
              {Number(d.day.slice(8))}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
