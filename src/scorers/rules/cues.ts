/**
 * Cue lists of the embedded `rules` scorer (see index.ts for how they are combined).
 *
 * Every cue is a regular expression compiled once, at module load, with the `g` flag so that the scorer can step past
 * a negated occurrence to a later one. Phrases come from general knowledge of how people on social networks ask for,
 * compare and complain about products; they are deliberately not derived from any evaluation data set.
 *
 * `w` is the strength of the cue: 2 = unambiguous on its own, 1.5 = strong, 1 = suggestive, 0.5 = weak support.
 * `neg` says whether a negation just before or inside the cue cancels it ("not looking for", "I don't want to buy");
 * cues that already contain their own negation ("doesn't work") switch it off.
 */

export type Cue = { re: RegExp; what: string; w: number; neg: boolean }

export function cue(source: string, what: string, w: number, neg = true): Cue {
  return { re: new RegExp(source, 'gi'), what, w, neg }
}

/**
 * A switching frame also says what it means when the product it names turns out to be generic or ours:
 * `switch` = still buying intent (ACTIVE), `price` = a complaint (PAIN), `compare` = nothing on its own.
 * `proper` = the name must look like a product (capitalised, @handle, dotted), because the verb is common
 * ("cancel the order", "ditch the car").
 */
export type SwitchCue = Cue & { kind: 'switch' | 'price' | 'compare'; proper: boolean }

function sw(source: string, what: string, w: number, kind: SwitchCue['kind'], proper = false): SwitchCue {
  return { ...cue(source, what, w), kind, proper }
}

/**
 * A frame whose product comes first ("Foo alternative", "Foo is too expensive", "Foo vs"). The name sits in a
 * look-behind, so the expression is tried only where the frame's own word ("alternative") occurs instead of after
 * every word of the post (about ten times faster); the `d` flag gives where the name starts, which is where the
 * matched phrase and its negation window start.
 */
function swBehind(name: string, frame: string, what: string, w: number, kind: SwitchCue['kind'], proper = false): SwitchCue {
  return { re: new RegExp(`(?<=${name})${frame}`, 'gid'), what, w, neg: true, kind, proper }
}

/** Apostrophes as typed on phones and desktops alike. */
export const A = "[’']?"

/**
 * What a customer needs from a company that let them down is a remedy, not a purchase: "I need a refund", "we want
 * an answer" are complaints (rules/complaint.ts), so the need cues below stop before these words.
 */
const NOT_A_REMEDY = `(?!\\s+(?:full\\s+|proper\\s+|real\\s+)?(?:refund|replacement|response|reply|answer|explanation|apology|update|call\\s*back|engineer|technician|manager|supervisor|human|resolution|compensation|credit)s?\\b)`

