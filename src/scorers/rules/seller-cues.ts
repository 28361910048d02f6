/**
 * How people write about business software from a seller's point of view, beyond the buying and complaint cues of
 * buying-cues.ts and pain-cues.ts (docs/scoring.md#the-rules-scorer): a team choosing a product, a customer leaving
 * one, the everyday pain of work done by hand, a practitioner's question, and the kinds of post that only talk about
 * a product (launches, job posts, tutorials). General phrases, written from how people write; not taken from any
 * evaluation data.
 */
import { A, type Cue, cue } from './cue'

/** A team choosing or about to adopt a product: added to the buying cues (ACTIVE). */
export const CHOOSING_CUES: readonly Cue[] = [
  cue(
    `\\bshort-?list(?:ed|ing)?\\b|\\b(?:deciding|choosing|torn|picking)\\s+between\\b|\\bnarrow(?:ed|ing)\\s+(?:it\\s+)?down\\s+to\\b|\\bhelp\\s+(?:me|us)\\s+(?:choose|pick|decide)\\b|\\bwhich\\s+(?:one\\s+)?(?:is|would\\s+be)\\s+(?:better|best|cheaper|easier)\\b|\\b(?:decide|choose|pick)\\b(?<=\\b(?:need|have|got)\\s+to\\s+\\w+)|\\bhow\\s+much\\s+(?:does|do|would|will|is|are)\\s+(?:[\\w.-]+\\s+){1,5}?(?:cost|charge)\\b`,
    'is choosing between products',
    2,
  ),
  cue(
    `\\b(?:about|trying|need|have|going|want|planning|ready)\\s+to\\s+(?:choose|pick|select|roll\\s+out|adopt|implement|stand\\s+up|set\\s+up|buy|get)\\s+(?:a|an|the|our|one|some|proper|something)\\s+(?:new\\s+|proper\\s+|real\\s+|dedicated\\s+)?(?:[\\w-]+\\s+){0,2}?(?:tool|app|software|platform|vendor|provider|system|solution|service|crm|helpdesk|stack|option|warehouse|product)s?\\b`,
    'is about to choose one',
    1.5,
  ),
  cue(
    `\\bwhat\\s+(?:[\\w-]+\\s+){0,3}?(?:do|does|did|are|is)\\s+(?:you|y${A}all|people|folks|everyone|others|teams|companies|[\\w-]+\\s+(?:teams|companies|centers|shops|agencies|firms|startups))\\s+(?:all\\s+|guys\\s+)?(?:use|using|running|run|recommend|pick|go\\s+with)\\b|\\bwho\\s+(?:have|do|did|would)\\s+you\\s+(?:used?|recommend|go\\s+with|pick)\\b`,
    'asks what others use',
    1.5,
  ),
  cue(
    `\\b(?:suggestions?|recommendations?|recs|pointers|tips)\\s+(?:are\\s+|very\\s+|much\\s+|most\\s+)*(?:welcome|appreciated)\\b|\\b(?:vendors?|sales\\s*(?:people|reps?))\\s*[:,]?\\s+(?:please\\s+)?(?:dm|pm|message|email|contact)\\b|\\binclude\\s+(?:your\\s+)?(?:pricing|prices|a\\s+quote)\\b`,
    'invites offers',
    2,
  ),
  cue(
    `\\b(?<=(?:^|[.!?\\n])\\s*)(?:need|needs|needing|want|looking\\s+for)\\s+(?:an?|some)\\s+(?:good\\s+|new\\s+|simple\\s+|cheap\\s+|decent\\s+)?[\\w-]+`,
    'states a need',
    1.5,
  ),
  cue(
    `\\b(?:budget|go-ahead|green\\s+light|sign-?off)\\s+(?:is\\s+|was\\s+|has\\s+been\\s+|got\\s+|finally\\s+)*(?:approved|signed\\s+off|allocated|freed\\s+up|in\\s+place)\\b|\\b(?:approved|given|got)\\s+(?:the\\s+|a\\s+)?(?:budget|go-ahead|green\\s+light)\\b`,
    'has a budget approved',
    2,
  ),
  cue(
    `\\b(?:replac(?:e|ing)|mov(?:e|ing)|migrat(?:e|ing)|upgrad(?:e|ing))\\s+(?:our|my)\\s+(?:[\\w-]+\\s+){0,3}?(?:to|into|with|by)\\s+(?:something|a\\s+(?:proper|real|dedicated)|an?\\s+\\w+\\s+(?:tool|app|system|platform))|\\b(?:want|need|trying)\\s+to\\s+(?:stop|get\\s+off|get\\s+away\\s+from)\\s+\\w+ing\\b`,
    'wants to replace how it is done',
    1.5,
  ),
  cue(
    `\\b(?:which|what)\\s+(?:[\\w-]+\\s+){0,2}?(?:tool|app|software|service|platform|provider|vendor|solution|system|crm|helpdesk)s?\\s+(?:is|are|do|does|should|would|can|handles?|supports?|works?|lets?)\\b`,
    'asks which product fits',
    1.5,
  ),
  cue(
    `\\bbefore\\s+(?:i|we)\\s+(?:start|sign|commit|buy|choose|pick)\\b|\\b(?:start(?:ing)?|begin(?:ning)?)\\s+(?:the|a|our)\\s+(?:free\\s+)?trial\\b|\\bdeal-?breaker\\b|\\bmust-haves?\\b|\\brequirements?\\s*:`,
    'states buying requirements',
    1.5,
  ),
  cue(
    `\\blooking\\s+to\\s+(?:buy|adopt|implement|switch|move|replace|invest\\s+in|bring\\s+in|roll\\s+out)\\b|\\b(?:in\\s+search\\s+of|on\\s+the\\s+hunt\\s+for|need\\s+help\\s+(?:choosing|finding|picking))\\b|\\bwhat\\s+would\\s+you\\s+(?:use|recommend|pick|choose|go\\s+with)\\b|\\bwho\\s+do\\s+you\\s+(?:use|recommend)\\b|\\bwhich\\s+(?:[\\w-]+\\s+)?would\\s+you\\s+(?:pick|use|choose|recommend|go\\s+with)\\b|\\b(?:i|we)\\s+(?:really\\s+|urgently\\s+)?(?:need|want)\\s+(?:[\\w-]+\\s+){0,3}?(?:software|tool|app|platform|system|solution|provider)\\b|\\b(?:rfp|request\\s+for\\s+proposals?)\\b|\\bis\\s+(?:it|\\w+)\\s+worth\\s+(?:it|paying|the\\s+(?:money|price|upgrade))\\b`,
    'is shopping for one',
    1.5,
  ),
  // "Time to get a proper helpdesk", "drop your recs", "open to anything", "looking into booking apps".
  cue(
    `\\btime\\s+(?:to|for\\s+us\\s+to)\\s+(?:get|find|buy|pick|choose|invest\\s+in|move\\s+to|switch\\s+to)\\s+(?:a|an|some|proper|real|dedicated)\\b|\\b(?:drop|throw)\\s+(?:me\\s+)?(?:your\\s+)?(?:suggestions?|recommendations?|recs|favou?rites?|picks)\\b|\\bopen\\s+to\\s+(?:anything|suggestions|ideas|options|recommendations)\\b|\\blooking\\s+(?:into|at)\\s+(?:[\\w-]+\\s+){0,3}?(?:tools|apps|software|platforms|options|solutions|vendors|providers|systems|services)\\b`,
    'is shopping for one',
    1.5,
  ),
]

