// What a reason says in plain words:
// - the embedded model's (scorers/model/answer.ts) names the profile matched before its evidence and quotes what the
//   rules read in the rest of its 500 characters (test/scorers/reason-budget.test.ts), whole when it fits; the words it
// says weighed most are words that say something
//   alone, not "we're", "can't" or "para", nor a German post's "uns" or a Vietnamese post's "với", nor a Japanese
//   sentence (evidence.ts); where the model finds a lead that the rules alone would call off topic, the reason says
//   that it is the rules' reading;
// - the rules' (scorers/rules/judge.ts, reason.ts): an amount of money is named apart from a phrase about a budget, a
//   word the post does not write as a name ("two alternatives") is quoted as its phrase rather than called a
//   competitor (rivals.ts), a product is named without its possessive, a phrase two cues found is quoted once, and a
//   phrase that starts or ends inside a word is quoted as the whole word ("don't", not "n't").
import { describe, expect, test } from 'bun:test'
import { scoreContent, scoreEmbedded } from '../../src/scorers/rules/index'

const founders = {
  name: 'B2B SaaS founders',
  description:
    'Founders and sales leads of small B2B SaaS companies who need a CRM, a sales pipeline and lead generation',
  competitors: [],
}

describe('reasons', () => {
  test("the rules' reading is quoted whole where it fits, after the profile the model's reason names", () => {
    const input = {
      content:
        'We are looking for a CRM for our 5-person B2B SaaS sales team. Any recommendations? Budget is around $200/month.',
      keyword: 'crm',
      icps: [founders],
    }
    const { reason } = scoreEmbedded(input)
    // The profile comes before the evidence, whole; the rules' reading does not name it again.
    expect(reason).toMatch(
      /^ACTIVE: wants to buy \(buyer \d+%, off topic \d+%\); matches ICP "B2B SaaS founders" \([a-z0-9, ]+\); weighed most: /,
    )
    const read = reason.slice(reason.indexOf('the rules read: ') + 'the rules read: '.length)
    // The rules' own reason, without its intent and profile: more than the 240 characters a reading was once cut to.
    const rules = scoreContent(input).reason
    expect(rules.length).toBeGreaterThan(240)
    expect(read).toBe(rules.slice(rules.indexOf(': ') + 2).replace(/; matches ICP "[^"]*" \([^)]*\)/, ''))
    expect(reason.length).toBeLessThanOrEqual(500)
    expect(reason).not.toContain('…')
    expect(reason.endsWith('.')).toBe(true)
    expect(read).not.toContain('matches ICP')
    // The budget phrase and the amount are two things the rules read, named apart.
    expect(read).toContain('mentions a budget ("Budget is")')
    expect(read).toContain('names an amount ("$200/month")')
  })

  test('a short reading of the rules is quoted whole and closed with a point', () => {
    const { reason } = scoreEmbedded({
      content: 'Need a tool to tag customer feedback from support tickets. Willing to pay for something that works.',
      keyword: 'customer feedback',
      icps: [],
    })
    expect(reason).toMatch(/the rules read: [^…]+[^.]\.$/)
  })

  test('a product is named as a competitor only where the post writes it as a name', () => {
    const agencies = [{ name: 'Agencies', description: 'Small marketing agencies who need a CRM', competitors: [] }]
    const read = (content: string) => scoreContent({ content, keyword: 'crm', icps: agencies })
    const words = read('Our CRM renewal is next month, so we are evaluating alternatives. Anyone moved recently?')
    const name = read(
      'Our CRM renewal is next month, so we are looking at Pipedrive alternatives. Anyone moved recently?',
    )
    // Both are about leaving a product; only the second names it.
    expect([words.intent, name.intent]).toEqual(['COMPETITOR', 'COMPETITOR'])
    expect(words.reason).toContain('wants an alternative ("evaluating alternatives")')
    // Two cues found that phrase; it is quoted once.
    expect(words.reason.split('"evaluating alternatives"').length).toBe(2)
    expect(words.reason).not.toContain('names a competitor')
    expect(name.reason).toContain('names a competitor "Pipedrive" ("Pipedrive alternatives")')
  })

  test('a product written with its possessive is named without it', () => {
    const { intent, reason } = scoreContent({
      content:
        "We run Acmeflow's scheduler for our crews and the sync is broken every Monday. Looking at other providers.",
      keyword: 'Acmeflow',
      icps: [],
    })
    expect(intent).toBe('COMPETITOR')
    expect(reason).toContain('complains about another product "Acmeflow" ("broken")')
  })

  test('the words the model says weighed most are not stop words, their contractions or little words of a language', () => {
    const support = [
      {
        name: 'Support teams',
        description: 'Support teams at small SaaS companies who need a helpdesk',
        competitors: [],
      },
    ]
    const weighed = (content: string) =>
      /weighed most: the words ([^;]*)/.exec(scoreEmbedded({ content, keyword: 'helpdesk', icps: support }).reason)?.[1]
    const posts = [
      "We're moving our helpdesk off Zendesk, the per-seat price doubled at renewal. What are teams using now?",
      "I'm drowning in tickets and it's only Tuesday. Our helpdesk can't keep up; we're losing customers.",
      'Buscamos un helpdesk para nuestro equipo de soporte, que sea fácil de usar y con buen precio. ¿Qué recomiendan?',
    ]
    const cited = posts.map(weighed)
    // Each names three words, none of them "we're", "i'm", "it's", "can't", "para" or "que" (which weighed before).
    for (const words of cited) expect(words?.split(', ')).toHaveLength(3)
    expect(cited.join(' ')).not.toMatch(/"(?:we're|i'm|it's|can't|para|que)"/)
    expect(cited[0]).toContain('"renewal"')
  })

  test('a cue found inside a word is quoted as the whole word', () => {
    // The negation cue matches from the "n" of "don't"; a reader is shown the word.
    const { reason } = scoreContent({
      content: "We spend 3 hours a week on this and I still don't see a way out.",
      icps: [],
    })
    expect(reason).toContain('uses a negation ("don\'t")')
    expect(reason).not.toContain('"n\'t"')
  })

  test('the words cited in a post of another language are not its quiet words, and a sentence without spaces is cited by its runs', () => {
    const shops = {
      name: 'Small shops',
      description: 'Small retail shops and cafés that need a point of sale system and card payments',
      competitors: ['SumUp'],
    }
    const german = scoreEmbedded({
      content:
        'Wir haben bei uns seit Jahren SumUp, aber die Gebühren sind uns jetzt zu hoch. Welches Kassensystem nutzt ihr?',
      keyword: 'Kassensystem',
      icps: [shops],
    })
    const cited = german.reason.match(/weighed most: the words ([^;]*)/)?.[1] ?? ''
    expect(cited).toContain('"sumup"')
    // "uns" (us) and "jetzt" (now) weighed on this post, and say nothing to a reader.
    expect(cited).not.toMatch(/"(?:uns|jetzt|seit|bei)"/)

    const tutors = { name: 'Tutoring schools', description: 'Tutoring schools that schedule tutors', competitors: [] }
    const sentence = '家庭教師の派遣をしていますが、講師のスケジュール管理がエクセルで限界です'
    const japanese = scoreEmbedded({ content: sentence, keyword: '家庭教師', icps: [tutors] })
    // The runs of characters that weighed most, each a piece of one clause; never the whole sentence, nor a piece of
    // the keyword, which the reason names as "the keyword".
    const runs = [...(japanese.reason.match(/weighed most: the words ([^;]*)/)?.[1] ?? '').matchAll(/"([^"]+)"/g)]
    expect(runs.length).toBeGreaterThan(0)
    for (const [, run] of runs) {
      expect(sentence).toContain(run as string)
      expect(run).not.toMatch(/[、。]/)
      expect('家庭教師').not.toContain((run as string).slice(0, 3))
    }
    expect(japanese.reason).toContain('; the keyword')

    // Pieces of three characters that overlap are one run: "最好能", "好能对" and "能对接" are cited as "最好能对接".
    const post = '我们是一家20人的公司，想找一款开票软件，最好能对接税务系统，有推荐的吗？'
    const chinese = scoreEmbedded({
      content: post,
      keyword: '开票软件',
      context: '我们为中小企业提供电子发票软件',
      icps: [],
    })
    const pieces = [...(chinese.reason.match(/weighed most: the words ([^;]*)/)?.[1] ?? '').matchAll(/"([^"]+)"/g)]
    expect(pieces.some(([, run]) => (run as string).length > 3 && post.includes(run as string))).toBe(true)
  })

  test('a post in a language the rules do not read is not cited by its little words either', () => {
    // Vietnamese: "giúp" (help), "khoảng" (about) and "với" (with) weigh towards ACTIVE on this post.
    const { reason } = scoreEmbedded({
      content:
        'Quán cà phê của mình có 3 chi nhánh, đang tìm phần mềm quản lý bán hàng có in hóa đơn, ngân sách khoảng 500k ' +
        'một tháng. Ai dùng rồi giới thiệu giúp với!',
      keyword: 'phần mềm quản lý bán hàng',
      context: 'We sell point-of-sale software to cafes and small restaurants in Vietnam',
      icps: [],
    })
    expect(reason).toStartWith('ACTIVE')
    expect(reason).not.toMatch(/"(?:giúp|khoảng|với|của|mình)"/)
  })

  test("a lead the rules alone would call off topic says so as the rules' reading, not as the answer's", () => {
    const shops = {
      name: 'Small shops',
      description: 'Small retail shops and cafés that need a point of sale system and card payments',
      competitors: [],
    }
    // A Dutch shop owner asks for another till: the post shares only the keyword with the English profile.
    const input = {
      content: 'Ons kassasysteem valt steeds uit en de support reageert niet. Weet iemand een goed alternatief?',
      keyword: 'kassasysteem',
      icps: [shops],
    }
    expect(scoreContent(input).score).toBeLessThan(3)
    const { score, reason } = scoreEmbedded(input)
    expect(score).toBeGreaterThanOrEqual(6)
    expect(reason).toContain('; the rules alone would call it off topic: besides the keyword "kassasysteem"')
    expect(reason).not.toContain('the rules read: off topic')
  })
})
