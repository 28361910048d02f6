import { A, type Cue, cue, type SwitchCue, sw, swBehind } from './cue'

/**
 * What a customer needs from a company that let them down is a remedy, not a purchase: "I need a refund", "we want
 * an answer" are complaints (rules/complaint.ts), so the need cues below stop before these words.
 */
const NOT_A_REMEDY = `(?!\\s+(?:full\\s+|proper\\s+|real\\s+)?(?:refund|replacement|response|reply|answer|explanation|apology|update|call\\s*back|engineer|technician|manager|supervisor|human|resolution|compensation|credit)s?\\b)`

/** Buying intent: the writer wants to acquire, adopt or pay for something. */
export const ACTIVE_CUES: readonly Cue[] = [
  cue(
    `\\b(?:any|got any|some|need|want|would love|looking for|open to)\\s+(?:good\\s+|solid\\s+)?(?:recommendations?|recs|suggestions?)(?:\\s+(?:for|on))?\\b`,
    'asks for recommendations',
    2,
  ),
  cue(
    `\\b(?:can|could|would)\\s+(?:any\\s*one|some\\s*one|you(?:\\s+guys)?|y${A}all)\\s+(?:recommend|suggest)\\b`,
    'asks for recommendations',
    2,
  ),
  cue(`\\b(?:recommend|suggest)\\s+(?:me\\s+)?(?:a|an|any|some|a\\s+good)\\s+\\w+`, 'asks for recommendations', 1.5),
  cue(
    `\\b(?:looking|searching|hunting|shopping(?:\\s+around)?)\\s+for\\s+(?:a|an|some|new|the\\s+best|good|better|recommendations|options|tools?|software|solutions?|an?\\s+alternative)\\b`,
    'is looking for a solution',
    2,
  ),
  cue(`\\bin\\s+the\\s+market\\s+for\\b`, 'is in the market', 2),
  cue(`\\b(?:looking|planning|ready|about)\\s+to\\s+(?:buy|purchase|procure|license)\\b`, 'is about to buy', 2),
  // Also the business, not the writer, in need of a tool: "Our Shopify store needs an email marketing tool".
  cue(
    `\\b(?:(?:we|i|my\\s+team|our\\s+team|our\\s+company)\\s+(?:really\\s+|urgently\\s+|desperately\\s+|badly\\s+)?(?:need|needs|want|require|requires)\\s+(?:a|an|some|new|better|a\\s+new|a\\s+better|to\\s+(?:find|buy|replace|switch))\\b${NOT_A_REMEDY}|(?:our|my)\\s+(?:[\\w-]+\\s+){1,2}?needs?\\s+(?:a|an|some|a\\s+new|a\\s+better)\\s+(?:[\\w-]+\\s+){0,3}?(?:tool|app|software|platform|solution|system|service|plugin|provider|vendor)s?\\b)`,
    'states a need',
    1.5,
  ),
  cue(
    `\\b(?:what|which)${A}?s?\\s+(?:is\\s+|are\\s+)?(?:the\\s+)?(?:best|good|your\\s+favou?rite|a\\s+good|the\\s+cheapest|the\\s+easiest)\\s+(?!(?:way|ways|practice|practices|approach|pattern|time|place)\\b)\\w+(?:\\s+\\w+)?\\s+(?:for|to)\\b`,
    'asks which product is best',
    1.5,
  ),
  cue(
    `\\bwhat\\s+(?:do|does|are)\\s+(?:you|people|y${A}all|folks|everyone)\\s+(?:guys\\s+)?(?:use|using|recommend)\\b`,
    'asks what others use',
    1.5,
  ),
  cue(`\\b(?:budget|budgeted)\\s+(?:for|of|is|around|about)\\b`, 'mentions a budget', 2),
  cue(`\\b(?:willing|happy|ready|prepared)\\s+to\\s+(?:pay|spend|invest)\\b`, 'is willing to pay', 2),
  cue(
    `\\b(?:i|we)${A}?d\\s+(?:gladly\\s+|happily\\s+)?(?:pay|buy|subscribe)\\b|\\bwould\\s+(?:gladly\\s+|happily\\s+)?(?:pay|buy|subscribe)\\b`,
    'would pay',
    1.5,
  ),
  cue(`\\balternatives?\\s+(?:to|for)\\b|\\breplacement\\s+for\\b`, 'asks for alternatives', 1.5),
  cue(
    `\\b(?:evaluating|comparing|shortlisting|trialing|trialling|piloting|vetting)\\s+(?:a\\s+few\\s+|some\\s+|several\\s+|different\\s+)?\\w+`,
    'is evaluating options',
    1.5,
  ),
  cue(
    `\\b(?:want|wanna|going|gonna|plan|planning|about|ready|need|needs|have|hoping|thinking\\s+about|thinking\\s+of|considering|decided|deciding)\\s+(?:to\\s+)?(?:buy|purchase|order|pre-?order|upgrade\\s+to|subscribe\\s+to|sign\\s+up\\s+for|get\\s+(?:a|an|the|my|me|myself|new)|buying|purchasing|getting|ordering)\\b`,
    'plans to buy',
    2,
  ),
  cue(
    `\\b(?:should|do|can|where\\s+can|where\\s+do)\\s+(?:i|we)\\s+(?:just\\s+)?(?:buy|get|order|purchase|pay\\s+for|go\\s+with|sign\\s+up\\s+for)\\b|\\bworth\\s+(?:buying|the\\s+(?:money|price|upgrade))\\b`,
    'weighs a purchase',
    1.5,
  ),
  // A past purchase ("just bought") is not a lead any more; a pre-order still is.
  cue(`\\bpre-?order(?:ed|ing)?\\b|\\btake\\s+my\\s+money\\b`, 'is buying', 1.5),
  cue(
    `\\b(?:i|we|i${A}d|we${A}d)\\s+(?:really\\s+|so\\s+|just\\s+|still\\s+|definitely\\s+)?(?:want|wanna|need|would\\s+like|like|love|wish\\s+(?:i|we)\\s+(?:could|had|can))\\s+(?:to\\s+)?(?:buy|get|purchase|order|own|grab)\\s+(?:a|an|the|that|this|one|some|new|it|them)\\b`,
    'wants to buy',
    1.5,
  ),
  cue(
    `\\b(?:i|we)\\s+(?:really\\s+|so\\s+|just\\s+|still\\s+)?(?:want|need)\\s+(?:a|an|the|that|this)\\b${NOT_A_REMEDY}\\s+(?:new\\s+)?\\w+`,
    'wants one',
    1.5,
  ),
  // Weak on its own ("buy low, sell high"); it only tips a post over the line together with another cue.
  cue(`\\b(?:buy|buying|purchase|purchasing|get\\s+my\\s+hands\\s+on|upgrade\\s+to)\\b`, 'talks about buying', 0.5),
  cue(
    `\\b(?:will|ll|might|may|must|gotta|ima|i${A}ma|finally|definitely)\\s+(?:go\\s+|just\\s+|probably\\s+|be\\s+)?(?:buy|buying|purchase|purchasing|order|ordering|upgrade|upgrading)\\b`,
    'plans to buy',
    1.5,
  ),
  cue(
    `\\bcan${A}t\\s+wait\\s+(?:to|till|until)\\s+(?:i\\s+)?(?:get|buy|order|have|try)\\b`,
    'cannot wait to buy',
    1.5,
    false,
  ),
  cue(
    `\\b(?:book(?:ing|ed)?|request(?:ing|ed)?|get|schedul(?:e|ed|ing)|set\\s+up|want)\\s+(?:a\\s+|a\\s+few\\s+|some\\s+)?(?:demo|quote|trial|free\\s+trial)s?\\b|\\b(?:get|want|request)\\s+pricing\\b|\\bsend\\s+(?:me\\s+)?(?:a\\s+)?(?:quote|pricing)\\b`,
    'asks for a demo, trial or quote',
    1.5,
  ),
  cue(
    `\\bwho\\s+(?:sells|offers|provides|makes|builds)\\b|\\b(?:any|a)\\s+(?:vendor|provider|agency|consultant|freelancer)s?\\s+(?:for|that|who)\\b`,
    'looks for a vendor',
    1.5,
  ),
  cue(
    `\\b(?:is\\s+there|are\\s+there|know\\s+of)\\s+(?:a|an|any)\\s+(?:good\\s+|decent\\s+|cheap\\s+|simple\\s+|free\\s+)?(?:tool|app|software|service|platform|product|solution|saas|plugin|extension|library)s?\\b`,
    'asks whether a product exists',
    1.5,
  ),
]