/** Leaving a product: with a competitor named, the post is COMPETITOR; alone it is buying intent. */
export const LEAVING_CUES: readonly Cue[] = [
  cue(
    `\\b(?:mov|migrat|switch|port)(?:e|es|ed|ing|ion)?\\s+(?:\\S+\\s+){0,5}?(?:off(?:\\s+of)?|away\\s+from|somewhere\\s+else|elsewhere)\\b|\\bexit\\s+plan\\b|\\b(?:migrat|switch|mov)(?:ed|ing)\\s+(?:from|to|(?:\\S+\\s+){1,3}?over)\\b`,
    'is leaving a product',
    2,
  ),
  cue(
    `\\b(?:we${A}re|i${A}m|we\\s+are|i\\s+am|we${A}ve|i${A}ve|finally|been|are|am)\\s+(?:\\w+\\s+)?(?:leaving|ditching|dumping|dropping|ripping|replacing|cancel+ing|abandoning|phasing\\s+out|sunsetting)\\b|\\brip(?:ping)?\\s+(?:it|them)\\s+out\\b`,
    'is leaving a product',
    2,
  ),
  cue(
    `\\b(?:stop(?:ped|s)?|quit|done|finished)\\s+(?:using|paying(?:\\s+for)?)\\b|\\b(?:convince|persuade)\\s+(?:\\w+\\s+){1,3}to\\s+stop\\b`,
    'stops using a product',
    2,
  ),
  cue(
    `\\b(?:not|won${A}t|aren${A}t|isn${A}t|never)\\s+(?:[\\w'’]+\\s+){0,3}?renew(?:ing|al)?\\b|\\b(?:look(?:ing)?\\s+(?:at|for|into)|evaluat\\w+|consider\\w*|(?:getting|get|requesting|collecting)\\s+(?:quotes|demos|pricing)\\s+from|mov\\w+\\s+(?:\\w+\\s+){0,3}?to|switch\\w*\\s+to|pric(?:e|ing)\\s+out)\\s+(?:\\w+\\s+){0,2}?(?:(?:other|different|another|cheaper|simpler)\\s+\\w+|alternatives?\\b)`,
    'looks at other products',
    2,
    false,
  ),
  cue(
    `\\bworth\\s+staying\\b|\\bshould\\s+(?:we|i)\\s+(?:stay|leave|switch|jump\\s+ship)\\b|\\b(?:everyone|people)\\s+(?:else\\s+)?(?:moving|leaving|switching|jumping\\s+ship)\\b`,
    'weighs leaving a product',
    1.5,
  ),
  cue(
    `\\b(?:thinking|thought)\\s+(?:about|of)\\s+(?:leaving|dropping|switching|moving|cancel+ing|ditching|replacing)\\b|\\bregret\\w*\\s+(?:choosing|picking|buying|going\\s+with|signing\\s+up)\\b|\\b(?:keeps?|kept)\\s+(?:raising|increasing|hiking)\\b`,
    'is leaving a product',
    1.5,
  ),
]

