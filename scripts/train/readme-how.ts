/**
 * How the training corpus was made: the prose of data/training/README.md, which `readme.ts` completes with counts
 * taken from the rows. A file added to the corpus gets its lines here.
 */
export const HOW = `# The training corpus

Posts written to train a learned model of the embedded scorer (docs/scoring.md#the-training-corpus), one JSON object a line, in
the row format of the evaluation's intents set: \`id\`, \`platform\`, \`keyword\` (the term a seller tracks, present in
the post), \`icp\` (what the seller sells, to whom), \`competitors\` (0-3 real products of that market), \`content\`,
\`label\` (ACTIVE, COMPETITOR, PAIN, QUESTION, MENTION or NONE, from a seller's point of view), \`lang\` and \`market\`.

## How it was made

- Written post by post by the project's writing sessions, each for a share of the markets (one prefix of file names
  each: PREFIXES), from the label definitions of docs/scoring.md#intents and a shared brief: vary length, tone, structure,
  platform conventions, typos, slang, emojis, code, prices and team sizes; invent people, companies and incidents;
  about a third of the rows boundary cases (the keyword in another sense, answers to someone else's buying question,
  vendors posing as askers, job posts, sarcasm, indirect pain, a purchase hidden in a question, a need that appears
  late in a long post, very short posts).
- Never from evaluation data: no file of the evaluation data or of \`scripts/eval/sample\` was opened while writing,
  and a test (test/scripts/train-corpus.test.ts) fails when a post shares a run of 8 words with either.
- No template script: a script only checked the rows' format. Product names may be real (competitors are real
  products); people, companies, incidents and prices are invented.
- \`customer-profiles.json\` holds, for each market (in lower case), one or two ideal-customer profiles phrased as a
  team fills in a profile's name and description: who its customers are, their size or role, what they need, the
  product category named in some and not in others ("Operations leads at DTC brands shipping 300+ orders a day").
  Cross-validation also scores each post with one of them as the team's profile, without competitors: the rows'
  \`icp\` says what the seller sells, and teams describe their customers as often. Training does not use them (it
  loosened the off-topic gate, docs/performance.md#the-embedded-model). Written from the market names and the label
  definitions only; the overlap test checks their descriptions as it checks the posts.
- \`m-short-posts.jsonl\` holds posts of 5-20 words, four in five of them buyers: the other files' posts under 15
  words were nearly all off topic, and the model had learned that a short post is off topic.
- \`n-hard-cases.jsonl\` holds hard cases for the off-topic gate, in all the markets: posts that use the seller's
  keyword in another sense or in a private person's life while asking, complaining or shopping (NONE), and owners
  and staff of small businesses who write about their work in a personal voice while needing, complaining about or
  leaving a product of the seller's category (buyers), with short plain buyers beside them. Held-out markets'
  off-topic posts that asked or complained were still qualified: the model had learned that asking and pain mean a
  buyer; with the off-topic posts alone, short plain buyers were read as off topic.
- The files of prefixes \`k-\`, \`l-\` and \`o-\` to \`z-\` hold markets of their own, four to a writing session, 70
  posts each in the same shares of labels (NONE 14, ACTIVE 12, 11 of each other label), with the customer profiles of
  those markets. They were written after the first model was trained, by other sessions, and kept out of training to
  measure how the model reads posts of markets nobody thought of while writing the rest. Those of \`v-\`, \`x-\` and
  \`z-\` (12 markets) still are, listed in \`held-out-markets.txt\` (\`npm run train -- --cv\` records the figures,
  docs/scoring.md#the-training-corpus); the others are trained on since the model of 2026-11-29.
  \`sp-short-posts.jsonl\` adds six posts of 5-20 words to 44 of them, four in six plain buyers, as
  \`m-short-posts.jsonl\` does for the others: a model trained on those markets without them read short buyers with
  the keyword alone as questions.
- \`la-look-alikes.jsonl\`, \`lb-short-buyers.jsonl\`, \`lc-work-leads.jsonl\` and \`lt-look-alikes-test.jsonl\` were
  written by other sessions again, eight posts or so a market; the first three are trained on, the fourth is a test
  set, listed in \`held-out-files.txt\` and kept out of training. The first holds posts that read like leads and are
  off topic for the seller: the keyword in another sense, or a private person complaining, stuck or shopping in their
  own life, in urgent words (NONE), with owners and staff writing about their work in the same voice (PAIN,
  COMPETITOR, ACTIVE). The second and third hold short plain buyers and work leads in the words the first's private
  shoppers use ("can anyone recommend", "asap", "for my"): the first alone taught a model to doubt them. The fourth
  holds the three kinds in 24 markets, 12 of them held-out markets, by writers whose posts are in no other file:
  \`npm run train -- --cv\` records how the model reads the held-out files.
- \`ld-private-users.jsonl\` and \`le-angry-customers.jsonl\`, trained on, hold two more kinds of post
  that read like leads and are off topic, in the 92 markets of no test set: a private person using, paying for or
  complaining about a product of the seller's market for their own life (a wedding website, a family booking, a
  hobby), and a customer, patient, guest or tenant complaining about a business of the kind the seller sells to. Beside
  them are owners and staff in the same voice: a rival named at work (COMPETITOR), the same failure in their own
  business (PAIN), or a need (ACTIVE). \`lf-home-businesses.jsonl\` holds leads in 46 of those markets written in
  private life's words: businesses run from a home, garage, kitchen or van asking, complaining or naming a rival (a
  model trained on the two files before it read such a buyer as off topic). \`lg-home-businesses-2.jsonl\` holds the
  same kinds of lead in the other 46 markets, by another writer, and is kept out of training (\`held-out-files.txt\`):
  it measures whether what the first taught carries over to markets it did not cover.
- \`lu-look-alikes-test-2.jsonl\` and \`lv-look-alikes-test-3.jsonl\` are test sets in the fourth file's 24 markets,
  by writers of no other file, each market's ten posts in one order: six off topic (the keyword in another sense, a
  consumer product of the same name, a private shopper, a job seeker or fan, a private user of a rival, an angry
  customer of the seller's kind of customer), then an ACTIVE, a COMPETITOR, a PAIN and a short plain buyer.
  \`lw-look-alikes-test-4.jsonl\` holds 200 posts of the same design in 20 markets of no other file (pest control,
  business broadband, office coffee, stock photos, cargo bikes, ...), 40 of them in German, Spanish, French or
  Italian, by two writers of no other file: written after the model was chosen, it measures what choosing it on the
  test sets before did not fit to. \`lx-new-markets.jsonl\` holds 398 posts in 40 more markets of no other file
  (laundry, HVAC, fire safety, returns, PIM, board portals, cap tables, kitchen displays, LIMS, racking, RPA, ...),
  ten a market: four off topic (the keyword in another sense, a private person's own life, an angry customer or a job
  seeker, a consumer product of the same name), two ACTIVE, a COMPETITOR, a PAIN, a QUESTION and a MENTION, 40 of
  them in Dutch, Portuguese, German or Polish (two more, which the overlap check found, were dropped before the file
  was added). Written for the next candidate model to train on, it is kept out of training until that model has been
  measured. \`lk-short-buyers-new-markets.jsonl\` holds 200 short buyers in English in the same 40 markets (three
  ACTIVE, a COMPETITOR and a PAIN a market, each under 15 words), by four writers of no other file, for the same
  candidate: a model trained on \`lx-\` alone read a short plain buyer asked about without a keyword as off topic.
- \`ly-other-languages.jsonl\`, \`ls-short-buyers-languages.jsonl\` and \`lz-other-languages-test.jsonl\` hold posts in
  other languages, each in markets of no other file, by writers of no other file; the writers opened only their brief
  and their own file. The first holds 400 posts in 40 markets, each market's ten in one of ten languages (German,
  Dutch, Spanish, Portuguese, French, Italian, Polish, Swedish, Turkish, Japanese): five off-topic look-alikes (the
  keyword as a name, a place or a cry; a private person shopping or complaining; an angry customer of the seller's
  customers; a student, fan or job seeker; news and sport) and five on topic. The second holds 200 short buyers
  (under 15 words) in the same markets, three in the market's language and two in English a market. Both are listed
  in \`other-languages-files.txt\`: they train only the weights that answer posts in other languages
  (docs/scoring.md#the-embedded-model). The third, 200 posts of the first's design in 20 more markets, is a test set,
  kept out of training.
- \`lj-look-alikes-new-markets.jsonl\` and \`lq-other-languages-2.jsonl\` are test sets, kept out of training, each in 40
  markets of no other file (court reporting, car washes, marinas, CPQ, e-discovery, secrets management, ...; menu
  printing, pharmacy robots, tachographs, ski rental, freight forwarding, taxi dispatch, ...), each by four writers of
  no other file. The first holds 200 posts in English, five a market: three off-topic look-alikes (the keyword in
  another sense; a private person shopping, using or complaining in a buyer's words; an angry customer of the
  seller's customers, a job seeker or a student), an ACTIVE (short in half of the markets), and a PAIN or COMPETITOR
  by the owner of a tiny business in a personal voice. The second holds 240 posts, each market's six in one of the ten
  languages above: three off-topic look-alikes of the same kinds, a short and a longer ACTIVE, a PAIN or COMPETITOR.
  Two candidate models trained on them, one each, and neither was kept (docs/performance.md).
- \`lr-owners-other-languages.jsonl\` and \`lo-owners-other-languages-test.jsonl\` hold posts in nine of those
  languages (not Japanese) by owners and teams who complain about the tool they use at work and ask the crowd for
  another, beside customers and private persons asking in the same voice: per market a COMPETITOR (the tool named), an
  ACTIVE (not named), a short "does anyone know a good one for our shop" ACTIVE, an owner's PAIN, a customer
  complaining about a business's system and a private person asking for home (both NONE). Three writers of no other
  file wrote them, each market in one language. The first, 240 posts in 40 markets (opticians, campsites, florists,
  kennels, nursing homes, ...), trains the weights for other languages (\`other-languages-files.txt\`); the second,
  120 posts in 20 more (costume rental, ferries, climbing gyms, cemeteries, ...), is a test set.
  \`ln-owners-other-languages-test-2.jsonl\`, 120 posts of the same design in 20 more markets (tanning studios, petrol
  stations, bridal shops, ice rinks, ...) by a fourth writer of no other file, is a second test set, written after the
  model that trained on the first was chosen.
- \`lm-japanese-test.jsonl\` is a test set in Japanese: 120 posts in 20 markets typical of Japan and of no other file
  (bathhouses, tatami makers, pet hotels, mahjong parlours, ...), by a writer of no other file, six a market: an
  ACTIVE, a short ACTIVE, a COMPETITOR or PAIN, and three off-topic look-alikes (the keyword in another sense; a
  private person shopping in a buyer's words; a student, job seeker or angry customer).
  \`lh-japanese-test-2.jsonl\`, 120 posts of the same design in 20 more markets by another writer, is a second.
- \`ll-unseen-languages-test.jsonl\` is a test set in ten languages no file held before it (Chinese, Korean, Russian,
  Arabic, Hindi, Indonesian, Vietnamese, Thai, Czech, Romanian): 240 posts in 40 markets of no other file (WeChat
  mini-programs, Umrah travel agencies, rice mills, shrimp pond sensors, ...), by two writers of no other file, six a
  market in one of the languages: an ACTIVE, a short ACTIVE, a COMPETITOR or PAIN, and three off-topic look-alikes.
  \`li-ten-languages.jsonl\` holds 474 posts in the same ten languages, in 80 more markets of no other file (hotel
  delivery robots, EGAIS accounting for bars, kirana credit ledgers, Quran memorization centres, ...), by two writers
  of no other file, six a market in one of the languages: two ACTIVE, a COMPETITOR or PAIN, a QUESTION or MENTION, and
  two off-topic look-alikes (six were dropped: their market was also a test writer's). It trains only the weights for
  other languages (\`other-languages-files.txt\`). \`lp-ten-languages-test.jsonl\`, 480 posts of \`ll-\`'s design in 80
  more markets by two more writers of no other file, written before any model trained on these languages, is a test
  set.
- \`ma-\`, \`mb-\`, \`mc-\` and \`md-\` hold 828 more posts in those ten languages, of \`li-\`'s design, in 138 markets of
  no other file (shops and food; industry, farms and transport; health, schools and offices; tech, finance and online
  sellers), by four writers of no other file; they train only the weights for other languages. A fifth writer wrote
  \`me-ten-languages-test.jsonl\` at the same time, 240 posts of \`ll-\`'s design in 40 markets, a test set; the 22
  markets it shared with the four were dropped from theirs.
- \`ja-\`, \`jb-\`, \`jc-\` and \`jd-\` hold 960 posts in Japanese in 160 markets of no other file, by five writers of no
  other file: people at work in companies, sole proprietors and small shops, developers and IT (40 markets each; two
  ACTIVE, a COMPETITOR, a PAIN, a QUESTION or MENTION and an off-topic post a market), and markets typical of Japan
  (an ACTIVE, a short ACTIVE, a COMPETITOR or PAIN and three off-topic look-alikes a market). Listed in
  \`other-scripts-files.txt\`, they train only the weights that answer posts in Japanese and other scripts.
- \`mf-\`, \`mg-\`, \`mh-\` and \`mi-\` hold 864 posts in the six languages the model read worst (Chinese, Korean, Thai,
  Arabic, Russian and Czech), 144 each, in 144 markets of no other file (shops and food; industry and logistics;
  clinics, schools and offices; online and software), of \`li-\`'s design, by four writers of no other file. Listed in
  \`other-scripts-files.txt\`, they train only the weights for Japanese and other scripts, which answer a post with
  more characters of another script than letters of Latin words; the Czech posts, in Latin letters, only add to what
  that set knows.
- \`nf-\` to \`nr-\` hold 1,748 posts in English whose only word of the seller's market is a one-word keyword, in 166
  markets of no other file (software companies buy, vertical software, bought services), by eleven writers of no
  other file: short buyers, questions and mentions ("recommend me a SIEM please", "our PSA is a disaster"; \`nf-\`,
  \`ng-\`, \`nk-\` to \`nm-\`, \`ni-\` and \`nj-\`), a private person's own life told with the keyword (NONE;
  \`no-\`, \`np-\`) and owners and workers telling a trouble of their work in the same everyday voice (PAIN; \`nq-\`,
  \`nr-\`). The model had read such a buying post as off topic: its only tie to the profile is the keyword. Their
  briefs, the test set \`nh-\` and the NONE posts left out are in data/candidates/keyword-only/.
- \`ns-\` and \`nt-\` hold 580 posts in the 116 markets of \`customer-profiles.json\` not held out, by two writers of no
  other file: four a market by a vendor, agency or freelancer of the market offering its own product or service
  (MENTION: an ad dressed as a pain or a question, a vendor posing as an asker, a pitch in a reply to a buyer, an
  offer of slots or a discount, a freelancer's self-promotion, a vendor recruiting sellers or partners, a customer
  story or bait for a rival's users), and a buyer who uses a vendor's words ("vendors, DM me pricing", "hiring an
  agency for it"). One post in six is in another language. The model had read many such offers as leads ("Need a
  pentest before your audit? We are a boutique firm, reply for a quote"). \`nu-vendor-offers-test.jsonl\`, 150 posts
  of the same design in 30 markets of no other file (three offers and two buyers a market) by a third writer, is a
  test set.
- \`nv-\`, \`nw-\`, \`ny-\` and \`nz-\` hold 776 posts in the same 116 markets, by four writers of no other file and
  four more: users of the market's kind of product who need nothing, telling a win or a milestone with numbers, a year
  looked back on, thanks, a busy day that went fine, advice or an incident resolved (MENTION; each market's first two,
  and every other one written in another language), beside owners and teams in the same voice with a problem still there
  or growth that ends in buying (two PAIN, an ACTIVE and a COMPETITOR a market). The model had read a user's win as a
  lead ("Our support team closed 10,000 tickets in the helpdesk this year", PAIN 6.2). \`nx-user-wins-test.jsonl\`, 150
  posts of the same design in 30 markets of no other file (three wins and two buyers a market) by a fifth writer, is a
  test set. The briefs, the markets and the 384 posts of the same writers not trained on are in
  data/candidates/user-wins/.
- This file is written by \`bun scripts/train/readme.ts\` from the rows; a test fails when it is out of date.
`
