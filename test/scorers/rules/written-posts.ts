/**
 * Posts written for the rules scorer's tests in the intents set's six labels (docs/scoring.md#the-intents-set),
 * across a dozen markets: ten per label, ten harder off-topic ones, and ten questions (a buyer's, a leaving
 * customer's, a practitioner's). They were written from the labels' definitions and from how people ask for, leave,
 * complain about and ask about business software, each group before the rules it exercises were changed; none comes
 * from an evaluation data set. They are a check that the rules were not fitted to, like half B of the intents set,
 * but one whose posts anyone may read.
 */
import type { IcpProfile } from '../../../src/scorers/types'

export type Label = 'ACTIVE' | 'COMPETITOR' | 'PAIN' | 'QUESTION' | 'MENTION' | 'NONE'
export type WrittenPost = { label: Label; keyword: string; icps: IcpProfile[]; content: string }

const icp = (description: string, competitors: string[]): IcpProfile[] => [
  { name: 'profile', description, competitors },
]
const MARKETS = {
  crm: icp('CRM for small B2B sales teams', ['HubSpot', 'Pipedrive']),
  helpdesk: icp('Helpdesk for e-commerce customer support teams', ['Zendesk', 'Freshdesk']),
  payroll: icp('Payroll software for small businesses', ['Gusto', 'ADP']),
  email: icp('Email marketing for online stores', ['Mailchimp', 'Klaviyo']),
  booking: icp('Online booking and appointment scheduling for clinics and salons', ['Calendly']),
  monitoring: icp('Monitoring, alerting and APM for startups', ['Datadog', 'New Relic']),
  accounting: icp('Accounting and invoicing software for freelancers and small firms', ['QuickBooks', 'Xero']),
  projects: icp('Project management for agencies and software teams', ['Jira', 'Asana']),
  analytics: icp('Product analytics for B2B SaaS teams', ['Mixpanel', 'Amplitude']),
  esign: icp('E-signature for real estate agents and small firms', ['DocuSign']),
}
type Market = keyof typeof MARKETS
const post = (label: Label, market: Market, keyword: string, content: string): WrittenPost => ({
  label,
  keyword,
  icps: MARKETS[market],
  content,
})

