/**
 * The vocabularies of the markets a team may sell to (docs/model.md#word-sense): for each kind of business software
 * or service, the words its buyers use when they talk about the work it does. A team's ICP profiles (and keyword)
 * select the vocabularies whose words they use; a post that shares none of those words with them, nor any word of
 * the profiles themselves, uses the keyword in another sense ("lead paint" for a lead-generation team, "concert
 * tickets" for a helpdesk).
 *
 * The lists are general knowledge of each market's everyday words, written once for all teams; they are not taken
 * from any evaluation data. Words that every market shares (team, company, customer, tool) are left out: they say
 * that a post is about work, not which work. English words first, then the most common words of the same work in
 * German, French, Spanish, Portuguese, Italian and Dutch.
 */
const DOMAINS: readonly string[] = [
  // Sales and CRM.
  'crm sales salesperson salespeople seller selling deal deals pipeline pipelines prospect prospects ' +
    'prospecting lead leads outreach cold call calls calling dialer quota quotas forecast forecasting rep reps ' +
    'sdr sdrs bdr ae closing closed won lost opportunity opportunities account accounts contact contacts ' +
    'follow-up follow-ups followup sequence sequences cadence commission commissions territory territories ' +
    'revops quote quotes proposal proposals demo demos spreadsheet spreadsheets reminder reminders upsell ' +
    'renewal renewals client clients customer customers handoff stage stages hubspot salesforce pipedrive zoho ' +
    'vertrieb ventes ventas vendas vendite verkoop kunden clientes',
  // Marketing, email and newsletters.
  'marketing marketer marketers campaign campaigns email emails newsletter newsletters subscriber ' +
    'subscribers unsubscribe unsubscribes unsubscribed list lists segment segments segmentation audience ' +
    'audiences open opens click clicks ctr inbox spam promotions sender sending automation ' +
    'automations drip flow flows nurture seo sem ads advertising ppc social content landing conversion ' +
    'conversions funnel funnels attribution brand influencer ecommerce e-commerce shopify abandoned cart ' +
    'klaviyo mailchimp convertkit beehiiv dmarc dkim spf bounce bounces welcome lifecycle trigger triggered ' +
    'triggers activation re-engagement deliverability recipient recipients gmail outlook yahoo publicité campagne campaña',
  // Customer support, helpdesk and messaging.
  'support helpdesk help-desk desk ticket tickets ticketing agent agents sla slas queue queues inbox inboxes ' +
    'macro macros escalation escalations csat nps chat chatbot bot live widget messenger messaging in-app ' +
    'conversation conversations reply replies response responses first-response resolution resolve resolved ' +
    'backlog customer customers refund refunds complaint complaints knowledge faq self-service portal ' +
    'omnichannel whatsapp gmail shared zendesk freshdesk intercom kundenservice soporte suporte assistenza ' +
    'klantenservice',
  // Product analytics and experimentation.
  'analytics analytic event events tracking track tracked funnel funnels retention cohort cohorts activation ' +
    'engagement dau mau wau session sessions replay heatmap heatmaps experiment experiments a/b ab-test flags ' +
    'flag rollout metric metrics kpi kpis dashboard dashboards instrumentation autocapture churn churned ' +
    'adoption usage signup signups conversion mixpanel amplitude posthog heap ga4 pageviews data click clicks ' +
    'accounts customers subscribers cancel cancellations renewals mrr ' +
    'button buttons user users',
  // Data, BI and warehouses.
  'data warehouse warehouses lakehouse lake etl elt pipeline pipelines ingestion dbt sql query queries table ' +
    'tables schema schemas model models modeling bi report reports reporting dashboard dashboards chart charts ' +
    'visualization visualizations analyst analysts spreadsheet spreadsheets excel csv sheets looker tableau ' +
    'metabase snowflake bigquery redshift postgres database databases semantic kpi kpis metrics numbers',
  // Software delivery: CI/CD, hosting, cloud, infrastructure.
  'ci cd ci/cd build builds pipeline pipelines deploy deploys deployment deployments release releases repo ' +
    'repos repository monorepo branch branches merge pr prs test tests flaky runner runners cache caching ' +
    'docker container containers kubernetes k8s cluster clusters server servers serverless hosting host hosted ' +
    'vps cloud aws gcp azure heroku vercel netlify dyno instance instances infra infrastructure devops ' +
    'terraform uptime domain domains dns cdn ssl staging production prod bandwidth jenkins github gitlab',
  // Observability, monitoring and incidents.
  'observability monitoring monitor monitors alert alerts alerting alarm on-call oncall pager paged ' +
    'pagerduty incident incidents outage outages downtime postmortem log logs logging trace traces tracing ' +
    'span spans apm latency p95 p99 error errors exception exceptions stack crash crashes sentry datadog ' +
    'grafana prometheus opentelemetry otel telemetry slo slos uptime noise',
  // Security, identity and access.
  'auth authentication authorization login logins log-in sign-in signin signup sso saml oidc oauth mfa 2fa ' +
    'totp otp passkey passkeys password passwords reset lockout locked credential credentials identity ' +
    'identities idp directory scim provisioning permissions roles rbac access session sessions token tokens ' +
    'jwt cookie cookies security compliance soc iso audit audits gdpr dsgvo privacy consent encryption ' +
    'vulnerability vulnerabilities breach breaches okta auth0',
  // Finance: accounting, invoicing, billing, expenses.
  'accounting accountant accountants bookkeeping bookkeeper books ledger journal reconcile reconciling ' +
    'reconciliation invoice invoices invoicing billing bill bills payment payments paid unpaid overdue late ' +
    'receivable receivables payable payables ap ar expense expenses receipt receipts reimbursement ' +
    'reimbursements vat gst tax taxes cash flow cashflow close closing month-end year-end audit controller cfo ' +
    'cpa finance financial budget budgets bank transactions statements quarterly irs filing subscription ' +
    'subscriptions revenue mrr arr currency currencies fx quickbooks xero freshbooks buchhaltung rechnung rechnungen steuerberater ' +
    'comptabilité comptable compta facture factures facturation frais tva contabilidad factura facturas ' +
    'contabilidade fatura fattura fatture contabilità boekhouding factuur facturen',
  // People: HR, payroll, recruiting.
  'hr payroll salary salaries wage wages paycheck paychecks payslip payslips paystub paystubs timesheet ' +
    'timesheets overtime pto time-off leave vacation benefits insurance 401k withholding w-2 w2 w-4 i-9 1099 ' +
    'contractor contractors employee employees staff employer eor hire hires hiring recruit recruiting ' +
    'recruiter recruiters candidate candidates applicant applicants interview interviews onboarding ' +
    'offboarding headcount shifts compliance personio gusto rippling adp deel lohn lohnabrechnung gehalt ' +
    'personal mitarbeiter paie salaire salaires nómina nomina folha pagamento salário busta paga stipendio ' +
    'salaris salarisadministratie loonadministratie empleados funcionários colaboradores dipendenti personale ' +
    'medewerkers personeel employés salariés',
  // Projects, planning and collaboration.
  'project projects task tasks todo to-do backlog sprint sprints kanban board boards roadmap roadmaps ' +
    'milestone milestones deadline deadlines planning plan plans priorities estimate estimates estimation ' +
    'story points epic epics issue issues ticket tickets standup standups retro retrospective status jira ' +
    'linear asana trello notion clickup confluence wiki docs documentation collaboration workload capacity okr ' +
    'okrs stakeholder stakeholders',
  // Design and prototyping.
  'design designer designers ui ux mockup mockups wireframe wireframes prototype prototypes prototyping ' +
    'figma sketch penpot component components library variants auto-layout tokens handoff frame frames ' +
    'artboard icon icons typography layout layouts brand branding pixel pixels css devs developers assets ' +
    'fonts',
  // Scheduling and bookings.
  'scheduling schedule schedules scheduler booking bookings book appointment appointments calendar calendars ' +
    'reminder reminders no-show no-shows reschedule rescheduling cancellation cancellations slot slots ' +
    'availability timezone double-booked meeting meetings calendly patients clinic clinics salon salons ' +
    'reservation reservations termin termine rendez-vous cita citas agendamento',
  // Contracts, e-signature and documents.
  'contract contracts signature signatures e-signature esignature sign signing signed signer envelope ' +
    'envelopes template templates document documents paperwork pdf pdfs scan fax nda ndas agreement agreements ' +
    'legal redline redlining approval approvals clause clauses lease leases docusign pandadoc notarize vertrag ' +
    'verträge contrat contrats contrato contratos',
  // Communication: meetings, calls, SMS, video.
  'call calls calling voip phone telephony dialer sms otp text texts verification carrier carriers twilio ' +
    'video webinar webinars conferencing meeting meetings recording recordings transcript transcripts zoom ' +
    'slack chat',
  // Commerce, inventory and operations.
  'store stores shop shops checkout inventory sku skus stock orders order fulfillment shipping shipment ' +
    'warehouse pos point-of-sale catalog catalogue returns marketplace wholesale supplier suppliers ' +
    'procurement purchasing',
  // IT service management and devices.
  'itsm service-desk servicedesk helpdesk device devices laptop laptops asset assets endpoint endpoints mdm ' +
    'patch patching license licenses licence licences sysadmin breach breaches ciso phishing',
]

