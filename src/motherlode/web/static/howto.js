// How to play each game, in our own words: what the lobby's cards and the rules page show.
// Short on purpose: the rulebooks in rules/ are the authority; docs/<game>.md has our choices.
window.MotherlodeHowTo = {
  carcassonne: {
    line: "Lay land tiles to build a map; claim roads, cities, cloisters and farms.",
    length: "30–45 minutes",
    setup: "The start tile lies on the table; every player has 7 followers. With The " +
      "Goldmines (on by default) some tiles show gold, and a bar is put on each new gold tile.",
    turn: [
      "Draw a tile and place it so that every edge matches its neighbours (roads to roads, " +
        "cities to cities, fields to fields). Click a dotted square, turn the tile, confirm.",
      "You may put one follower on a feature of that tile — a road, a city, a cloister or a " +
        "field — if nobody stands on that feature yet.",
      "A finished road, city or cloister scores at once for whoever has the most followers on it; " +
        "those followers come back.",
    ],
    scoring: "Roads 1 point a tile, cities 2 a tile and pennant (1 when unfinished), a " +
      "cloister 1 per tile round it and itself; at the end each farm scores 3 per finished " +
      "city it touches. Gold bars go to whoever scores the feature next to them.",
    tip: "A follower in a field stays there for the whole game: farm late, not early.",
  },
  goldfix: {
    line: "Auction mine leases, build headgear, mine and sell gold as the GOLDFIX moves.",
    length: "60–120 minutes",
    setup: "Everyone starts with cash and a token on the board. Mine leases, headgear and " +
      "drill reports come up for auction; the bullion market sets the price of gold.",
    turn: [
      "Before rolling you may trade, repay loans or take part in the auctions that come up.",
      "Roll the dice and move; every square passed or landed on does something, in order " +
        "(auctions, the market, taxes, RISK cards).",
      "Each mine you pass produces bullion; sell it when the price is good.",
    ],
    scoring: "Net worth = cash + assets + bullion − $250M for each loan note. The first " +
      "player past the winning net worth ends the game at the end of that round.",
    tip: "Each loan note counts −$250M in your net worth: repay it before the end.",
  },
  gonza: {
    line: "Roll five dice to trade stocks of space corporations and bid for broker cards.",
    length: "30–45 minutes",
    setup: "Six corporations are face up, each with a value track. Every player has a " +
      "supply of credits; the broker cards are dealt face up.",
    turn: [
      "Your dice are rolled for you; you may re-roll any of them up to twice (the black " +
        "die's event face stays).",
      "Use each die once: place a credit on a corporation, move a value up or down, earn " +
        "credits, or bid on a broker card.",
      "The third event token reveals an event card at once; then the broker cards are " +
        "auctioned (a tie goes to the player whose turn it is).",
    ],
    scoring: "When the event deck runs out there is one final round. Your worth is the " +
      "credits in your personal supply + each corporation's credits × its value + end-game broker " +
      "cards. Ties: fewer dice used in the final round.",
    tip: "Push up the corporations you hold, push down the ones the others hold.",
  },
  goodwill: {
    line: "Price shares of three 1950s companies in secret and bet on news only you have seen.",
    length: "45–60 minutes",
    setup: "Three companies (Amber, Black, Crimson) with a boss each; every player has cash " +
      "and a few shares of each. The game runs from 1953 to 1957.",
    turn: [
      "Each year four pieces of news are drawn; each player sees only some of them.",
      "For each company, twice: everyone sets a secret price; the highest buys a share from " +
        "the lowest at the average price.",
      "A shareholder may propose a new boss; the shareholders vote (one vote a share).",
      "Then all the news is revealed and played, and each company pays its result.",
    ],
    scoring: "At the end your worth is your cash + each share you hold × its value.",
    tip: "Your price says what you know: price high only when the news you saw is good.",
  },
  yukon: {
    line: "Teams of gold-diggers crawl round the claims; surround one to stake its nuggets.",
    length: "20–40 minutes",
    setup: "Each player has a team of 12 gold-diggers. In turn, everyone puts one on a free " +
      "start space (s) at the edge of the board.",
    turn: [
      "Throw the die (a 1 throws again). Each pip brings a gold-digger on next to your team, " +
        "or, once all 12 are on, moves the one at an end of the team to the other end.",
      "The team keeps its direction for the turn; meeting another team turns it back once.",
      "A team that rings a claim may stake it for one pip: a gold-digger stays on it and the " +
        "turn ends. Staking is the way to score — the game offers it as the main button.",
    ],
    scoring: "Most nuggets in your staked claims wins. Whoever stakes the 6 first takes no " +
      "more turns; the game ends when every claim is taken or at most one team can move.",
    tip: "The first claim needs all 12 in a closed ring; later ones only need the team round it.",
  },
};
