import { AppError } from '../../errors'

const MIN_PASSWORD = 8
// Beyond this a password is a pasted file, and hashing it is work an attacker could ask for.
const MAX_PASSWORD = 256

// Argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): memory-hard, about 30 ms here.
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const

/** The password itself when the service takes it, else the refusal that says why. */
export function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD)
    throw new AppError('invalid_request', `the password must have at least ${MIN_PASSWORD} characters`)
  if (password.length > MAX_PASSWORD)
    throw new AppError('invalid_request', `the password must have at most ${MAX_PASSWORD} characters`)
  return password
}

export const hashPassword = (password: string) => Bun.password.hash(checkPassword(password), ARGON2)

export async function passwordMatches(password: string, hash: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD) return false
  try {
    return await Bun.password.verify(password, hash)
  } catch {
    return false
  }
}

// Verified against when the email is unknown, so that an unknown address takes as long as a wrong password.
let decoy: Promise<string> | undefined
export const decoyHash = () => (decoy ??= Bun.password.hash('not a password of anyone', ARGON2))
