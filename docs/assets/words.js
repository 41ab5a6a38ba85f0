/* The words the site's scripts show, in the language of the page: one home for
 * every label, its English and its French form side by side.
 *
 * The page's language is its <html lang> (the French edition under /fr/ is
 * "fr"). window.ambiguWords(key, values) gives the form of that language with
 * each "{name}" replaced by values[name]; ambiguWords.number(n) writes a
 * number as that language does (1,234.5 in English; 1 234,5 in French, with
 * a narrow no-break space). A key without a French form shows its English
 * one; tests/site/test_script_words.py fails for a key with a missing form, a
 * key no script uses, and a key a script uses that is not here.
 *
 * The French forms are written with a plain space before : ; ! ? and inside
 * « », as the catalogs of the generated pages are: the site serves this file
 * with each French form spaced the French way by the rule those pages follow
 * (ambigu_rules/site/script_words.py, applied by tools/mkdocs_editions.py).
 * Each entry stays on the lines "key": ["English", "French"], which that
 * module reads.
 */
(function () {
  "use strict";

  var WORDS = {
    /* Every page (on-page.js) */
    "page.search": ["Search", "Rechercher"],

    /* Play page (play.js) */
    "play.tables-unreadable": ["The tables of hands could not be read.",
      "Les tables des mains n'ont pas pu être lues."],
    "play.own-file": ["Your own rule file", "Votre propre fichier de règles"],
    "play.own-file-choice": ["Your own rule file…", "Votre propre fichier de règles…"],
    "play.own-file-box": ["Your rule file (YAML)", "Votre fichier de règles (YAML)"],
    "play.start-from": ["Start from a house variant: ", "Partir d'une variante maison : "],
    "play.version": ["Version", "Version"],
    "play.players": ["Players", "Joueurs"],
    "play.n-players": ["{n} players", "{n} joueurs"],
    "play.who-plays": ["Who plays", "Qui joue"],
    "play.only-bots": ["only bots (watch)", "seulement des robots (regarder)"],
    "play.you-and-bots": ["you and {bots} bots", "vous et {bots} robots"],
    "play.you-and-one-bot": ["you and 1 bot", "vous et 1 robot"],
    "play.people": ["{n} people taking turns", "{n} personnes à tour de rôle"],
    "play.people-and-bots": ["{n} people taking turns, {bots} bots",
      "{n} personnes à tour de rôle, {bots} robots"],
    "play.people-and-one-bot": ["{n} people taking turns, 1 bot",
      "{n} personnes à tour de rôle, 1 robot"],
    "play.deal": ["Deal", "Donner"],
    "play.stop": ["Stop", "Arrêter"],
    "play.what-happened": ["What happened", "Ce qui s'est passé"],
    "play.python-error": ["Python stopped with an error ({error}).",
      "Python s'est arrêté sur une erreur ({error})."],
    "play.python-no-start": ["Python could not start here ({error}).",
      "Python n'a pas pu démarrer ici ({error})."],
    "play.python-failed": ["Python failed ({error}).", "Python a échoué ({error})."],
    "play.no-runtime": ["no runtime in this build", "pas de Python dans cette version du site"],
    "play.loading-background": ["Loading Python in the background…",
      "Chargement de Python en arrière-plan…"],
    "play.starting": ["Starting Python…", "Démarrage de Python…"],
    "play.ready": ["Python is ready.", "Python est prêt."],
    "play.doing": ["{what}…", "{what}…"],
    "play.late": ["Stopped: {what} took longer than {limit}.",
      "Arrêté : {what} a pris plus de {limit}."],
    "play.deal-retries": ["{sentence} Deal tries again.", "{sentence} « Donner » réessaie."],
    "play.table-gone": ["{sentence} Press Deal to start a new table.",
      "{sentence} Appuyez sur « Donner » pour ouvrir une nouvelle table."],
    "play.then-new-deal": ["{doing} Then your new deal.", "{doing} Puis votre nouveau coup."],
    "play.stopped-by-you": ["Stopped at your request.", "Arrêté à votre demande."],
    "play.refused": ["Refused: {reason}", "Refusé : {reason}"],
    "play.your-move": ["Your move.", "À vous de jouer."],
    "play.named-your-move": ["{name}, your move.", "{name}, à vous de jouer."],
    "play.job-loading": ["loading Python", "le chargement de Python"],
    "play.job-dealing": ["dealing", "la donne"],
    "play.job-checking": ["checking your rule file", "la vérification de votre fichier de règles"],
    "play.job-move": ["playing the move", "l'action jouée"],
    "play.whole-number": ["A whole number from {low} to {high}.",
      "Un nombre entier de {low} à {high}."],
    "play.amount": ["{label} amount, {low} to {high}", "{label} : montant, de {low} à {high}"],
    "play.discard-n": ["Discard {n}", "Écarter {n}"],
    "play.keep-all": ["Keep all", "Tout garder"],
    "play.or-click": ["or click the cards to discard", "ou cliquez sur les cartes à écarter"],
    "play.at-most-one": ["At most 1 card may be discarded.", "On ne peut écarter qu'une carte."],
    "play.at-most": ["At most {n} cards may be discarded.",
      "On ne peut écarter que {n} cartes au plus."],
    "play.at-least-one": ["Discard at least 1 card.", "Écartez au moins une carte."],
    "play.at-least": ["Discard at least {n} cards.", "Écartez au moins {n} cartes."],
    "play.not-together": ["These cards may not be discarded together.",
      "Ces cartes ne peuvent pas être écartées ensemble."],
    "play.bot": ["{name} (bot)", "{name} (robot)"],
    "play.your-turn": ["{name} (your turn)", "{name} (à vous)"],
    "play.you": ["{name} (you)", "{name} (vous)"],
    "play.dealer": ["dealer", "donneur"],
    "play.counters": ["{n} counters", "{n} jetons"],
    "play.counters-one": ["{n} counter", "{n} jeton"],
    "play.bet": ["bet {n}", "mise {n}"],
    "play.out": ["out", "sorti"],
    "play.your-cards": ["Your cards: click those to discard",
      "Vos cartes : cliquez sur celles à écarter"],
    "play.hidden-card": ["hidden card", "carte cachée"],
    "play.to-play": ["to play", "à jouer"],
    "play.deal-head": ["Deal {n} · {version} · ", "Coup {n} · {version} · "],
    "play.rule-of-step": ["The rule of this step", "La règle de cette étape"],
    "play.why": ["why?", "pourquoi ?"],
    "play.your-rule": ["(your rule)", "(votre règle)"],
    "play.deal-over": ["deal over", "coup fini"],
    "play.pool": ["Pool {n}", "Poule {n}"],
    "play.batterie": ["Batterie {n}", "Batterie {n}"],
    "play.bets": ["Bets {n}", "Mises {n}"],
    "play.your-move-group": ["Your move", "Vos actions"],
    "play.skip": ["Skip to the end", "Aller à la fin"],
    "play.show-my-cards": ["{name}: show my cards", "{name} : montrer mes cartes"],
    "play.next-deal": ["Next deal", "Coup suivant"],
    "play.opponents": ["Opponents", "Adversaires"],
    "play.bots-expert": ["expert bots", "robots experts"],
    "play.bots-heuristic": ["heuristic bots", "robots heuristiques"],
    "play.bots-random": ["random bots", "robots au hasard"],
    "play.buy-back-agreed": ["Buying back agreed by the table", "Rachat convenu par la table"],
    "play.buy-back-agreed-note": ["Where the rules leave buying back to the table: tick the box to let a player short of counters buy some back in between deals.",
      "Là où les règles laissent le rachat à l'accord de la table : cochez la case pour qu'un joueur à court de jetons puisse en racheter entre les coups."],
    "play.hint": ["Hint", "Conseil"],
    "play.job-hint": ["working out the hint", "le calcul du conseil"],
    "play.hint-every": ["Every discard allowed", "Tous les écarts permis"],
    "play.hint-bet": ["The expert bot, in your seat, reckons its chance of winning at {chance} (counting the players who bet as holding better than chance) and would {action}.",
      "Le robot expert, à votre place, estime sa chance de gagner à {chance} (en supposant que ceux qui misent ont en main mieux que le hasard ne leur donnerait) et choisirait : {action}."],
    "play.hint-none": ["No hint here: it is not your move.", "Pas de conseil ici : ce n'est pas à vous de jouer."],
    "play.kind-pass": ["pass", "passer"],
    "play.kind-shuffle": ["call for the shuffle", "demander à rebattre"],
    "play.kind-open": ["open", "ouvrir"],
    "play.kind-call": ["call", "tenir"],
    "play.kind-raise": ["raise", "relancer"],
    "play.kind-fold": ["fold", "se retirer"],
    "play.kind-force": ["force", "forcer"],
    "play.kind-choose": ["choose {option}", "choisir {option}"],
    "play.kind-amount": ["{kind} {amount}", "{kind} {amount}"],
    "play.kind-discard": ["discard {cards}", "écarter {cards}"],
    "play.kind-stand": ["keep all", "tout garder"],
    "play.hint-call-keep": ["Best: {action}. Keeping {keep} is worth {value} on average, more than the best discard ({discard}: {other}); a call means nobody exchanges.",
      "Le mieux : {action}. Garder {keep} vaut {value} en moyenne, plus que le meilleur écart ({discard} : {other}) ; si l'on demande à rebattre, personne n'échange."],
    "play.hint-call-discard": ["Best: {action}. If every player passes, each exchanges, and discarding {discard} is worth {value} on average, more than keeping {keep} ({other}).",
      "Le mieux : {action}. Si tous passent, chacun échange, et écarter {discard} vaut {value} en moyenne, plus que garder {keep} ({other})."],
    "play.hint-call-every": ["Keeping, or each discard if all pass", "Garder, ou chaque écart si tous passent"],

    /* The end of a deal, and players short of counters (play-end.js) */
    "play.end-title": ["How deal {n} ended", "Comment le coup {n} a fini"],
    "play.end-wins-with": ["{name} wins deal {n} with {hand}.", "{name} gagne le coup {n} avec {hand}."],
    "play.end-wins": ["{name} wins deal {n}.", "{name} gagne le coup {n}."],
    "play.end-uncalled": ["Nobody called: no hand was compared.",
      "Personne n'a tenu : on n'a comparé aucun jeu."],
    "play.end-shared": ["{names} share the winnings.", "{names} se partagent les gains."],
    "play.end-hands": ["Their hands: {hands}.", "Leurs jeux : {hands}."],
    "play.end-and": ["{a} and {b}", "{a} et {b}"],
    "play.end-nobody": ["Nobody wins deal {n}.", "Personne ne gagne le coup {n}."],
    "play.end-paid-for": ["{name} is paid {value} for {combination} by each player who pays it.",
      "Chaque joueur qui paie donne {value} à {name} pour {combination}."],
    "play.end-against": ["Against: {hands}.", "Contre : {hands}."],
    "play.end-hand-of": ["{name} with {hand}", "{name} avec {hand}"],
    "play.end-hand-pips": ["{combination} ({pips} pips)", "{combination} ({pips} points)"],
    "play.end-hand-cards-pips": ["{combination} ({cards}: {pips} pips)",
      "{combination} ({cards} : {pips} points)"],
    "play.end-no-combination": ["no combination", "aucune combinaison"],
    "play.end-carried": ["The pool ({pool}) stays on the table for the next deal.",
      "La poule ({pool}) reste sur la table pour le coup suivant."],
    "play.end-carried-both": ["The pool ({pool}) and the batterie ({batterie}) stay on the table for the next deal.",
      "La poule ({pool}) et la batterie ({batterie}) restent sur la table pour le coup suivant."],
    "play.end-changes": ["What each player won or paid in this deal",
      "Ce que chaque joueur a gagné ou payé dans ce coup"],
    "play.end-player": ["Player", "Joueur"],
    "play.end-change": ["Won or paid", "Gagné ou payé"],
    "play.end-bank": ["Counters now", "Jetons restants"],
    "play.short": ["{name} has too few counters to play the next deal ({antes} needed, {bank} left).",
      "{name} n'a plus assez de jetons pour jouer le coup suivant (il en faut {antes}, il en reste {bank})."],
    "play.short-buy": ["{name} may buy {amount} counters back in now; otherwise {name} sits out.",
      "{name} peut racheter {amount} jetons maintenant ; sinon, {name} reste hors du jeu."],
    "play.short-buy-one": ["{name} may buy 1 counter back in now; otherwise {name} sits out.",
      "{name} peut racheter 1 jeton maintenant ; sinon, {name} reste hors du jeu."],
    "play.short-never": ["This version has no buying back: {name} sits out until the session ends.",
      "Cette version ne permet pas de racheter des jetons : {name} reste hors du jeu jusqu'à la fin de la partie."],
    "play.short-not-agreed": ["This version leaves buying back to the table's agreement, and this table has not agreed to it: {name} sits out until the session ends.",
      "Cette version laisse le rachat de jetons à l'accord de la table, et cette table n'en est pas convenue : {name} reste hors du jeu jusqu'à la fin de la partie."],
    "play.short-bot": ["{name} has too few counters to play and sits out.",
      "{name} n'a plus assez de jetons pour jouer et reste hors du jeu."],
    "play.short-buy-or-end": ["Without counters bought back in, the session is over.",
      "Si personne ne rachète de jetons, la partie est finie."],
    "play.session-over": ["The session is over: too few players can pay to play. Deal starts a new table.",
      "La partie est finie : trop peu de joueurs peuvent payer pour jouer. « Donner » ouvre une nouvelle table."],
    "play.buy": ["{name}: buy {amount} counters", "{name} : racheter {amount} jetons"],
    "play.buy-one": ["{name}: buy 1 counter", "{name} : racheter 1 jeton"],
    "play.job-buying": ["buying counters", "le rachat de jetons"],
    "play.save-one": ["Save the deal", "Enregistrer le coup"],
    "play.save": ["Save the {n} deals", "Enregistrer les {n} coups"],
    "play.job-saving": ["writing the replay file", "l'écriture du fichier de rejeu"],
    "play.saved": ["Saved as {name}: ambigu replay {name} plays it back.",
      "Enregistré sous {name} : ambigu replay {name} le rejoue."],
    "play.saved-own": ["Saved as {name}: ambigu replay {name} plays it back, with your rule file saved beside it as {rules}.",
      "Enregistré sous {name} : ambigu replay {name} le rejoue, votre fichier de règles enregistré à côté sous le nom {rules}."],

    /* The hand evaluator of the combinations page (evaluator.js) */
    "evaluator.unreadable": ["The hand tables could not be read ({error}).",
      "Les tables des mains n'ont pas pu être lues ({error})."],
    "evaluator.placeholder": ["e.g. 2S 3S 4S 9S", "p. ex. 2S 3S 4S 9S"],
    "evaluator.four-cards": ["Four cards", "Quatre cartes"],
    "evaluator.clear": ["Clear", "Effacer"],
    "evaluator.pick-four": ["Pick four cards", "Choisissez quatre cartes"],
    "evaluator.card-title": ["{rank} of {suit}", "{rank} de {suit}"],
    "evaluator.pick-one-more": ["Pick 1 more card.", "Choisissez encore une carte."],
    "evaluator.pick-more": ["Pick {n} more cards.", "Choisissez encore {n} cartes."],
    "evaluator.version": ["Version", "Version"],
    "evaluator.combination": ["Combination", "Combinaison"],
    "evaluator.value": ["Value", "Valeur"],
    "evaluator.beats": ["Beats", "Bat"],
    "evaluator.dealt": ["Dealt", "Fréquence"],
    "evaluator.reading": ["reading the table…", "lecture de la table…"],
    "evaluator.not-in-pack": ["not in this version's pack", "pas dans le jeu de cette version"],
    "evaluator.no-combination": ["no combination", "aucune combinaison"],
    "evaluator.percent": ["{share} %", "{share} %"],
    "evaluator.almost-all": ["more than 99.9 %", "plus de 99,9 %"],
    "evaluator.beats-ties": ["{beats}, ties {ties}", "{beats}, à égalité avec {ties}"],
    "evaluator.one-in": ["1 in {n}", "1 sur {n}"],
    "evaluator.not-a-card": ["Not a card: {cards}. Write a card as its rank and suit letter: 10H, AS, 7C.",
      "Pas une carte : {cards}. Écrivez une carte par son rang et la lettre anglaise de sa couleur : 10H, AS, 7C."],

    /* "What should I keep?" on the combinations page, and the Play page's hint (advice.js) */
    "advice.version": ["Version", "Version"],
    "advice.exchange": ["Exchange", "Échange"],
    "advice.first": ["first exchange, on {n} cards", "premier échange, sur {n} cartes"],
    "advice.second": ["second exchange, on {n} cards", "second échange, sur {n} cartes"],
    "advice.hand": ["Cards in hand", "Cartes en main"],
    "advice.hand-hint": ["{n} cards, as 10H or 10♥, separated by spaces",
      "{n} cartes, écrites 10H ou 10♥, séparées par des espaces"],
    "advice.for-example": ["e.g. {cards}", "p. ex. {cards}"],
    "advice.seen": ["Cards seen (optional)", "Cartes vues (facultatif)"],
    "advice.seen-hint": ["cards you know are out of reach: your earlier discards, hands shown",
      "cartes que vous savez hors d'atteinte : vos écarts précédents, les jeux montrés"],
    "advice.advise": ["Advise", "Conseiller"],
    "advice.working": ["Counting every way the unseen cards can come…",
      "Décompte de toutes les façons dont les cartes non vues peuvent venir…"],
    "advice.job": ["the advice", "le conseil"],
    "advice.stopped": ["Stopped at your request. Press Advise to start again.",
      "Arrêté à votre demande. Appuyez sur « Conseiller » pour recommencer."],
    "advice.table-label": ["Every discard allowed, best first", "Tous les écarts permis, le meilleur en tête"],
    "advice.caption": ["{title}: {hand}, {unseen} cards unseen. Chance of each best combination of the final hand, best discard first.",
      "{title} : {hand}, {unseen} cartes non vues. Chance de chaque meilleure combinaison de la main finale, le meilleur écart en tête."],
    "advice.discard": ["Discard", "Écart"],
    "advice.keep": ["Keep", "Garder"],
    "advice.expected": ["Expected value", "Valeur espérée"],
    "advice.no-combination": ["no combination", "aucune combinaison"],
    "advice.nothing": ["nothing", "rien"],
    "advice.percent": ["{share} %", "{share} %"],
    "advice.below-tenth": ["< 0.1 %", "< 0,1 %"],
    "advice.above-almost": ["> 99.9 %", "> 99,9 %"],
    "advice.best-discard": ["Best: discard {discard} and keep {keep}, an expected value of {value}.",
      "Le mieux : écarter {discard} et garder {keep}, une valeur espérée de {value}."],
    "advice.best-stand": ["Best: keep all of {keep}, an expected value of {value}.",
      "Le mieux : tout garder ({keep}), une valeur espérée de {value}."],
    "advice.no-option": ["No discard is allowed here.", "Aucun écart n'est permis ici."],

    /* What the Python worker is doing (play-worker.js), on the Play page and the examples */
    "worker.loading-python": ["Loading Python (about 18 MB the first time)…",
      "Chargement de Python (environ 18 Mo la première fois)…"],
    "worker.loading-interpreter": ["Loading the interpreter…", "Chargement de l'interpréteur…"],
    "worker.reading-table": ["Reading the {version} hand table…",
      "Lecture de la table des mains de {version}…"],
    "worker.working": ["Working…", "Calcul en cours…"],
    "worker.dealing": ["Dealing…", "La donne…"],
    "worker.running-session": ["Running the session…", "Exécution de la session…"],

    /* The worked examples' "Run it yourself" (examples.js) */
    "examples.run-it-yourself": ["Run it yourself", "À vous de l'exécuter"],
    "examples.run": ["Run it in your browser", "L'exécuter dans votre navigateur"],
    "examples.busy": ["Another session is running; try again when it has finished.",
      "Une autre session est en cours ; réessayez quand elle sera finie."],
    "examples.starting": ["Starting Python…", "Démarrage de Python…"],
    "examples.no-python": ["no Python here", "pas de Python ici"],
    "examples.could-not-run": ["Python could not run it: {error}",
      "Python n'a pas pu l'exécuter : {error}"],
    "examples.failed": ["{failed} of {lines} lines printed something else than the page expects.",
      "{failed} lignes sur {lines} ont affiché autre chose que ce qu'attend la page."],
    "examples.failed-one": ["{failed} of {lines} lines printed something else than the page expects.",
      "{failed} ligne sur {lines} a affiché autre chose que ce qu'attend la page."],
    "examples.passed": ["Run in your browser: all {lines} lines printed what the page expects.",
      "Exécutée dans votre navigateur : les {lines} lignes ont affiché ce qu'attend la page."],
    "examples.passed-one": ["Run in your browser: its one line printed what the page expects.",
      "Exécutée dans votre navigateur : sa seule ligne a affiché ce qu'attend la page."],
    "examples.python": ["Python", "Python"],
    "examples.expected": ["The page expects", "La page attend"],
    "examples.printed": ["Printed", "Affiché"],
    "examples.same": ["✓ the same", "✓ la même chose"],

    /* The comparison matrix (compare.js) */
    "compare.count": ["{differ} of {total} rows differ among the {versions} versions chosen.",
      "{differ} lignes sur {total} diffèrent entre les {versions} versions choisies."],
    "compare.count-only": ["{differ} of {total} rows differ among the {versions} versions chosen; only those are shown.",
      "{differ} lignes sur {total} diffèrent entre les {versions} versions choisies ; seules celles-ci sont affichées."],
    "compare.count-one": ["{differ} of {total} rows differs among the {versions} versions chosen.",
      "{differ} ligne sur {total} diffère entre les {versions} versions choisies."],
    "compare.count-only-one": ["{differ} of {total} rows differs among the {versions} versions chosen; only rows that differ are shown.",
      "{differ} ligne sur {total} diffère entre les {versions} versions choisies ; seules les lignes qui diffèrent sont affichées."]
  };

  var language = (document.documentElement.getAttribute("lang") || "en").slice(0, 2);
  var column = language === "fr" ? 1 : 0;

  function words(key, values) {
    var forms = WORDS[key];
    if (!forms) { throw new Error("ambiguWords: no words for " + key); }
    var text = forms[column] || forms[0];
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return values && values[name] !== undefined ? String(values[name]) : all;
    });
  }

  /* Whether a count of n is said in the singular, by each language's plural rule
   * (CLDR's: English 1, French 0 and 1). */
  var SINGULAR = [function (n) { return n === 1; }, function (n) { return n === 0 || n === 1; }];

  /* The words of a count: `one`'s form where the page's language says n in the
   * singular, else `other`'s (words.count(1, "compare.count-one", "compare.count", {...})). */
  words.count = function (n, one, other, values) {
    return words(SINGULAR[column](n) ? one : other, values);
  };

  /* A number as the page's language writes it: 91,390 and 0.5 in English;
   * 91 390 (a narrow no-break space) and 0,5 in French. */
  words.number = function (value) {
    var parts = String(value).split(".");
    var whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, column ? "\u202f" : ",");
    return parts.length > 1 ? whole + (column ? "," : ".") + parts[1] : whole;
  };
  words.language = column ? "fr" : "en";

  /* A text the data gives in each language ({"en": ..., "fr": ...}: a version's title
   * or a combination's name in tables/index.json), in the page's; else its English,
   * else `otherwise`. */
  words.own = function (forms, otherwise) {
    return (forms && (forms[words.language] || forms.en)) || otherwise;
  };

  window.ambiguWords = words;
})();
