/**
 * Runs `work` with `onStop` answering Ctrl-C and TERM, and takes it away again once `work` ends, so a command that
 * says how a stop left its files (backup, restore, an export, poll --once) does so only while it has something to say.
 */
export async function onStopSignals<T>(onStop: (signal: NodeJS.Signals) => void, work: () => Promise<T>): Promise<T> {
  process.once('SIGINT', onStop)
  process.once('SIGTERM', onStop)
  try {
    return await work()
  } finally {
    process.off('SIGINT', onStop)
    process.off('SIGTERM', onStop)
  }
}