/** Buying intent: the writer wants to acquire, adopt or pay for something. */
export const ACTIVE_CUES: readonly Cue[] = [
  cue(`\\b(?:any|got any|some|need|want|would love|looking for|open to)\\s+(?:good\\s+|solid\\s+)?(?:recommendations?|recs|suggestions?)(?:\\s+(?:for|on))?\\b`, 'asks for recommendations', 2),
  cue(`\\b(?:can|could|would)\\s+(?:any\\s*one|some\\s*one|you(?:\\s+guys)?|y${A}all)\\s+(?:recommend|suggest)\\b`, 'asks for recommendations', 2),
  cue(`\\b(?:recommend|suggest)\\s+(?:me\\s+)?(?:a|an|any|some|a\\s+good)\\s+\\w+`, 'asks for recommendations', 1.5),
  cue(`\\b(?:looking|searching|hunting|shopping(?:\\s+around)?)\\s+for\\s+(?:a|an|some|new|the\\s+best|good|better|recommendations|options|tools?|software|solutions?|an?\\s+alternative)\\b`, 'is looking for a solution', 2),
  cue(`\\bin\\s+the\\s+market\\s+for\\b`, 'is in the market', 2),
  cue(`\\b(?:we|i|my\\s+team|our\\s+team|our\\s+company)\\s+(?:really\\s+|urgently\\s+|desperately\\s+|badly\\s+)?(?:need|needs|want|require|requires)\\s+(?:a|an|some|new|better|a\\s+new|a\\s+better|to\\s+(?:find|buy|replace|switch))\\b${NOT_A_REMEDY}`, 'states a need', 1.5),
  cue(`\\b(?:what|which)${A}?s?\\s+(?:is\\s+|are\\s+)?(?:the\\s+)?(?:best|good|your\\s+favou?rite|a\\s+good|the\\s+cheapest|the\\s+easiest)\\s+\\w+(?:\\s+\\w+)?\\s+(?:for|to)\\b`, 'asks which product is best', 1.5),
  cue(`\\bwhat\\s+(?:do|does|are)\\s+(?:you|people|y${A}all|folks|everyone)\\s+(?:guys\\s+)?(?:use|using|recommend)\\b`, 'asks what others use', 1.5),
  cue(`\\b(?:budget|budgeted)\\s+(?:for|of|is|around|about)\\b`, 'mentions a budget', 2),
  cue(`\\b(?:willing|happy|ready|prepared)\\s+to\\s+(?:pay|spend|invest)\\b`, 'is willing to pay', 2),
  cue(`\\b(?:i|we)${A}?d\\s+(?:gladly\\s+|happily\\s+)?(?:pay|buy|subscribe)\\b|\\bwould\\s+(?:gladly\\s+|happily\\s+)?(?:pay|buy|subscribe)\\b`, 'would pay', 1.5),
  cue(`\\balternatives?\\s+(?:to|for)\\b|\\breplacement\\s+for\\b`, 'asks for alternatives', 1.5),
  cue(`\\b(?:evaluating|comparing|shortlisting|trialing|trialling|piloting|vetting)\\s+(?:a\\s+few\\s+|some\\s+|several\\s+|different\\s+)?\\w+`, 'is evaluating options', 1.5),
  cue(`\\b(?:want|wanna|going|gonna|plan|planning|about|ready|need|needs|have|hoping|thinking\\s+about|thinking\\s+of|considering|decided|deciding)\\s+(?:to\\s+)?(?:buy|purchase|order|pre-?order|upgrade\\s+to|subscribe\\s+to|sign\\s+up\\s+for|get\\s+(?:a|an|the|my|me|myself|new)|buying|purchasing|getting|ordering)\\b`, 'plans to buy', 2),
  cue(`\\b(?:should|do|can|where\\s+can|where\\s+do)\\s+i\\s+(?:buy|get|order|purchase)\\b|\\bworth\\s+(?:buying|the\\s+(?:money|price|upgrade))\\b`, 'weighs a purchase', 1.5),
  // A past purchase ("just bought") is not a lead any more; a pre-order still is.
  cue(`\\bpre-?order(?:ed|ing)?\\b|\\btake\\s+my\\s+money\\b`, 'is buying', 1.5),
  cue(`\\b(?:i|we|i${A}d|we${A}d)\\s+(?:really\\s+|so\\s+|just\\s+|still\\s+|definitely\\s+)?(?:want|wanna|need|would\\s+like|like|love|wish\\s+(?:i|we)\\s+(?:could|had|can))\\s+(?:to\\s+)?(?:buy|get|purchase|order|own|grab)\\s+(?:a|an|the|that|this|one|some|new|it|them)\\b`, 'wants to buy', 1.5),
  cue(`\\b(?:i|we)\\s+(?:really\\s+|so\\s+|just\\s+|still\\s+)?(?:want|need)\\s+(?:a|an|the|that|this)\\b${NOT_A_REMEDY}\\s+(?:new\\s+)?\\w+`, 'wants one', 1.5),
  // Weak on its own ("buy low, sell high"); it only tips a post over the line together with another cue.
  cue(`\\b(?:buy|buying|purchase|purchasing|get\\s+my\\s+hands\\s+on|upgrade\\s+to)\\b`, 'talks about buying', 0.5),
  cue(`\\b(?:will|${A}ll|might|may|must|gotta|ima|i${A}ma|finally|definitely)\\s+(?:go\\s+|just\\s+|probably\\s+|be\\s+)?(?:buy|buying|purchase|purchasing|order|ordering|upgrade|upgrading)\\b`, 'plans to buy', 1.5),
  cue(`\\bcan${A}t\\s+wait\\s+(?:to|till|until)\\s+(?:i\\s+)?(?:get|buy|order|have|try)\\b`, 'cannot wait to buy', 1.5, false),
  cue(`\\b(?:book|request|get|schedule|set\\s+up|want)\\s+(?:a\\s+)?(?:demo|quote|trial|free\\s+trial|pricing)\\b|\\bsend\\s+(?:me\\s+)?(?:a\\s+)?(?:quote|pricing)\\b`, 'asks for a demo, trial or quote', 1.5),
  cue(`\\bwho\\s+(?:sells|offers|provides|makes|builds)\\b|\\b(?:any|a)\\s+(?:vendor|provider|agency|consultant|freelancer)s?\\s+(?:for|that|who)\\b`, 'looks for a vendor', 1.5),
  cue(`\\b(?:is\\s+there|are\\s+there|know\\s+of)\\s+(?:a|an|any)\\s+(?:good\\s+|decent\\s+|cheap\\s+|simple\\s+|free\\s+)?(?:tool|app|software|service|platform|product|solution|saas|plugin|extension|library)s?\\b`, 'asks whether a product exists', 1.5),
]