/**
 * The words of any software product, whatever its market: a post about prices, seats, versions or integrations talks
 * about a product, though not which one. Each counts half (topic.ts).
 */
export const PRODUCT_WORDS =
  'pricing price prices priced tier tiers seat seats billing billed subscription subscriptions renewal renewals renew ' +
  'license licenses trial trials upgrade upgrading downgrade migration migrations migrate migrating integration ' +
  'integrations integrate api apis sdk webhook webhooks vendor vendors saas self-hosted open-source ' +
  'release releases version versions config configuration settings feature features dashboard admin workflow ' +
  'workflows automation automations onboarding plugin plugins rollout beta bug bugs glitch glitches ' +
  // The same in the other languages read (words.ts), with their words for a tool, a company and a supplier.
  'logiciel outil outils entreprise entreprises fournisseur herramienta herramientas empresa empresas sistema ' +
  'programa proveedor ferramenta ferramentas fornecedor azienda aziende strumento programma gestionale fornitore ' +
  'pakket bedrijf bedrijven leverancier unternehmen werkzeug anbieter'

/**
 * Words of the vocabularies above that also have an everyday sense ("a work plan", "the queue at the bakery", "a book
 * deal"): each counts half, so one of them alone does not decide that a post is about the team's market.
 */
export const EVERYDAY_WORDS =
  'work plan plans follow following track tracks queue contract contracts book books booking close closing call ' +
  'calls list lists flow flows open board boards story points design model models table tables build builds test ' +
  'tests host frame frames sign signed sign-off leave stock store stores order orders report reports deal deals lead ' +
  'leads account accounts contact check cash run sheet sheets chart charts slot slots ticket tickets hire agent ' +
  'agents brand cart audience campaign sequence issue issues release set line lines schedule tax taxes bill bills ' +
  'budget pay paid group player players season game games team'

/** Stems words as loosely as matching needs: the first six letters of the light stem (docs/model.md#word-sense). */
export type Rooter = (word: string) => string

/**
 * For each root, which vocabularies (bit set) use it. Built once at module load from the lists above with the same
 * root function the post's words go through, so both sides meet.
 */
export function domainIndex(root: Rooter): Map<string, number> {
  if (DOMAINS.length > 30) throw new Error('domains: at most 30 vocabularies fit a bit set')
  const index = new Map<string, number>()
  DOMAINS.forEach((list, i) => {
    for (const w of list.split(/\s+/)) {
      if (!w) continue
      const r = root(w)
      index.set(r, (index.get(r) ?? 0) | (1 << i))
    }
  })
  return index
}
