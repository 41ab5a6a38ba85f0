/* The words the site's scripts show, in the language of the page: each label once,
 * in English, the source language, as the package's catalogs hold theirs in the
 * code. Every other language's form is data: in its
 * ambigu_rules/languages/<code>/messages.yaml, under "docs/assets/words.js",
 * catalog WORDS, by key, as the package's other phrases are (CONTRIBUTING.md,
 * "A language is data").
 *
 * The page's language is its <html lang> ("fr" under /fr/, "ru" under /ru/).
 * window.ambiguWords(key, values) gives the form of that language with each
 * "{name}" replaced by values[name], and the English one where the language
 * has none; ambiguWords.number(n) writes a number as that language does
 * (91,390 and 0.5 in English; 91 390 and 0,5 in French, with a narrow
 * no-break space), with the signs of its language.yaml.
 *
 * The cards are shown and typed with the page's language's letters, those of
 * the "cards" of its language.yaml (French: valet, dame, roi V D R; pique,
 * cœur, carreau, trèfle P C K T); the rule files, the tables and the site's
 * Python keep A J Q K and S H D C. ambiguWords.card(rank, symbol) is a card as
 * the page shows it ("R♠" for the king of spades in French);
 * ambiguWords.rank(label) its rank alone; ambiguWords.shownCards(text) gives
 * every card a text writes with its suit symbol ("A♠ K♣", as the site's Python
 * writes them) the page's rank letters; ambiguWords.typedCard(rank, suitId)
 * is a card as the page's language types it ("DC", the queen of hearts, in
 * French); ambiguWords.engineCards(text) reads cards typed so (the rank
 * first, the suit its last letter, in either case; a suit's symbol as it is)
 * into the rule files' letters ("7C VP" in French: "7H JS"), as the terminal
 * reads them (ambigu_rules.languages.Lang.engine_cards); a word that is no
 * card is left for the reader of the cards to refuse.
 *
 * The build serves this file with LANGUAGES below filled in: for each edition
 * the site builds (mkdocs.yml), its language's forms, spaced by its own rules
 * (French: a no-break space before : ; ! ? and inside « »; the forms are
 * written with a plain space), and its signs for numbers
 * and its letters for the cards
 * (ambigu_rules/site/script_words.py, applied by tools/mkdocs_editions.py).
 * As written here it holds none; the site never serves it so.
 *
 * A form whose noun agrees with a number is, as in messages.yaml, a mapping
 * of the language's plural categories with "by" naming the key's placeholder
 * that holds the number: {"by": "n", "one": "{n} жетон", "few": "{n} жетона",
 * "many": "{n} жетонов", "other": ...}. The form shown is that of the category
 * Intl.PluralRules gives for the page's language and values[by], else its
 * "other" (the build gives each such form one). English says its singular
 * with a key of its own ("play.counters-one"), which the script chooses, or
 * ambiguWords.count(n, oneKey, otherKey, values) by the page's language.
 *
 * Each entry stays on one line, "key": "English", which that module reads;
 * tests/site/test_script_words.py fails for a key without its form in a
 * language of the package, a form whose placeholders differ from the
 * English's, a key no script uses, and a key a script uses that is not here.
 */