/** The pain of work done badly: by hand, scattered, chased, slow, going wrong. Added to the complaint cues (PAIN). */
export const WORK_PAIN_CUES: readonly Cue[] = [
  cue(
    `\\b(?:by\\s+hand|manually|copy(?:-|\\s+and\\s+|\\s*/\\s*)?past(?:e|ed|ing)|past(?:ed|ing)\\s+into|re-?typ(?:e|ed|ing)|double\\s+entry|sticky\\s+notes?|on\\s+paper|wet\\s+ink|print(?:ing)?\\s+(?:\\d+\\s+|out\\s+)?(?:pages|forms|copies))\\b`,
    'does the work by hand',
    1.5,
  ),
  cue(
    `\\b(?:chas(?:e|es|ed|ing)|nag(?:s|ged|ging)?|hound(?:ing)?)\\s+(?:\\w+\\s+){0,3}?(?:for|down|up|about)\\b|\\bchasing\\s+(?:people|clients|customers|invoices|payments|everyone)\\b`,
    'chases people',
    1.5,
  ),
  cue(
    `\\b(?:lives?|living|spread|scattered)\\s+(?:in|across|over)\\s+(?:\\w+\\s+)?(?:places|spreadsheets|sheets|inboxes|tools|tabs|systems|docs|apps)\\b|\\bout\\s+of\\s+sync\\b|\\bno\\s+single\\s+source\\b|\\b(?:nobody|no\\s+one)\\s+(?:knows|trusts|owns|can\\s+(?:find|tell|see|explain))\\b|\\bfall(?:s|ing)?\\s+through\\s+the\\s+cracks\\b|\\blost\\s+track\\b|\\bno\\s+visibility\\b`,
    'says the work is scattered',
    1.5,
  ),
  cue(
    `\\b(?:chaos|chaotic|messy|drowning\\s+in|buried\\s+in|overwhelm\\w*|burn(?:ed|t|ing)?\\s*out|dread\\w*|nightmare|exhausting|soul-?crushing|(?:such\\s+a|what\\s+a)\\s+(?:pain|mess|hassle|slog)|deserves?\\s+(?:so\\s+much\\s+|much\\s+|way\\s+)?better|(?:my|personal|absolute|living|pure)\\s+hell|without\\s+(?:telling|asking|warning|notifying)\\s+(?:us|me|anyone)|not\\s+sustainable|unsustainable)\\b`,
    'says the work is a burden',
    1.5,
  ),
  cue(
    `\\b(?:struggl(?:e|es|ed|ing)\\s+(?:to|with)|can${A}t\\s+keep\\s+up|(?:hard|difficult|impossible)\\s+to\\s+(?:track|keep\\s+track|manage|find|see|know|tell|get)|held\\s+together\\s+(?:with|by)|back-and-forth|error-prone|time-consuming|cumbersome|swamped|(?:keep|keeps|kept)\\s+(?:losing|forgetting|missing|getting\\s+lost)|too\\s+much\\s+(?:time|manual|admin))\\b`,
    'struggles with the work',
    1.5,
  ),
  cue(
    `\\b(?:spend|spends|spent|spending|lose|loses|losing|burn|burns|burning|eats?|eating|takes?|took|taking)\\s+(?:us\\s+|me\\s+|up\\s+)?(?:\\w+\\s+){0,3}?(?:hours|days|weeks|weekends|mornings|evenings|fridays|mondays|forever|ages|(?:whole|entire)\\s+(?:day|evening|morning|weekend|week|afternoon|night)|\\d+\\s*(?:h|hrs?|hours?|mins?|minutes|days))\\b`,
    'loses time to it',
    1,
  ),
  cue(
    `\\b(?:dropped|fell|plummeted|tanked|spiked|jumped|ballooned|went)\\s+(?:up\\s+|down\\s+)?from\\s+[$€£]?\\d|\\b(?:tanked|plummeted|nosedived|cratered)\\b|\\b(?:penalty|penalties|fined|late\\s+fees?)\\b|\\b(?:pric(?:e|ing)\\s+(?:hike|jump|increase)|renewal\\s+(?:quote|price|came)|priced\\s+(?:me|us)\\s+out)\\b|\\b(?:doubled|tripled|quadrupled)\\s+(?:our|my|the)\\s+(?:bill|price|invoice|cost|renewal|quote)\\b|\\b(?:doubled|tripled|quadrupled)\\b(?<=\\b(?:bill|price|invoice|renewal|quote)\\s+(?:just\\s+|has\\s+|have\\s+)?\\w+)|\\bquoted\\s+(?:us|me)\\s+(?:\\d+(?:\\.\\d+)?x|double|triple|twice)\\b`,
    'reports a cost or a drop',
    1.5,
  ),
  // Carries its own negation: "shouldn't cost this much" is the complaint, not its denial.
  cue(
    `\\bshould(?:n${A}t|\\s+not)\\s+cost\\b|\\bcosts?\\s+(?:this|that|so)\\s+much\\b`,
    'says it costs too much',
    1.5,
    false,
  ),
  // A share of something going wrong ("27% no-show rate"), a rating of one or two out of five.
  cue(
    `\\b(?<![\\d.])\\d+(?:\\.\\d+)?\\s?%\\s+(?:[\\w-]+\\s+){0,2}?(?:no-?shows?|churn|bounce|drop-?off|abandonment|failure|error)(?:\\s+rate)?\\b|\\b(?<![\\d.])[12]\\s?/\\s?5(?![\\d.])`,
    'reports a bad rate',
    1.5,
    false,
  ),
  cue(
    `\\b(?:too|so|very|overly|really)\\s+(?:complex|limited|bloated|heavy|rigid|pricey|basic|restrictive|overpriced)\\b|\\b(?:lacks?|lacking|no\\s+way\\s+to|can${A}t\\s+even|not\\s+worth|overkill|nickel-and-dim\\w*|upsells?|upselling|locked\\s+(?:in|behind)|paywall\\w*|contact\\s+(?:sales|us)\\s+for)\\b|\\b(?:biggest|main|only|one)\\s+(?:gripe|complaint|downside|drawback|frustration)\\b|\\b(?:raised|raising|hiked|doubled|tripled)\\s+(?:the\\s+|their\\s+|our\\s+|its\\s+)?(?:price|prices|pricing|rates?|fees?)\\b`,
    "names a product's shortcoming",
    1.5,
    false,
  ),
  cue(`(?:😭|🫠|🙃|🥲|😮‍💨|🤯)`, 'shows strain', 1, false),
  // Work piling up: "900 unread", "40 untouched demo requests", "invoices piling up". The count is checked behind the
  // word, so that the cue is tried at these rare words rather than at every number (word-index.ts).
  cue(
    `\\b(?:unread|unanswered|untouched|overdue|unpaid|unresolved)\\b(?<=\\d\\+?\\s+\\w+)|\\bpil(?:e|es|ed|ing)\\s+up\\b`,
    'says the work piles up',
    1.5,
  ),
  // What the problem costs the business: "eating our margins", "killing us", "costing us deals", "made a mistake".
  cue(
    `\\b(?:eat(?:s|ing)?|cut(?:s|ting)?)\\s+(?:into\\s+)?(?:our|my)\\s+(?:margins?|profits?|revenue|budget|time)\\b|\\b(?:kill(?:s|ing)|cost(?:s|ing)|hurt(?:s|ing))\\s+(?:us|me|our)\\b|\\bmistakes?\\b(?<=\\b(?:made|make|making|makes)\\s+(?:a\\s+|the\\s+same\\s+|so\\s+many\\s+)?mistakes?)`,
    'says what it costs',
    1.5,
  ),
  // Figures that should agree and do not.
  cue(
    `\\b(?:match|add\\s+up|agree|line\\s+up|reconcile|tie\\s+out)\\b(?<=(?:n${A}t|\\bnot|\\bnever)\\s+(?:\\w+\\s+)?\\w+(?:\\s+(?:up|out))?)|\\bdifferent\\s+(?:numbers|totals|figures|answers)\\b|\\bargu(?:e|es|ing|ments?)\\s+(?:about|over)\\b`,
    'says the numbers do not agree',
    1.5,
    false,
  ),
]