export const WRITTEN_POSTS: readonly WrittenPost[] = [
  post(
    'ACTIVE',
    'crm',
    'CRM',
    'Our sales team of 6 has officially outgrown the shared Google Sheet. What CRM are people happy with at this size? Ideally under $50/seat.',
  ),
  post(
    'ACTIVE',
    'helpdesk',
    'helpdesk',
    "Time to get a real helpdesk. We're at ~300 tickets a week on a shared Gmail inbox. Open to anything that plays nice with Shopify, drop your suggestions",
  ),
  post(
    'ACTIVE',
    'payroll',
    'payroll',
    'Hiring our first two employees next month so I guess I need payroll software now. Gusto or something else? What did you pick when you started?',
  ),
  post(
    'ACTIVE',
    'esign',
    'e-signature',
    'Which e-signature app do agents here use for leases? Need something my clients can sign on their phones, starting this week.',
  ),
  post(
    'ACTIVE',
    'email',
    'email platform',
    'Launching our shop in March and need to pick an email platform before then. Klaviyo vs Omnisend vs something cheaper? Around 2k subscribers to start.',
  ),
  post(
    'ACTIVE',
    'booking',
    'online booking',
    "We're a 4-chair salon still taking appointments over Instagram DMs. Looking into online booking apps, which ones let clients pay a deposit?",
  ),
  post(
    'ACTIVE',
    'monitoring',
    'APM',
    "Can someone point me to a decent APM that won't need a full-time person to run it? Small team, 20 services on k8s, want traces and alerts. Trial recommendations welcome",
  ),
  post(
    'ACTIVE',
    'accounting',
    'bookkeeping',
    'freelancer here, finally earning enough that my accountant wants me on proper bookkeeping software. what do you all use for invoicing + expenses?',
  ),
  post(
    'ACTIVE',
    'projects',
    'project management',
    'We need a project management tool for a 15-person agency that handles client approvals. Booking demos this week, who should be on the list?',
  ),
  post(
    'ACTIVE',
    'analytics',
    'product analytics',
    'Evaluating product analytics tools for our B2B app. Hard requirements: EU hosting, group analytics, under 10k/year. Has anyone bought in this range recently?',
  ),

  post(
    'COMPETITOR',
    'crm',
    'HubSpot',
    "HubSpot just quoted us 3x for next year because we crossed a contact tier. We're a 5-person team. Honestly feels like a hostage situation.",
  ),
  post(
    'COMPETITOR',
    'helpdesk',
    'Zendesk',
    "Zendesk's new AI add-on pricing is the last straw. Support for 4 agents shouldn't cost this much. Starting our exit plan.",
  ),
  post(
    'COMPETITOR',
    'payroll',
    'payroll',
    "ADP messed up our quarterly payroll filing AGAIN and I spent two hours on hold to hear 'we'll escalate it'. Our contract ends in June and we are not renewing.",
  ),
  post(
    'COMPETITOR',
    'email',
    'newsletter',
    'Mailchimp keeps flagging my perfectly normal newsletter for review and holding it for a day. Seriously considering moving my list somewhere else.',
  ),
  post(
    'COMPETITOR',
    'booking',
    'Calendly',
    "Calendly removed the feature we actually used from the basic plan. Now it's $16 per seat for round robin. Bye.",
  ),
  post(
    'COMPETITOR',
    'monitoring',
    'Datadog',
    'our Datadog bill was bigger than our AWS bill last month. log ingestion is killing us. what are people migrating to?',
  ),
  post(
    'COMPETITOR',
    'accounting',
    'QuickBooks',
    'QuickBooks Online bank feeds have been broken for a week and support keeps sending me the same help article. So done with Intuit.',
  ),
  post(
    'COMPETITOR',
    'projects',
    'Jira',
    "Jira has become so slow and bloated that my devs track work in a text file instead. We're evaluating replacements next sprint.",
  ),
  post(
    'COMPETITOR',
    'analytics',
    'Amplitude',
    "Amplitude's new pricing doubled our bill with no warning. Anyone got a migration guide off it?",
  ),
  post(
    'COMPETITOR',
    'esign',
    'DocuSign',
    'Cancelled DocuSign today. Paying per envelope for a handful of NDAs a month made zero sense.',
  ),

  post(
    'PAIN',
    'crm',
    'leads',
    'Half our leads never get a follow-up because nobody knows who owns them. Found 40 untouched demo requests from last month today. Painful.',
  ),
  post(
    'PAIN',
    'helpdesk',
    'support inbox',
    "Support inbox is at 900 unread and customers are replying 'hello??' to their own emails. We have two people answering everything from one Gmail.",
  ),
  post(
    'PAIN',
    'payroll',
    'payroll',
    "Every payday I spend my whole evening matching timesheets to the payroll sheet and I still made a mistake on someone's overtime last month.",
  ),
  post(
    'PAIN',
    'email',
    'open rates',
    'Our open rates dropped from 40% to 12% in three months and I have no idea why. Half our emails are probably landing in spam.',
  ),
  post(
    'PAIN',
    'booking',
    'no-shows',
    "no-shows are eating our margins. 1 in 5 patients just doesn't turn up and we only find out when the slot is already gone",
  ),
  post(
    'PAIN',
    'monitoring',
    'on-call',
    'Got paged at 3am for the fourth night in a row and every time it was a noisy alert nobody cares about. The on-call rotation is burning everyone out.',
  ),
  post(
    'PAIN',
    'accounting',
    'month-end close',
    'Month-end close takes us 12 days because every reconciliation lives in a different spreadsheet. CFO wants it in 5. Not happening like this.',
  ),
  post(
    'PAIN',
    'projects',
    'deadlines',
    'Nobody on my team knows what anyone else is working on. Standups take 45 minutes and deadlines keep slipping anyway.',
  ),
  post(
    'PAIN',
    'analytics',
    'dashboards',
    "Our dashboards all show different numbers for 'active users' and every exec meeting turns into an argument about whose number is right.",
  ),
  post(
    'PAIN',
    'esign',
    'contracts',
    'Still printing contracts, getting them signed, scanning them and emailing them back in 2026. Lost a deal last week because the client never sent the signed copy.',
  ),

  post(
    'QUESTION',
    'crm',
    'pipeline',
    'How do you structure pipeline stages for a sales cycle that has both a pilot and a procurement step? Do you make the pilot its own pipeline?',
  ),
  post(
    'QUESTION',
    'helpdesk',
    'first response time',
    "What's a reasonable first response time for a B2B support team with 3 agents? Trying to set an SLA that we can actually hit.",
  ),
  post(
    'QUESTION',
    'payroll',
    'payroll taxes',
    'Quick question: if an employee moves from one state to another mid-year, do I need to register for payroll taxes in the new state right away?',
  ),
  post(
    'QUESTION',
    'email',
    'welcome email',
    'Is it better to send the welcome email immediately or wait a few hours? Curious what has worked for others.',
  ),
  post(
    'QUESTION',
    'booking',
    'booking page',
    'Does anyone know if you can set different buffer times for different appointment types on one booking page?',
  ),
  post(
    'QUESTION',
    'monitoring',
    'latency',
    "What's the difference between p95 and p99 latency alerts in practice, and which one should page someone?",
  ),
  post(
    'QUESTION',
    'accounting',
    'refund',
    'How do you record a refund to a customer that was paid by card in a different currency? Getting confused with the exchange difference.',
  ),
  post(
    'QUESTION',
    'projects',
    'story points',
    "How many story points do your teams usually fit in a two-week sprint? We're new to estimating and have no idea what's normal.",
  ),
  post(
    'QUESTION',
    'analytics',
    'DAU',
    'Why would my DAU count in the analytics tool differ from the count in our database? Is it a timezone thing?',
  ),
  post(
    'QUESTION',
    'monitoring',
    'alerting',
    "Getting 'error: no data' on my alerting rule when the metric is zero. How do I make the alert treat missing data as 0?",
  ),

  post(
    'MENTION',
    'crm',
    'HubSpot',
    'HubSpot announced a new free CRM tier for startups at their conference today, includes sequences and 2 seats.',
  ),
  post(
    'MENTION',
    'helpdesk',
    'helpdesk',
    "We're hiring a Support Operations Lead to own our helpdesk setup, macros and reporting. Remote, EU hours. Link in bio.",
  ),
  post(
    'MENTION',
    'payroll',
    'Gusto',
    'Gusto has been rock solid for our 9-person team for three years. Payroll takes me ten minutes a month. Not sponsored, just happy.',
  ),
  post(
    'MENTION',
    'email',
    'welcome email',
    'New blog post: 7 welcome email examples from DTC brands and what makes them work. Link below.',
  ),
  post(
    'MENTION',
    'booking',
    'Calendly',
    'Calendly published their yearly report on meeting trends: the average meeting booked is 8% shorter than last year.',
  ),
  post(
    'MENTION',
    'monitoring',
    'alerting',
    'Tutorial: setting up Prometheus alerting rules for a Node.js app in 15 minutes, with Grafana dashboards.',
  ),
  post(
    'MENTION',
    'accounting',
    'Xero',
    'Xero is raising prices in Australia by 8% from July, according to an email they sent customers today.',
  ),
  post(
    'MENTION',
    'projects',
    'roadmap',
    'Shipped our new roadmap view today, huge thanks to everyone who sent feedback on the beta over the last months.',
  ),
  post(
    'MENTION',
    'analytics',
    'Mixpanel',
    "Just finished the Mixpanel certification course, great intro to funnels and retention reports if you're new to analytics.",
  ),
  post(
    'MENTION',
    'esign',
    'e-signatures',
    'TIL e-signatures have been legally binding in the US since the ESIGN Act of 2000.',
  ),

  post(
    'NONE',
    'crm',
    'pipeline',
    'Protesters blocked construction of the oil pipeline again this weekend, police made 14 arrests near the river crossing.',
  ),
  post(
    'NONE',
    'helpdesk',
    'tickets',
    'Tickets for the stadium show sold out in 6 minutes and resale is already at $900. I give up.',
  ),
  post(
    'NONE',
    'payroll',
    'payroll',
    "The club's payroll is the highest in the league and they still finished ninth. Front office needs a rebuild.",
  ),
  post(
    'NONE',
    'email',
    'newsletter',
    'Our church newsletter this month has the bake sale schedule and photos from the youth camp!',
  ),
  post(
    'NONE',
    'booking',
    'booking',
    'Booking a flight to Lisbon for the long weekend, any tips on neighbourhoods to stay in?',
  ),
  post(
    'NONE',
    'monitoring',
    'monitoring',
    "Dad's heart monitoring results came back fine, so relieved. Thanks everyone for the kind messages.",
  ),
  post(
    'NONE',
    'accounting',
    'books',
    'Read 52 books this year! My favourites were the fantasy ones, full list in the thread.',
  ),
  post(
    'NONE',
    'projects',
    'sprint',
    'Did 8x100m sprint intervals on the track this morning and my legs are absolutely gone.',
  ),
  post(
    'NONE',
    'analytics',
    'retention',
    'My doctor says the ankle swelling is water retention from the heat. Drinking more water and keeping my feet up.',
  ),
  post(
    'NONE',
    'crm',
    'lead',
    'Testing our 1920s house for lead paint before we sand the window frames. Any home test kits worth buying?',
  ),
  // Another sense that shares a word or two with the market.
  post(
    'NONE',
    'crm',
    'pipeline',
    'The pipeline shutdown sent oil prices up 4% today, traders say supply will stay tight for weeks.',
  ),
  post(
    'NONE',
    'helpdesk',
    'tickets',
    'Parking tickets in this city are out of control, got two this week at a meter that was broken.',
  ),
  post(
    'NONE',
    'analytics',
    'churn',
    'Made butter with the kids today: twenty minutes of churning and we got a little pat of butter and buttermilk for pancakes.',
  ),
  post(
    'NONE',
    'crm',
    'leads',
    'Police say the new leads in the case came from a tip line opened after the press conference.',
  ),
  post(
    'NONE',
    'payroll',
    'payroll',
    'The senator says the payroll tax cut would cost the treasury $100B over ten years.',
  ),
  post(
    'NONE',
    'monitoring',
    'monitor',
    'Baby monitor recommendations? Our old one keeps dropping the video feed at night.',
  ),
  post(
    'NONE',
    'accounting',
    'books',
    'Closing the books on a great season: the team finished 12-4 and all the seniors got into college.',
  ),
  post(
    'NONE',
    'projects',
    'sprint',
    'Sprint finish at the marathon today, 3:58 and a new personal best after two years of training.',
  ),
  post(
    'NONE',
    'booking',
    'booking',
    'Booking.com charged my card twice for the same hotel room and their support is useless.',
  ),
  post(
    'NONE',
    'analytics',
    'retention',
    'Employee retention is the biggest problem in restaurants right now, we lost six cooks this year.',
  ),
  // Questions: a buyer asking about a product for their own team, a customer asking whether to stay, a practitioner
  // asking about a problem of their own setup.
  post(
    'ACTIVE',
    'crm',
    'HubSpot',
    'Is HubSpot worth it for a 5-person sales team, or are we better off with something lighter?',
  ),
  post(
    'ACTIVE',
    'helpdesk',
    'Freshdesk',
    'Has anyone used Freshdesk with a team of 8 agents? Trying to figure out if the Growth plan is enough for us.',
  ),
  post(
    'ACTIVE',
    'projects',
    'project management',
    'Which is better for a 10-person agency, Asana or ClickUp? We start onboarding clients next month.',
  ),
  post(
    'ACTIVE',
    'monitoring',
    'Datadog',
    'How much does Datadog actually cost for ~30 hosts with APM? Their pricing page is confusing and we need to decide by Friday.',
  ),
  post(
    'COMPETITOR',
    'helpdesk',
    'Zendesk',
    "Anyone else's Zendesk bill jump this month? Is it worth staying or is everyone moving?",
  ),
  post(
    'COMPETITOR',
    'email',
    'Mailchimp',
    'Is it just me or has Mailchimp gotten way worse for small lists lately? Deliverability tanked and support is a bot.',
  ),
  post(
    'COMPETITOR',
    'projects',
    'Jira',
    'Why is Jira so slow lately?? Our board takes 10 seconds to load. Is anyone else thinking about leaving?',
  ),
  post(
    'QUESTION',
    'monitoring',
    'webhooks',
    'Is it normal for webhook deliveries to fail now and then? How do you handle retries?',
  ),
  post(
    'QUESTION',
    'payroll',
    'payroll',
    "Our payroll run shows negative net pay for one employee and I'm still not sure why. How do I fix it before Friday?",
  ),
  post(
    'QUESTION',
    'email',
    'DKIM',
    'Has anyone seen DKIM failing only for Outlook recipients? My records look right and Gmail is fine.',
  ),
]
