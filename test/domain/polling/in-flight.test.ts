import { describe, expect, test } from 'bun:test'
import { inFlight } from '../../../src/domain/polling/in-flight'

/** Work that finishes when told to, and counts how much runs at once. */
function world() {
  let running = 0
  let most = 0
  const release: (() => void)[] = []
  const work = (fail?: Error) => () => {
    running++
    most = Math.max(most, running)
    return new Promise<void>((resolve, reject) => {
      release.push(() => {
        running--
        if (fail) reject(fail)
        else resolve()
      })
    })
  }
  const releaseAll = async () => {
    while (release.length > 0) {
      release.shift()?.()
      await Bun.sleep(0)
    }
  }
  return { work, releaseAll, release, most: () => most, running: () => running }
}

describe('work left running by a pass', () => {
  test('at most `limit` at once: start waits for room, settled for all of it', async () => {
    const w = world()
    const pages = inFlight(3)
    for (let i = 0; i < 3; i++) await pages.start(w.work())
    let fourth = false
    const started = pages.start(w.work()).then(() => {
      fourth = true
    })
    await Bun.sleep(5)
    expect(fourth).toBe(false)
    w.release.shift()?.()
    await started
    expect(fourth).toBe(true)
    let settled = false
    const all = pages.settled().then(() => {
      settled = true
    })
    await Bun.sleep(5)
    expect(settled).toBe(false)
    await w.releaseAll()
    await all
    expect(w.most()).toBe(3)
    expect(w.running()).toBe(0)
  })

  test('the first failure is thrown by the next start, after the others, and by settled', async () => {
    const w = world()
    const pages = inFlight(2)
    await pages.start(w.work(new Error('first')))
    await pages.start(w.work(new Error('second')))
    await w.releaseAll()
    expect(await pages.start(w.work()).catch((e: Error) => e.message)).toBe('first')
    expect(w.running()).toBe(0) // nothing started after the failure
    expect(await pages.settled().catch((e: Error) => e.message)).toBe('first')
  })
})
