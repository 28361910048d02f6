/**
 * Words a reason does not cite in a post of their language (evidence.ts): prepositions, pronouns, auxiliaries and
 * fillers that weigh in the model but say nothing to a reader alone ("bei", "uns", "seit" in German). Beyond the
 * rules' little words (words.ts), which tell the language and so cannot grow without changing what the model reads.
 * Looked up only for a post of that language: "hat", "war" and "die" are words of their own in English.
 */
import type { Lang } from '../rules/words'

const QUIET: Partial<Record<Lang, string>> = {
  de:
    'die bin hab hast bei hat haben habe hatte uns unser unsere unseren unserem seit mal schon noch nur sehr ' +
    'dann wenn weil dass als im am zum zur vom beim ins aus nach vor über unter um bis durch gegen ohne sind ' +
    'war wird werden kann können muss soll will ihr mein meine dein sein seine ihre man doch jetzt immer gibt ' +
    'geht sagt was wer warum welche kein keine einem einer eines dem des diese dieser dieses hier etwas alle ' +
    'viel mehr',
  fr:
    'aux son ses mon mes ton nos votre vos leur leurs ils elle elles plus très tout tous toute bien aussi ' +
    'comme quand quoi fois avoir être avons ont suis sont était fait faire cette cet ces car donc alors déjà ' +
    'encore depuis chez sans sous entre vers par rien même peu',
  es:
    'tiene tengo tenemos somos soy está están estamos hay ahí aquí esto esta este ese esa eso como cuando ' +
    'donde porque más ya sin sobre entre hasta desde también todo todos nuestro nuestra nuestros mis sus tus ' +
    'les ser estar hace hacer fue era han hemos has qué cómo cuál algo alguien',
  pt:
    'são está estão estamos tem temos tenho aqui isso isto esse essa este esta como quando onde porque mais ' +
    'muito muita já sem sobre entre até desde também todo todos nosso nossa meu minha seu sua ser estar foi ' +
    'era vai vamos pra pro aos nas nos num numa dos das alguém algum',
  it:
    'sono siamo sei abbiamo hai hanno qui questo questa quello quella come quando dove perché più molto già ' +
    'senza sopra tra fra fino anche tutto tutti nostro nostra mio mia suo sua essere avere era sta stiamo ' +
    'dagli degli delle dei dal dalla nel nella nei sul sulla alla allo agli alle col uno chi cosa qualcuno',
  nl:
    'heb hebben heeft hebt ben bent zijn was waren wordt worden kan kunnen moet moeten wil willen zal zou ons ' +
    'onze mijn jouw hun hij zij wij jij hier daar nog ook dan als toen omdat want wat wie waar welke geen ' +
    'niets iets bij naar uit over door tot sinds zonder tegen aan deze dit die meer heel erg wel even gewoon ' +
    'toch',
  // The languages the rules do not read, written with spaces: Vietnamese, Indonesian, Romanian, Czech, Polish,
  // Swedish, Turkish and Russian; one list serves them all. A post in English too short or plain for the reader to
  // call English is looked up here as well, so English words are left out ("till", "oss", "ada", "her").
  other:
    'với của và là có không cho này được những các một để thì đã đang sẽ rồi nhé mình tôi bạn chúng mọi nào ' +
    'gì nhiều lắm rất cũng vẫn nên thế vậy như trong từ về lại khi nếu hoặc thôi quá giúp khoảng đều ' +
    'dari untuk dengan ini itu tidak saya kami kita aku kamu anda sudah akan bisa juga atau karena ' +
    'kalau jadi sih deh lagi masih sangat banget siapa gimana bagaimana tolong pada oleh sama ' +
    'aja saja udah belum sekitar tentang ' +
    'și sau pentru este sunt avem mai foarte cine unde când dacă noi voi lor nostru noastră ' +
    'acest această asta aici deja încă doar toate fost vom poate după către prin fără între ' +
    'jsme jsem jsou byl bude máme mám nebo při bez před přes mezi který která které kde kdy jak ' +
    'proč kdo náš naše našich můj moje už ještě jen taky také velmi tady tento tato toto nějaký ' +
    'někdo něco prosím ' +
    'są mamy nie tak albo lub się dla przez przed między gdzie kiedy dlaczego nasz nasza nasze mój ' +
    'moja już jeszcze tylko też także bardzo tutaj jakiś ktoś coś proszę czy jestem jesteśmy była będzie ' +
    'można mnie ' +
    'och att det som ett är har hade för på från eller inte jag vår våra ' +
    'här där när vad vem vilken vilket någon något redan bara också mycket ska måste blir ' +
    'ile bir şu için gibi kadar veya çok daha siz onlar bizim benim yok değil olan olarak ' +
    'nerede neden nasıl hangi şimdi artık sadece hiç şey ' +
    'для нас это что как уже есть мы наш наша наши мой моя вы они тут там где когда почему кто или но ' +
    'очень ещё только тоже также все всё был была будет можно меня нам',
}

const BY_LANG = new Map<Lang, ReadonlySet<string>>(
  Object.entries(QUIET).map(([lang, words]) => [lang as Lang, new Set(words.split(' '))]),
)

/** Whether `word` (lower case) says nothing alone in a post written in `lang`. */
export const isQuietWord = (word: string, lang: Lang): boolean => BY_LANG.get(lang)?.has(word) === true
