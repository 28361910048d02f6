import type { FormWords } from './form-words'

// The boxes' labels and the choices' words, in which a refusal is said (docs/console.md#errors).
export const DESTINATION_WORDS: FormWords = {
  labels: {
    event: 'Sends',
    kind: 'Kind',
    url: 'URL',
    to: 'To',
    cadence: 'When',
    digestHour: 'Digest hour',
    timeZone: 'Time zone',
    quietHours: 'Quiet hours',
    minScore: 'Minimum score',
    intents: 'Intents',
    keywords: 'Keywords',
  },
  values: [
    ['a person.updated destination', 'a destination sending People turning hot'],
    ['from and to must differ', 'must end at another hour than they start'],
  ],
}