/** A practitioner's question: how others do it, what something means. Added to the question cues. */
export const ASKING_CUES: readonly Cue[] = [
  cue(
    `\\b(?:do|does|did|would|should)\\s+(?:you|y${A}all|people|teams|folks|others|everyone|most\\s+\\w+)\\s+(?:all\\s+|guys\\s+)?(?:handle|keep|use|put|track|manage|deal|reserve|structure|organi[sz]e|version|name|set|measure|estimate|prefer|approach|do)\\b`,
    'asks how others do it',
    1.5,
  ),
  cue(
    `\\b(?:curious|wondering)\\s+(?:how|what|whether|if|about|which|why)\\b|\\btrying\\s+to\\s+(?:understand|figure\\s+out|work\\s+out|get\\s+my\\s+head\\s+around)\\b|\\b(?:can|could)\\s+(?:some\\s*one|any\\s*one|you)\\s+explain\\b|\\bdifference\\s+between\\b|\\b(?:question|q)\\s*:|\\bask\\s+hn\\b`,
    'asks to understand',
    1.5,
  ),
  cue(
    `\\bis\\s+there\\s+a\\s+(?:clean|good|simple|better|standard)?\\s*way\\s+to\\b|\\bwhat${A}?s?\\s+(?:is\\s+)?the\\s+(?:best|right|correct|proper|recommended|cleanest|easiest)\\s+(?:way|practice|approach|pattern)\\b|\\bbest\\s+practices?\\b|\\bany\\s+(?:tips|advice)\\b|\\bhow\\s+(?:do|can|should|would)\\s+(?:you|one)\\s+(?:set\\s+up|configure|handle|model|structure|implement|estimate|track|measure|test|design|name|calculate|integrate|automate|version|organi[sz]e)\\b|\\bhow\\s+(?:do|can|should|would|could)\\s+(?:i|we)\\s+(?!(?:get|cancel|contact|reach|speak|talk|claim|complain|return)\\b)[a-z]+|\\bdoes\\s+(?:it|this|that|the\\s+\\w+)\\s+(?:support|work\\s+with|handle|integrate)\\b`,
    'asks how to do it',
    1.5,
  ),
  // A sentence that opens with its verb and ends in a question mark: "do in-app banners get more clicks?"
  cue(
    `\\b(?<=(?:^|[.!?:\\n])\\s*)(?:do|does|did|is|are|was|were|can|could|should|would|will|has|have)\\s+[^.!?\\n]{3,160}\\?`,
    'asks a yes-or-no question',
    1,
  ),
]