/**
 * Switching frames. Group 1 is the product being left or compared against; index.ts decides whether it is a rival,
 * ours, or a generic word ("switching from spreadsheets" still shows buying intent, just without a named rival).
 */
// The look-behind makes a name start only at the start of a word: without it a 20,000-character run of letters is
// rescanned from every position (quadratic time), which an HTTP endpoint cannot afford.
const NAME = `(?<![\\w@#&+.-])(?:the\\s+|our\\s+|my\\s+|their\\s+)?(?:current\\s+|old\\s+|existing\\s+|legacy\\s+)?([@#]?[a-z0-9][a-z0-9&+_-]*(?:\\.(?:com|io|ai|co|app|so|net))?)`
export const SWITCH_CUES: readonly SwitchCue[] = [
  sw(`\\b(?:switch(?:ing|ed)?|migrat(?:e|ing|ed)|transition(?:ing|ed)?)\\s+(?:away\\s+)?from\\s+${NAME}`, 'is switching away', 2, 'switch'),
  sw(`\\bmov(?:e|ing|ed)\\s+(?:away\\s+from|off(?:\\s+of)?)\\s+${NAME}`, 'is switching away', 2, 'switch', true),
  sw(`\\balternatives?\\s+(?:to|for)\\s+${NAME}`, 'wants an alternative', 2, 'switch'),
  swBehind(`${NAME}\\s+`, `alternatives?\\b`, 'wants an alternative', 1.5, 'switch'),
  sw(`\\b(?:replac(?:e|ing)|ditch(?:ing)?|dump(?:ing)?|cancel(?:l?ing)?|get\\s+rid\\s+of|done\\s+with)\\s+${NAME}`, 'wants to replace a product', 1.5, 'switch', true),
  swBehind(`${NAME}\\s+(?:is|are|got|has\\s+gotten|became|just\\s+got)\\s+(?:way\\s+|so\\s+|too\\s+|far\\s+too\\s+|really\\s+|ridiculously\\s+|insanely\\s+)*`, `(?:expensive|overpriced|pricey|costly)\\b`, 'says a product is too expensive', 2, 'price'),
  sw(`\\b(?:better|cheaper|faster|easier|simpler)\\s+than\\s+${NAME}`, 'compares against a product', 1.5, 'compare', true),
  sw(`\\binstead\\s+of\\s+${NAME}`, 'compares against a product', 1, 'compare', true),
  swBehind(`${NAME}\\s+`, `(?:vs\\.?|versus)\\s+`, 'compares products', 1.5, 'compare', true),
]

