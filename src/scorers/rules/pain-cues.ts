import { A, type Cue, cue } from './cue'

/** Complaint or frustration: the writer's expectations of a product or service were breached. */
export const PAIN_CUES: readonly Cue[] = [
  cue(`\\b(?:hate|hates|hated|loathe|despise)\\b`, 'expresses hate', 2),
  cue(`\\bcan${A}t\\s+stand\\b`, 'expresses hate', 2, false),
  cue(
    `\\b(?:fed\\s+up|sick\\s+(?:and\\s+tired\\s+)?of|tired\\s+of|had\\s+enough|done\\s+with|last\\s+straw)\\b`,
    'is fed up',
    2,
  ),
  cue(
    `\\b(?:frustrat\\w*|annoy(?:ed|ing|s)?|infuriat\\w*|irritat\\w*|aggravat\\w*|exasperat\\w*|furious|livid|pissed)\\b`,
    'is frustrated',
    2,
  ),
  cue(
    `\\b(?:so|too|very|painfully|ridiculously|insanely|super)\\s+(?:slow|laggy|buggy|clunky|expensive|confusing|complicated|unreliable)\\b`,
    'says it is slow, buggy or costly',
    2,
  ),
  // "I'm broke" is about money, not a breakage.
  cue(
    `\\b(?:broken|(?<!\\b(?:i${A}m|im|i\\s+am|we${A}re|so|too|be|being|always|stay|go|going|went|flat|dead)\\s+)broke|breaks|buggy|bugged|stop(?:s|ped)\\s+(?:working|responding|loading|syncing)|(?:coming|falling)\\s+apart|turns\\s+(?:itself\\s+)?off|dead\\s+on\\s+arrival|glitch(?:y|es|ing)?|crash(?:es|ed|ing)?|freez(?:es|ing)|froze|laggy|outage|is\\s+down|went\\s+down|goes\\s+down|down\\s+again)\\b`,
    'reports something broken or down',
    2,
  ),
  cue(`\\bnever\\s+(?:worked|works|work)\\b`, 'reports something broken or down', 2, false),
  cue(
    `\\bnever\\s+(?:\\w+\\s+){1,5}again\\b|\\bshame\\s+on\\b|\\bwhat\\s+gives\\b|\\bget\\s+(?:your|their)\\s+act\\s+together\\b|\\bruin(?:ed|s|ing)?\\b`,
    'vents',
    1.5,
    false,
  ),
  cue(
    `\\b(?:waiting|wait)\\s+(?:on|for)\\s+(?:a\\s+)?(?:call\\s*back|reply|response|refund|answer)|\\bno\\s+call\\s*back\\b|\\bon\\s+hold\\b|\\bnot\\s+(?:showing|loading|showing\\s+up|updating|arriving)\\b`,
    'is still waiting',
    1,
    false,
  ),
  cue(
    `\\b(?:doesn${A}t|does\\s+not|don${A}t|do\\s+not|won${A}t|will\\s+not|isn${A}t|is\\s+not|can${A}t|cannot|couldn${A}t|didn${A}t|not)\\s+(?:even\\s+|seem\\s+to\\s+|always\\s+|ever\\s+)?(?:work|working|load|loading|connect|sync|open|start|respond|responding|help|helping|arrive|arrived|deliver|charge|log\\s+(?:me\\s+)?in|let\\s+me)\\b`,
    'says it does not work',
    2,
    false,
  ),
  cue(
    `\\b(?:waste[sd]?|wasting|lost|losing)\\s+(?:so\\s+much\\s+|hours|days|weeks|my\\s+(?:time|money|day)|an?\\s+(?:hour|day|week)|time|\\d+\\s*(?:hours|hrs|mins|minutes|days))`,
    'wastes time or money',
    1.5,
  ),
  cue(
    `\\b(?:still|been)\\s+(?:waiting|no\\s+(?:reply|response|word|refund|update)|not\\s+(?:received|fixed|resolved|working|here|arrived))\\b|\\b(?:never|not\\s+yet)\\s+(?:arrived|received|came|got\\s+(?:a|my|an|any)|showed\\s+up|delivered|responded|replied)\\b`,
    'is still waiting',
    2,
    false,
  ),
  cue(
    `\\b(?:no\\s+(?:one|body)\\s+(?:has\\s+)?(?:replied|responded|answered|helped|got\\s+back)|no\\s+(?:reply|response|answer|help|refund)\\b|(?:on\\s+hold|waiting)\\s+for\\s+(?:over\\s+|more\\s+than\\s+)?(?:an?\\s+|\\d+\\s*)(?:hour|hr|min|day|week))`,
    'got no response',
    2,
    false,
  ),
  cue(
    `\\b(?:terrible|horrible|awful|appalling|atrocious|dreadful|pathetic|disgusting|useless|worthless|unacceptable|ridiculous|shocking|disgraceful|abysmal|incompetent|unprofessional|worst|shittiest|garbage|trash|crap|crappy|shitty|sucks?|sucked|joke|scam|rip-?off|hostage|ransom|extortion\\w*|rubbish|nightmare|disaster|shambles)\\b`,
    'uses strong negative words',
    1.5,
  ),
  cue(`\\b(?:disappoint\\w*|let\\s+down|upset|unhappy|dissatisfied|fuming|gutted|angry)\\b`, 'is disappointed', 1.5),
  cue(
    `\\b(?:not|never)\\s+(?:happy|impressed|pleased|satisfied|good\\s+enough|acceptable|okay|ok|fair|cool|right|fixed|resolved|received|delivered|refunded|even)\\b|\\b(?:still|yet\\s+to)\\s+(?:haven${A}t|hasn${A}t|have\\s+not|has\\s+not|not|no|receive|hear|get)\\b|\\bhaven${A}t\\s+(?:received|heard|got|gotten)\\b`,
    'is not happy',
    1.5,
    false,
  ),
  cue(
    `\\b(?:overcharg\\w*|charged\\s+(?:me\\s+)?(?:twice|double|again|for\\s+nothing)|double\\s+charged|hidden\\s+fees?|price\\s+(?:hike|increase))\\b`,
    'was overcharged',
    2,
  ),
  // "Missing you" and "missing out" are no missing parcel.
  cue(
    `\\b(?:cancel(?:led|ed)|delayed|late\\s+again|lost\\s+(?:my|our)|damaged|missing(?!\\s+(?:you|u|him|her|them|us|home|out)\\b)|wrong\\s+(?:item|order|size)|refund|recalls?|complain\\w*|complaint)\\b`,
    'reports a service failure',
    1,
  ),
  cue(
    `\\b(?:keeps?|kept)\\s+(?:crashing|freezing|failing|breaking|dropping|logging\\s+(?:me\\s+)?out|disconnecting|charging|sending|asking|happening)\\b|\\bagain\\s*[?!]|\\b(?:every\\s+(?:single\\s+)?time|yet\\s+again|once\\s+again)\\b`,
    'says it keeps happening',
    1.5,
  ),
  cue(
    `\\b(?:error|errors|fails?|failed|failing|failure|issue|issues|problem|problems|bug|bugs)\\b`,
    'reports a problem',
    1,
  ),
  cue(
    `\\bwhy\\s+(?:is|does|do|are|can${A}t|won${A}t|isn${A}t|doesn${A}t|on\\s+earth|the\\s+hell)\\b[^?.!\\n]{0,80}\\?`,
    'asks an exasperated why',
    1,
    false,
  ),
  cue(
    `\\b(?:ugh+|argh+|wtf|smh|ffs|seriously|come\\s+on|unbelievable|how\\s+hard\\s+is\\s+it|how\\s+many\\s+times)\\b`,
    'vents',
    1,
  ),
  cue(
    `\\b(?:unable\\s+to|impossible\\s+to|can${A}t\\s+(?:find|get|access|use|log|sign|seem|believe|stream|watch|play|download|install|update|order|pay|check\\s*out|see|reach)|won${A}t\\s+(?:let|accept|honou?r|refund|fix|stay|load)|refused|denied|rejected|invalid|unanswered)\\b`,
    'is blocked',
    1,
    false,
  ),
  cue(
    `\\b(?:are\\s+you\\s+(?:kidding|serious|joking)|what\\s+the\\s+(?:hell|heck|f\\w*)|last\\s+time\\s+i\\s+(?:buy|order|use|fly|shop)|never\\s+(?:again|buying|ordering|using|flying))\\b`,
    'vents',
    1.5,
    false,
  ),
  cue(
    `#\\w*(?:sucks|fail)\\b|#(?:badservice|poorservice|customerservicefail|nothappy|notimpressed|disappointed|worst\\w*|bad\\w*|poor\\w*|annoy\\w*|frustrat\\w*)\\b`,
    'complains in a hashtag',
    1.5,
    false,
  ),
  cue(
    `\\b(?:poor|bad|lousy|slow|rude|awful)\\s+(?:customer\\s+)?(?:service|support|quality|experience|product|delivery|communication|staff)\\b|\\b(?:expired|stale|rotten|mouldy|moldy|defective|faulty|ripped|torn|leaking|leaky|wrong)\\b`,
    'reports poor quality or service',
    1.5,
  ),
  cue(`\\b(?:pain\\s+in\\s+the|headache|a\\s+mess|such\\s+a\\s+pain|painful|tedious)\\b`, 'calls it painful', 1.5),
]

/** A question without buying language. Only decides the intent when no stronger cue fired. */
export const QUESTION_CUES: readonly Cue[] = [
  cue(
    `\\b(?:how|what|which|where|when|who|why)(?:${A}s|\\s+(?:do|does|did|can|could|should|would|is|are|was|to|much|many|long))\\b`,
    'asks how or what',
    1,
  ),
  cue(
    `\\b(?:does|has|did)\\s+any\\s*(?:one|body)\\b|\\bany\\s*(?:one|body)\\s+(?:know|tried|used|using|else|have)\\b`,
    'asks whether anyone knows',
    1.5,
  ),
  cue(
    `\\b(?:is|are)\\s+there\\s+(?:a|an|any)\\s+way\\b|\\bis\\s+it\\s+possible\\b|\\bcan\\s+(?:i|you|we)\\b`,
    'asks whether something is possible',
    1,
  ),
  cue(`\\?`, 'asks a question', 0.5, false),
]