(function () {
  "use strict";

  var WORDS = {
    /* Every page (on-page.js) */
    "page.search": "Search",

    /* Play page (play.js) */
    "play.tables-unreadable": "The tables of hands could not be read.",
    "play.own-file": "Your own rule file",
    "play.own-file-choice": "Your own rule file…",
    "play.own-file-box": "Your rule file (YAML)",
    "play.start-from": "Start from a house variant: ",
    "play.version": "Version",
    "play.players": "Players",
    "play.n-players": "{n} players",
    "play.who-plays": "Who plays",
    "play.only-bots": "only bots (watch)",
    "play.you-and-bots": "you and {bots} bots",
    "play.you-and-one-bot": "you and 1 bot",
    "play.people": "{n} people taking turns",
    "play.people-and-bots": "{n} people taking turns, {bots} bots",
    "play.people-and-one-bot": "{n} people taking turns, 1 bot",
    "play.deal": "Deal",
    "play.stop": "Stop",
    "play.what-happened": "What happened",
    "play.python-error": "Python stopped with an error ({error}).",
    "play.python-no-start": "Python could not start here ({error}).",
    "play.python-failed": "Python failed ({error}).",
    "play.no-runtime": "no runtime in this build",
    "play.loading-background": "Loading Python in the background…",
    "play.starting": "Starting Python…",
    "play.ready": "Python is ready.",
    "play.doing": "{what}…",
    "play.late": "Stopped: {what} took longer than {limit}.",
    "play.deal-retries": "{sentence} Deal tries again.",
    "play.table-gone": "{sentence} Press Deal to start a new table.",
    "play.then-new-deal": "{doing} Then your new deal.",
    "play.stopped-by-you": "Stopped at your request.",
    "play.refused": "Refused: {reason}",
    "play.your-move": "Your move.",
    "play.named-your-move": "{name}, your move.",
    "play.job-loading": "loading Python",
    "play.job-dealing": "dealing",
    "play.job-checking": "checking your rule file",
    "play.job-move": "playing the move",
    "play.whole-number": "A whole number from {low} to {high}.",
    "play.amount": "{label} amount, {low} to {high}",
    "play.discard-n": "Discard {n}",
    "play.keep-all": "Keep all",
    "play.or-click": "or click the cards to discard",
    "play.at-most-one": "At most 1 card may be discarded.",
    "play.at-most": "At most {n} cards may be discarded.",
    "play.at-least-one": "Discard at least 1 card.",
    "play.at-least": "Discard at least {n} cards.",
    "play.not-together": "These cards may not be discarded together.",
    "play.bot": "{name} (bot)",
    "play.your-turn": "{name} (your turn)",
    "play.you": "{name} (you)",
    "play.dealer": "dealer",
    "play.counters": "{n} counters",
    "play.counters-one": "{n} counter",
    "play.bet": "bet {n}",
    "play.out": "out",
    "play.your-cards": "Your cards: click those to discard",
    "play.hidden-card": "hidden card",
    "play.to-play": "to play",
    "play.deal-head": "Deal {n} · {version} · ",
    "play.rule-of-step": "The rule of this step",
    "play.why": "why?",
    "play.your-rule": "(your rule)",
    "play.deal-over": "deal over",
    "play.pool": "Pool {n}",
    "play.batterie": "Batterie {n}",
    "play.bets": "Bets {n}",
    "play.your-move-group": "Your move",
    "play.skip": "Skip to the end",
    "play.show-my-cards": "{name}: show my cards",
    "play.next-deal": "Next deal",
    "play.opponents": "Opponents",
    "play.bots-expert": "expert bots",
    "play.bots-heuristic": "heuristic bots",
    "play.bots-random": "random bots",
    "play.buy-back-agreed": "Buying back agreed by the table",
    "play.buy-back-agreed-note": "Where the rules leave buying back to the table: tick the box to let a player short of counters buy some back in between deals.",
    "play.hint": "Hint",
    "play.job-hint": "working out the hint",
    "play.hint-every": "Every discard allowed",
    "play.hint-bet": "The expert bot, in your seat, reckons its chance of winning at {chance} (counting the players who bet as holding better than chance) and would {action}.",
    "play.hint-none": "No hint here: it is not your move.",
    "play.kind-pass": "pass",
    "play.kind-shuffle": "call for the shuffle",
    "play.kind-open": "open",
    "play.kind-call": "call",
    "play.kind-raise": "raise",
    "play.kind-fold": "fold",
    "play.kind-force": "force",
    "play.kind-choose": "choose {option}",
    "play.kind-amount": "{kind} {amount}",
    "play.kind-discard": "discard {cards}",
    "play.kind-stand": "keep all",
    "play.hint-call-keep": "Best: {action}. Keeping {keep} is worth {value} on average, more than the best discard ({discard}: {other}); a call means nobody exchanges.",
    "play.hint-call-discard": "Best: {action}. If every player passes, each exchanges, and discarding {discard} is worth {value} on average, more than keeping {keep} ({other}).",
    "play.hint-call-every": "Keeping, or each discard if all pass",

    /* The end of a deal, and players short of counters (play-end.js) */
    "play.end-title": "How deal {n} ended",
    "play.end-wins-with": "{name} wins deal {n} with {hand}.",
    "play.end-wins": "{name} wins deal {n}.",
    "play.end-uncalled": "Nobody called: no hand was compared.",
    "play.end-shared": "{names} share the winnings.",
    "play.end-hands": "Their hands: {hands}.",
    "play.end-and": "{a} and {b}",
    "play.end-nobody": "Nobody wins deal {n}.",
    "play.end-paid-for": "{name} is paid {value} for {combination} by each player who pays it.",
    "play.end-against": "Against: {hands}.",
    "play.end-hand-of": "{name} with {hand}",
    "play.end-hand-pips": "{combination} ({pips} pips)",
    "play.end-hand-cards-pips": "{combination} ({cards}: {pips} pips)",
    "play.end-no-combination": "no combination",
    "play.end-carried": "The pool ({pool}) stays on the table for the next deal.",
    "play.end-carried-both": "The pool ({pool}) and the batterie ({batterie}) stay on the table for the next deal.",
    "play.end-changes": "What each player won or paid in this deal",
    "play.end-player": "Player",
    "play.end-change": "Won or paid",
    "play.end-bank": "Counters now",
    "play.short": "{name} has too few counters to play the next deal ({antes} needed, {bank} left).",
    "play.short-buy": "{name} may buy {amount} counters back in now; otherwise {name} sits out.",
    "play.short-buy-one": "{name} may buy 1 counter back in now; otherwise {name} sits out.",
    "play.short-never": "This version has no buying back: {name} sits out until the session ends.",
    "play.short-not-agreed": "This version leaves buying back to the table's agreement, and this table has not agreed to it: {name} sits out until the session ends.",
    "play.short-bot": "{name} has too few counters to play and sits out.",
    "play.short-buy-or-end": "Without counters bought back in, the session is over.",
    "play.session-over": "The session is over: too few players can pay to play. Deal starts a new table.",
    "play.buy": "{name}: buy {amount} counters",
    "play.buy-one": "{name}: buy 1 counter",
    "play.job-buying": "buying counters",
    "play.save-one": "Save the deal",
    "play.save": "Save the {n} deals",
    "play.job-saving": "writing the replay file",
    "play.saved": "Saved as {name}: ambigu replay {name} plays it back.",
    "play.saved-own": "Saved as {name}: ambigu replay {name} plays it back, with your rule file saved beside it as {rules}.",

    /* The hand evaluator of the combinations page (evaluator.js) */
    "evaluator.unreadable": "The hand tables could not be read ({error}).",
    "evaluator.placeholder": "e.g. 2S 3S 4S 9S",
    "evaluator.four-cards": "Four cards",
    "evaluator.clear": "Clear",
    "evaluator.pick-four": "Pick four cards",
    "evaluator.card-title": "{rank} of {suit}",
    "evaluator.pick-one-more": "Pick 1 more card.",
    "evaluator.pick-more": "Pick {n} more cards.",
    "evaluator.version": "Version",
    "evaluator.combination": "Combination",
    "evaluator.value": "Value",
    "evaluator.beats": "Beats",
    "evaluator.dealt": "Dealt",
    "evaluator.reading": "reading the table…",
    "evaluator.not-in-pack": "not in this version's pack",
    "evaluator.no-combination": "no combination",
    "evaluator.percent": "{share} %",
    "evaluator.almost-all": "more than 99.9 %",
    "evaluator.beats-ties": "{beats}, ties {ties}",
    "evaluator.one-in": "1 in {n}",
    "evaluator.not-a-card": "Not a card: {cards}. Write a card as its rank and suit letter: 10H, AS, 7C.",

    /* "What should I keep?" on the combinations page, and the Play page's hint (advice.js) */
    "advice.version": "Version",
    "advice.exchange": "Exchange",
    "advice.first": "first exchange, on {n} cards",
    "advice.second": "second exchange, on {n} cards",
    "advice.hand": "Cards in hand",
    "advice.hand-hint": "{n} cards, as 10H or 10♥, separated by spaces",
    "advice.for-example": "e.g. {cards}",
    "advice.seen": "Cards seen (optional)",
    "advice.seen-hint": "cards you know are out of reach: your earlier discards, hands shown",
    "advice.advise": "Advise",
    "advice.working": "Counting every way the unseen cards can come…",
    "advice.job": "the advice",
    "advice.stopped": "Stopped at your request. Press Advise to start again.",
    "advice.table-label": "Every discard allowed, best first",
    "advice.caption": "{title}: {hand}, {unseen} cards unseen. Chance of each best combination of the final hand, best discard first.",
    "advice.discard": "Discard",
    "advice.keep": "Keep",
    "advice.expected": "Expected value",
    "advice.no-combination": "no combination",
    "advice.nothing": "nothing",
    "advice.percent": "{share} %",
    "advice.below-tenth": "< 0.1 %",
    "advice.above-almost": "> 99.9 %",
    "advice.best-discard": "Best: discard {discard} and keep {keep}, an expected value of {value}.",
    "advice.best-stand": "Best: keep all of {keep}, an expected value of {value}.",
    "advice.no-option": "No discard is allowed here.",

    /* What the Python worker is doing (play-worker.js), on the Play page and the examples */
    "worker.loading-python": "Loading Python (about 19 MB the first time)…",
    "worker.loading-interpreter": "Loading the interpreter…",
    "worker.reading-table": "Reading the {version} hand table…",
    "worker.working": "Working…",
    "worker.dealing": "Dealing…",
    "worker.running-session": "Running the session…",

    /* The worked examples' "Run it yourself" (examples.js) */
    "examples.run-it-yourself": "Run it yourself",
    "examples.run": "Run it in your browser",
    "examples.busy": "Another session is running; try again when it has finished.",
    "examples.starting": "Starting Python…",
    "examples.no-python": "no Python here",
    "examples.could-not-run": "Python could not run it: {error}",
    "examples.failed": "{failed} of {lines} lines printed something else than the page expects.",
    "examples.failed-one": "{failed} of {lines} lines printed something else than the page expects.",
    "examples.passed": "Run in your browser: all {lines} lines printed what the page expects.",
    "examples.passed-one": "Run in your browser: its one line printed what the page expects.",
    "examples.python": "Python",
    "examples.expected": "The page expects",
    "examples.printed": "Printed",
    "examples.same": "✓ the same",

    /* The comparison matrix (compare.js) */
    "compare.count": "{differ} of {total} rows differ among the {versions} versions chosen.",
    "compare.count-only": "{differ} of {total} rows differ among the {versions} versions chosen; only those are shown.",
    "compare.count-one": "{differ} of {total} rows differs among the {versions} versions chosen.",
    "compare.count-only-one": "{differ} of {total} rows differs among the {versions} versions chosen; only rows that differ are shown."
  };

  /* Each language's forms ("words", by key) and its signs for numbers ("group",
   * "decimal"), by code, the source language first: put in by the build. */
  var LANGUAGES = {};

  var codes = Object.keys(LANGUAGES);
  var asked = (document.documentElement.getAttribute("lang") || "").toLowerCase();
  var base = asked.split("-")[0];
  var code = LANGUAGES[asked] ? asked : LANGUAGES[base] ? base : codes[0];
  var language = LANGUAGES[code] || {};
  var forms = language.words || {};
  var plurals = typeof Intl === "object" && Intl.PluralRules ? new Intl.PluralRules(code) : null;

  /* The plural category of n in the page's language (CLDR's, as its language.yaml
   * states them: English one 1; French one 0 and 1; Russian one 1, 21…, few 2–4…). */
  function category(n) {
    return plurals ? plurals.select(Number(n)) : "other";
  }

  function words(key, values) {
    if (!(key in WORDS)) { throw new Error("ambiguWords: no words for " + key); }
    var form = key in forms ? forms[key] : WORDS[key];
    if (typeof form === "object") {
      form = form[category(values ? values[form.by] : NaN)] || form.other;
    }
    return form.replace(/\{(\w+)\}/g, function (all, name) {
      return values && values[name] !== undefined ? String(values[name]) : all;
    });
  }

  /* The words of a count: `one`'s form where the page's language says n as it
   * says 1 (its plural category "one"), else `other`'s
   * (words.count(1, "compare.count-one", "compare.count", {...})). */
  words.count = function (n, one, other, values) {
    return words(category(n) === "one" ? one : other, values);
  };

  /* A number as the page's language writes it: its thousands grouped with the
   * language's sign, its decimal mark. */
  words.number = function (value) {
    var parts = String(value).split(".");
    var whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, language.group || "");
    return parts.length > 1 ? whole + (language.decimal || ".") + parts[1] : whole;
  };
  words.language = code;

  /* A text the data gives in each language ({"en": ..., "fr": ...}: a version's title
   * or a combination's name in tables/index.json), in the page's; else in the
   * source language, else `otherwise`. */
  words.own = function (texts, otherwise) {
    return (texts && (texts[code] || texts[codes[0]])) || otherwise;
  };

  /* The cards' letters of the page's language, by the rule files' letter
   * ({"ranks": {"K": "R", ...}, "suits": {"H": "C", ...}} in French), and the
   * other way, by the language's letter in lower case. */
  var cardLetters = language.cards || {};
  var rankLetters = cardLetters.ranks || {};
  var suitLetters = cardLetters.suits || {};
  function readBy(letters) {
    var found = {};
    Object.keys(letters).forEach(function (engine) { found[letters[engine].toLowerCase()] = engine; });
    return found;
  }
  var rankOf = readBy(rankLetters);
  var suitOf = readBy(suitLetters);
  function letter(letters, key, otherwise) {
    return Object.prototype.hasOwnProperty.call(letters, key) ? letters[key]
      : otherwise === undefined ? key : otherwise;
  }
  /* A rank letter right before a suit's symbol, after no letter or figure. */
  var SHOWN_CARD = /(^|[^\p{L}\p{N}_])([A-Z])(?=[\u2660\u2665\u2666\u2663])/gu;

  /* A rank as the page shows it: its letter ("R" for the king in French), a figure as it is. */
  words.rank = function (label) { return letter(rankLetters, String(label)); };

  /* A card as the page shows it, from the rule files' rank label and its suit's symbol. */
  words.card = function (rank, symbol) { return words.rank(rank) + symbol; };

  /* Every card of a text written with its suit's symbol ("A♠ K♣", as the site's
   * Python writes cards), with the page's rank letters; the rest left alone. */
  words.shownCards = function (text) {
    return String(text).replace(SHOWN_CARD, function (all, before, rank) {
      return before + words.rank(rank);
    });
  };

  /* A card as the page's language types it, from the rule files' rank label and suit letter. */
  words.typedCard = function (rank, suit) {
    return words.rank(rank) + letter(suitLetters, String(suit));
  };

  /* Cards typed in the page's language ("7C, VP 10t" in French), in the rule
   * files' letters ("7H JS 10C"), separated by a space: each word's last letter
   * its suit, the rest its rank, in either case; a word the language does not
   * read, a suit's symbol, kept as they are. */
  words.engineCards = function (text) {
    text = String(text);
    if (!Object.keys(suitLetters).length) { return text; }
    return text.trim().split(/[\s,]+/).map(function (token) {
      if (token.length < 2) { return token; }
      var rank = token.slice(0, -1);
      var suit = token.slice(-1);
      return letter(rankOf, rank.toLowerCase(), rank) + letter(suitOf, suit.toLowerCase(), suit);
    }).filter(Boolean).join(" ");
  };

  window.ambiguWords = words;
})();