/** Complaint or frustration: the writer's expectations of a product or service were breached. */
export const PAIN_CUES: readonly Cue[] = [
  cue(`\\b(?:hate|hates|hated|loathe|despise)\\b`, 'expresses hate', 2),
  cue(`\\bcan${A}t\\s+stand\\b`, 'expresses hate', 2, false),
  cue(`\\b(?:fed\\s+up|sick\\s+(?:and\\s+tired\\s+)?of|tired\\s+of|had\\s+enough|done\\s+with)\\b`, 'is fed up', 2),
  cue(`\\b(?:frustrat\\w*|annoy(?:ed|ing|s)?|infuriat\\w*|irritat\\w*|aggravat\\w*|exasperat\\w*|furious|livid|pissed)\\b`, 'is frustrated', 2),
  cue(`\\b(?:so|too|very|painfully|ridiculously|insanely|super)\\s+(?:slow|laggy|buggy|clunky|expensive|confusing|complicated|unreliable)\\b`, 'says it is slow, buggy or costly', 2),
  // "I'm broke" is about money, not a breakage.
  cue(`\\b(?:broken|(?<!\\b(?:i${A}m|im|i\\s+am|we${A}re|so|too|be|being|always|stay|go|going|went|flat|dead)\\s+)broke|breaks|buggy|bugged|stop(?:s|ped)\\s+(?:working|responding|loading|syncing)|(?:coming|falling)\\s+apart|turns\\s+(?:itself\\s+)?off|dead\\s+on\\s+arrival|glitch(?:y|es|ing)?|crash(?:es|ed|ing)?|freez(?:es|ing)|froze|laggy|outage|is\\s+down|went\\s+down|goes\\s+down|down\\s+again)\\b`, 'reports something broken or down', 2),
  cue(`\\bnever\\s+(?:worked|works|work)\\b`, 'reports something broken or down', 2, false),
  cue(`\\bnever\\s+(?:\\w+\\s+){1,5}again\\b|\\bshame\\s+on\\b|\\bwhat\\s+gives\\b|\\bget\\s+(?:your|their)\\s+act\\s+together\\b|\\bruin(?:ed|s|ing)?\\b`, 'vents', 1.5, false),
  cue(`\\b(?:waiting|wait)\\s+(?:on|for)\\s+(?:a\\s+)?(?:call\\s*back|reply|response|refund|answer)|\\bno\\s+call\\s*back\\b|\\bon\\s+hold\\b|\\bnot\\s+(?:showing|loading|showing\\s+up|updating|arriving)\\b`, 'is still waiting', 1, false),
  cue(`\\b(?:doesn${A}t|does\\s+not|don${A}t|do\\s+not|won${A}t|will\\s+not|isn${A}t|is\\s+not|can${A}t|cannot|couldn${A}t|didn${A}t|not)\\s+(?:even\\s+|seem\\s+to\\s+|always\\s+|ever\\s+)?(?:work|working|load|loading|connect|sync|open|start|respond|responding|help|helping|arrive|arrived|deliver|charge|log\\s+(?:me\\s+)?in|let\\s+me)\\b`, 'says it does not work', 2, false),
  cue(`\\b(?:waste[sd]?|wasting|lost|losing)\\s+(?:so\\s+much\\s+|hours|days|weeks|my\\s+(?:time|money|day)|an?\\s+(?:hour|day|week)|time|\\d+\\s*(?:hours|hrs|mins|minutes|days))`, 'wastes time or money', 1.5),
  cue(`\\b(?:still|been)\\s+(?:waiting|no\\s+(?:reply|response|word|refund|update)|not\\s+(?:received|fixed|resolved|working|here|arrived))\\b|\\b(?:never|not\\s+yet)\\s+(?:arrived|received|came|got\\s+(?:a|my|an|any)|showed\\s+up|delivered|responded|replied)\\b`, 'is still waiting', 2, false),
  cue(`\\b(?:no\\s+(?:one|body)\\s+(?:has\\s+)?(?:replied|responded|answered|helped|got\\s+back)|no\\s+(?:reply|response|answer|help|refund)\\b|(?:on\\s+hold|waiting)\\s+for\\s+(?:over\\s+|more\\s+than\\s+)?(?:an?\\s+|\\d+\\s*)(?:hour|hr|min|day|week))`, 'got no response', 2, false),
  cue(`\\b(?:terrible|horrible|awful|appalling|atrocious|dreadful|pathetic|disgusting|useless|worthless|unacceptable|ridiculous|shocking|disgraceful|abysmal|incompetent|unprofessional|worst|shittiest|garbage|trash|crap|crappy|shitty|sucks?|sucked|joke|scam|rip-?off|rubbish|nightmare|disaster|shambles)\\b`, 'uses strong negative words', 1.5),
  cue(`\\b(?:disappoint\\w*|let\\s+down|upset|unhappy|dissatisfied|fuming|gutted|angry)\\b`, 'is disappointed', 1.5),
  cue(`\\b(?:not|never)\\s+(?:happy|impressed|pleased|satisfied|good\\s+enough|acceptable|okay|ok|fair|cool|right|fixed|resolved|received|delivered|refunded|even)\\b|\\b(?:still|yet\\s+to)\\s+(?:haven${A}t|hasn${A}t|have\\s+not|has\\s+not|not|no|receive|hear|get)\\b|\\bhaven${A}t\\s+(?:received|heard|got|gotten)\\b`, 'is not happy', 1.5, false),
  cue(`\\b(?:overcharg\\w*|charged\\s+(?:me\\s+)?(?:twice|double|again|for\\s+nothing)|double\\s+charged|hidden\\s+fees?|price\\s+(?:hike|increase))\\b`, 'was overcharged', 2),
  // "Missing you" and "missing out" are no missing parcel.
  cue(`\\b(?:cancel(?:led|ed)|delayed|late\\s+again|lost\\s+(?:my|our)|damaged|missing(?!\\s+(?:you|u|him|her|them|us|home|out)\\b)|wrong\\s+(?:item|order|size)|refund|recalls?|complain\\w*|complaint)\\b`, 'reports a service failure', 1),
  cue(`\\b(?:keeps?|kept)\\s+(?:crashing|freezing|failing|breaking|dropping|logging\\s+(?:me\\s+)?out|disconnecting|charging|sending|asking|happening)\\b|\\bagain\\s*[?!]|\\b(?:every\\s+(?:single\\s+)?time|yet\\s+again|once\\s+again)\\b`, 'says it keeps happening', 1.5),
  cue(`\\b(?:error|errors|fails?|failed|failing|failure|issue|issues|problem|problems|bug|bugs)\\b`, 'reports a problem', 1),
  cue(`\\bwhy\\s+(?:is|does|do|are|can${A}t|won${A}t|isn${A}t|doesn${A}t|would|on\\s+earth|the\\s+hell)\\b[^?.!\\n]{0,80}\\?`, 'asks an exasperated why', 1, false),
  cue(`\\b(?:ugh+|argh+|wtf|smh|ffs|seriously|come\\s+on|unbelievable|how\\s+hard\\s+is\\s+it|how\\s+many\\s+times)\\b`, 'vents', 1),
  cue(`\\b(?:unable\\s+to|impossible\\s+to|can${A}t\\s+(?:find|get|access|use|log|sign|seem|believe|stream|watch|play|download|install|update|order|pay|check\\s*out|see|reach)|won${A}t\\s+(?:let|accept|honou?r|refund|fix|stay|load)|refused|denied|rejected|invalid|unanswered)\\b`, 'is blocked', 1, false),
  cue(`\\b(?:are\\s+you\\s+(?:kidding|serious|joking)|what\\s+the\\s+(?:hell|heck|f\\w*)|last\\s+time\\s+i\\s+(?:buy|order|use|fly|shop)|never\\s+(?:again|buying|ordering|using|flying))\\b`, 'vents', 1.5, false),
  cue(`#\\w*(?:sucks|fail)\\b|#(?:badservice|poorservice|customerservicefail|nothappy|notimpressed|disappointed|worst\\w*|bad\\w*|poor\\w*|annoy\\w*|frustrat\\w*)\\b`, 'complains in a hashtag', 1.5, false),
  cue(`\\b(?:poor|bad|lousy|slow|rude|awful)\\s+(?:customer\\s+)?(?:service|support|quality|experience|product|delivery|communication|staff)\\b|\\b(?:expired|stale|rotten|mouldy|moldy|defective|faulty|ripped|torn|leaking|leaky|wrong)\\b`, 'reports poor quality or service', 1.5),
  cue(`\\b(?:pain\\s+in\\s+the|headache|a\\s+mess|such\\s+a\\s+pain|painful|tedious)\\b`, 'calls it painful', 1.5),
]

