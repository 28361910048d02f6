// What the reply, prompt and ask-again tests share: a team's two profiles and a model's reply in the schema's shape.
import type { IcpProfile } from '../../src/scorers/types'

export const icps: IcpProfile[] = [
  {
    name: 'Marketing Agencies',
    description: 'Agencies of 5 to 50 people running client campaigns',
    competitors: ['HubSpot', 'Pipedrive'],
  },
  { name: 'Solo Founders', description: 'One-person SaaS companies' },
]
export const reply = (o: Record<string, unknown>) =>
  JSON.stringify({ reason: 'Says "looking for a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8, ...o })
