// Family mode's words: every word of the screens that speaks of drinks, a
// toilet or swearing has its family wording here (t() uses it while the
// room is in family mode, i18n.setFamily). Each is a whole sentence through
// t(), so every language has it. tests/web/test_family_words.py fails when a
// string of static/js that names a drink has no entry here (forfeits.js,
// which words each form of forfeit itself, aside).
import { registerFamilyWords, t } from "./i18n.js";

registerFamilyWords({
  Drinks: () => t("Points"),
  Mates: () => t("Partners"),
  "Pick who drinks": () => t("Pick who takes a point"),
  "Pick your mate": () => t("Pick your partner"),
  "{name} is choosing who drinks…": (p) => t("{name} is choosing who takes a point…", p),
  "{name} is choosing a mate…": (p) => t("{name} is choosing a partner…", p),
  "Your mates share your forfeits: {names}": (p) => t("Your partners share your points: {names}", p),
  "cup {filled}/{of}": (p) => t("kings {filled}/{of}", p),
  "{count} card left round the cup|{count} cards left round the cup":
    (p) => t("{count} card left round the crown|{count} cards left round the crown", p),
  Chugalug: () => t("Buzz"),
  "Start chugalug": () => t("Start the count"),
  "Start chugalug: one…": () => t("Start the count: one…"),
  "{name} starts chugalug: left or right?": (p) => t("{name} starts the count: left or right?", p),
  "Multiples of 5 or 7: say \"chugalug\" and the count turns round.":
    () => t("Multiples of 5 or 7: say \"buzz\" and the count turns round."),
  "Chugalug at {number}: {name} said {said} (it was {expected})":
    (p) => t("Counting at {number}: {name} said {said} (it was {expected})", p),
  "Chugalug at {number} (it was “{expected}”): too slow.": (p) => t("Counting at {number} (it was “{expected}”): too slow.", p),
  "Chugalug at {number}: “{said}” instead of “{expected}”.": (p) => t("Counting at {number}: “{said}” instead of “{expected}”.", p),
  "Chugalug needs at least two players.": () => t("The count needs at least two players."),
  "Chugalug: {number} without a mistake!": (p) => t("Counting: {number} without a mistake!", p),
  "{player} starts chugalug: “one to my left”.": (p) => t("{player} starts the count: “one to my left”.", p),
  "{player} starts chugalug: “one to my right”.": (p) => t("{player} starts the count: “one to my right”.", p),
  "{player} uses the toilet card and may go to the toilet.": (p) => t("{player} uses the break card and may take a break.", p),
  "{by} says “f*** off” to {player}.": (p) => t("{by} says “not this time” to {player}.", p),
  Necks: () => t("Big forfeits"),
  "A big forfeit (instead of necking a drink)": () => t("A big forfeit (the last king, a caught question)"),
  "What whoever is not drinking does when a card says to neck a drink; said on the TV and their phone.":
    () => t("What a player does when a card gives a big forfeit; said on the TV and their phone."),
  "Toilet card": () => t("Break card"),
  "Use the toilet card": () => t("Use the break card"),
  "\"F*** off!\" (turn the question card on its holder)": () => t("\"Not this time!\" (turn the question card on its holder)"),
  "you drink": () => t("you take a point"),
  "Waterfall — stop in this order: {order}": (p) => t("Waterfall — stop clapping in this order: {order}", p),
  "Waterfall — everybody drinks until {name} stops.": (p) => t("Waterfall — everybody claps until {name} stops.", p),
  "Waterfall — everybody drinks until you stop.": () => t("Waterfall — everybody claps until you stop."),
  "the cup is necked": () => t("the last king is drawn"),
  "{by} says “f*** off” to you.": (p) => t("{by} says “not this time” to you.", p),
  "“f*** off”": () => t("“not this time”"),
  "“F*** off!”": () => t("“Not this time!”"),
  "“F*** off” to {name} in {count} s…": (p) => t("“Not this time” to {name} in {count} s…", p),
  "Did {name} just ask you a question, touching the question card? Answer “f*** off” and {name} necks.":
    (p) => t("Did {name} just ask you a question, touching the question card? Answer “not this time” and {name} takes a big forfeit.", p),
  "A bot: the app plays this seat. Bots never drink.": () => t("A bot: the app plays this seat."),
  "Bots play the card games, never the drinking decks, and never drink.":
    () => t("Bots play the card games, never the party decks."),
  "The bots sit this one out: the drinking decks are for people.":
    () => t("The bots sit this one out: the party decks are for people."),
  // howto.js
  "Counted in fingers: a rummy costs everybody else two, and so does each joker laid in a set.":
    () => t("A rummy costs everybody else two points, and so does each joker laid in a set."),
  "Counted in fingers: most cards say how many; a broken rule costs two.":
    () => t("Most cards say how many points; a broken rule costs two."),
  "Draw the cards round the cup in turn and do what each one says.":
    () => t("Draw the cards round the crown in turn and do what each one says."),
  "The first three kings are free; whoever draws the fourth necks the drink in front of them, and the game ends.":
    () => t("The first three kings are free; whoever draws the fourth takes a big forfeit, and the game ends."),
  "The game ends with the last card, or when the fourth king is drawn: its drawer drinks the cup.":
    () => t("The game ends with the last card, or when the fourth king is drawn: its drawer takes a big forfeit."),
});
