import { AppError } from '../errors'
import { shellWord } from '../lib/shell-word'

/**
 * `work`, where a key, profile, keyword, person, user or client the command names and that is not there is said with
 * the command that lists what is (docs/operations.md#command-line): the refusal alone left the operator to find it.
 */
export async function listedBy<T>(lists: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    if (!(e instanceof AppError && e.kind === 'not_found')) throw e
    throw new AppError('not_found', `${e.message}; lead-signals ${lists}`)
  }
}

/** `--team TEAM` as the operator can type it again. */
export const teamFlag = (ref: string) => `--team ${shellWord(ref)}`