/** A question without buying language. Only decides the intent when no stronger cue fired. */
export const QUESTION_CUES: readonly Cue[] = [
  cue(`\\b(?:how|what|which|where|when|who|why)\\s+(?:do|does|did|can|could|should|would|is|are|was|to|much|many|long)\\b`, 'asks how or what', 1),
  cue(`\\b(?:does|has|did)\\s+any\\s*(?:one|body)\\b|\\bany\\s*(?:one|body)\\s+(?:know|tried|used|using|else|have)\\b`, 'asks whether anyone knows', 1.5),
  cue(`\\b(?:is|are)\\s+there\\s+(?:a|an|any)\\s+way\\b|\\bis\\s+it\\s+possible\\b|\\bcan\\s+(?:i|you|we)\\b`, 'asks whether something is possible', 1),
  cue(`\\?`, 'asks a question', 0.5, false),
]

/**
 * Modifiers: they strengthen a score but never decide the intent. BUDGET_RE is an amount; the word "budget" is an ACTIVE
 * cue. An amount without a currency sign starts only where a number starts (not after a digit, comma or point): from
 * every digit of "1,0,0,…" the run would be scanned again to its end, quadratic in its length (docs/scoring.md#performance).
 */
export const BUDGET_RE = /(?:[$€£]\s?\d[\d,.]*\s?[km]?\b(?:\s?(?:\/|per|a|an)\s?(?:mo|month|yr|year|seat|user|license|licence)\b)?|(?<![\w,.])\d[\d,.]*\s?(?:usd|eur|gbp|dollars|euros|bucks)\b)/gi
export const URGENCY_RE = /\b(?:asap|a\.s\.a\.p|urgent(?:ly)?|right\s+away|immediately|as\s+soon\s+as\s+possible|this\s+week|by\s+(?:tomorrow|monday|tuesday|wednesday|thursday|friday|end\s+of\s+(?:the\s+)?(?:day|week|month|quarter))|deadline|need\s+it\s+(?:now|today|yesterday))\b/gi
export const TEAM_SIZE_RE = /\b(?:(?:team|company|org|organi[sz]ation|staff|agency|startup)\s+of\s+(?:about\s+|around\s+|~\s?)?\d+|\d+[\s-]?(?:person|people|member|employee|seat|user|rep|agent|developer|dev|engineer|salespeople|sales\s+reps?)s?)\b/gi