/**
 * Posts that only talk about a product: a vendor's launch, a job post, a tutorial, an answer, a write-up. They describe
 * problems and ask questions without having them, so they count against PAIN and QUESTION.
 */
export const GENRE_CUES: readonly Cue[] = [
  cue(
    `\\b(?:launch|show)\\s+hn\\b|\\b(?:we${A}re|we\\s+are|we${A}ve|we\\s+have|just)\\s+(?:launching|launched|building|built|shipped|released|releasing|announcing|open-?sourcing|open-?sourced)\\b|\\b(?:introducing|announcing|now\\s+available|(?:happy|excited|thrilled|proud)\\s+to\\s+(?:announce|share|launch|introduce))\\b|\\b(?:speaking|presenting|talking)\\s+at\\b|\\bcome\\s+say\\s+hi\\b`,
    'announces a product',
    1.5,
  ),
  cue(
    `\\b(?:we${A}re|we\\s+are|now)\\s+hiring\\b|\\bjoin\\s+(?:our|the)\\s+team\\b|\\b(?:you${A}ll|you\\s+will)\\s+(?:own|build|work|lead)\\b|\\byou\\s+have\\s*:|\\bapply\\s+(?:here|now|via|at)\\b`,
    'is a job post',
    1.5,
  ),
  cue(
    `\\b(?:tutorial|walkthrough|step-by-step|chapters\\s*:|(?:in\\s+this|this)\\s+(?:guide|post|article|video|write-?up)\\s+(?:i|we|covers|shows|explains)|here${A}s\\s+how|(?:blog|engineering)\\s+post|write-?up|release\\s+notes|changelog|psa\\b|pro\\s+tip|quick\\s+tip|answer\\s*:|awesome\\s+list|a\\s+curated\\s+list)`,
    'teaches or reports',
    1.5,
  ),
]