/**
 * Switching frames. Group 1 is the product being left or compared against; index.ts decides whether it is a rival,
 * ours, or a generic word ("switching from spreadsheets" still shows buying intent, just without a named rival).
 */
// The look-behind makes a name start only at the start of a word: without it a 20,000-character run of letters is
// rescanned from every position (quadratic time), which an HTTP endpoint cannot afford.
const NAME = `(?<![\\w@#&+.-])(?:the\\s+|our\\s+|my\\s+|their\\s+)?(?:current\\s+|old\\s+|existing\\s+|legacy\\s+)?([@#]?[a-z0-9][a-z0-9&+_-]*(?:\\.(?:com|io|ai|co|app|so|net))?)`
export const SWITCH_CUES: readonly SwitchCue[] = [
  sw(
    `\\b(?:switch(?:ing|ed)?|migrat(?:e|ing|ed)|transition(?:ing|ed)?)\\s+(?:away\\s+)?from\\s+${NAME}`,
    'is switching away',
    2,
    'switch',
  ),
  sw(`\\bmov(?:e|ing|ed)\\s+(?:away\\s+from|off(?:\\s+of)?)\\s+${NAME}`, 'is switching away', 2, 'switch', true),
  // "moving our support team over from Front": the words between say what moves.
  sw(
    `\\b(?:mov|switch|migrat)(?:e|es|ed|ing)?\\s+(?:\\S+\\s+){0,4}?over\\s+from\\s+${NAME}`,
    'is switching away',
    2,
    'switch',
    true,
  ),
  sw(`\\balternatives?\\s+(?:to|for)\\s+${NAME}`, 'wants an alternative', 2, 'switch'),
  swBehind(`${NAME}\\s+`, `alternatives?\\b`, 'wants an alternative', 1.5, 'switch'),
  sw(
    `\\b(?:replac(?:e|ed|ing)|ditch(?:ed|ing)?|dump(?:ed|ing)?|cancel(?:l?ed|l?ing)?|get\\s+rid\\s+of|got\\s+rid\\s+of|done\\s+with)\\s+${NAME}`,
    'wants to replace a product',
    1.5,
    'switch',
    true,
  ),
  swBehind(
    `${NAME}\\s+(?:is|are|got|has\\s+gotten|became|just\\s+got)\\s+(?:way\\s+|so\\s+|too\\s+|far\\s+too\\s+|really\\s+|ridiculously\\s+|insanely\\s+)*`,
    `(?:expensive|overpriced|pricey|costly)\\b`,
    'says a product is too expensive',
    2,
    'price',
  ),
  // "HubSpot quoted us way over budget": the price a vendor asked, said to be more than the writer can pay.
  swBehind(
    `${NAME}\\s+(?:quoted|charged|charges|wanted|wants)\\s+(?:us|me)\\s+(?:way\\s+|far\\s+|well\\s+|much\\s+)?`,
    `(?:over|above|beyond|more\\s+than)\\s+(?:our\\s+|my\\s+|the\\s+)?budget\\b`,
    'says a product is too expensive',
    2,
    'price',
  ),
  sw(
    `\\b(?:better|cheaper|faster|easier|simpler)\\s+than\\s+${NAME}`,
    'compares against a product',
    1.5,
    'compare',
    true,
  ),
  sw(`\\binstead\\s+of\\s+${NAME}`, 'compares against a product', 1, 'compare', true),
  swBehind(`${NAME}\\s+`, `(?:vs\\.?|versus)\\s+`, 'compares products', 1, 'choose', true),
]