/** Negation directly before a cue, at most two words back and never across punctuation. */
export const NEGATION_BEFORE = new RegExp(
  `(?:\\b(?:not|never|no|nor|without|hardly|barely|stopped|(?:do|does|did|is|are|was|were|wo|ca|could|would|should|have|has|had|ai)n${A}t|cannot)\\s+(?:[\\w’']+\\s+){0,2})$`,
  'i',
)

/** Words that can follow "switching from", "alternative to" etc. without naming a product. */
export const GENERIC_NAMES: ReadonlySet<string> = new Set(
  ('a an the it this that these those them they one ones my our your their his her its me us you him what which ' +
    'something anything everything nothing some any all another other others here there now then today ' +
    'tool tools app apps software platform platforms service services solution solutions product products system ' +
    'systems provider providers vendor vendors company companies subscription subscriptions account accounts plan plans ' +
    'contract membership job jobs work home place stuff thing things way ways option options version current old ' +
    'existing legacy new free paid cheap expensive manual manually paper email emails spreadsheet spreadsheets excel ' +
    'sheet sheets hand habit phone phones laptop computer internet wifi bank job doing using trying being having ' +
    'so too very really just still even also not yes no ok okay please thanks thank lol omg and or but if for with')
    .split(' '),
)

/**
 * Capitalised words that start sentences or carry no product name; a capitalised word outside this set, an @handle
 * or a dotted/CamelCase token next to a complaint is taken as a product name.
 */
export const COMMON_CAPS: ReadonlySet<string> = new Set(
  ('i im ive id ill the this that these those it its my our your we you they he she his her their a an and but or so ' +
    'if when why what how where who which just still again really seriously ugh wow omg lol wtf smh ok okay hey hi ' +
    'hello thanks thank please sorry yes no not never always today yesterday tomorrow tonight now then also even ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august ' +
    'september october november december is are was were be been do does did can could would should will wont cant ' +
    'dont doesnt isnt didnt there here all every everything nothing something anyone someone everyone nobody after ' +
    'before since because while as at on in of for to from with by about into over under guys folks team customer ' +
    'service support help dear update edit ps tbh imo fyi btw')
    .split(' '),
)

/** Words that carry no topical signal when matching ICP profiles. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  ('a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he her here ' +
    'hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other ' +
    'our ours out over own same she should so some such than that the their theirs them then there these they this ' +
    'those through to too under until up very was we were what when where which while who whom why will with would ' +
    'you your yours yourself im ive id ill dont cant wont isnt doesnt didnt get got gets getting make makes made use ' +
    'used uses using need needs want wants like looking look find help new good best better one two lot lots thing ' +
    'things really still even much many any anyone someone something every everyone people way ways know think going ' +
    'go way day time year years today also etc via per yes ok okay thanks please who whose us let lets want http https www com')
    .split(' '),
)
