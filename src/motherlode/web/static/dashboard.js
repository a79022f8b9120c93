// @ts-check
// GOLDFIX DASHBOARD: every figure comes from the server (money.py through the ledger);
// this page only shows them and posts transactions.
//
// What it guarantees (issue 22):
// - one booking per deliberate click: a booking button does nothing while another booking
//   is on its way, ignores the second click of a double click, and carries the number of
//   entries the page shows (`expect_entries`), so a stale page is refused, not booked twice;
// - a click lands on the button that was under it: typing in a box never redraws the page
//   (only a booking or a drop-down does), so leaving a box cannot swap the button away;
// - every choice that feeds a booking is cleared once it is booked (the auction broker is
//   kept only when "keep the broker" is ticked), so a second click books nothing;
// - previews ("what this click will book") are the server's own words (`/quote`).
//
// Its words go through `t("…")`, the site's catalog (static/i18n.js, loaded before this
// script); the game's printed names (BANK, BULLION, LOAN NOTE, MINE LEASE, HEADGEAR, DRILL
// REPORT, the tax table's LOW and HIGH, the A2 buttons LIQ and CORP) stay as printed in
// every language.
"use strict";

/** Words in the page's language (static/i18n.js; English with the `{name}` places filled
 * where the page has no catalog).
 * @param {string} text @param {Record<string, unknown>} [params] @returns {string} */
const t = (text, params) => {
  const i18n = window.Motherlode && window.Motherlode.i18n;
  if (i18n) return i18n.t(text, params);
  return params ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole)) : text;
};

/** The page's element of that id (dashboard.html has each one), of whatever kind.
 * @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);
const M = (n) => (n < 0 ? "−$" + (-n).toLocaleString("en-US") : "$" + n.toLocaleString("en-US")) + "M";
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
const parts = location.pathname.split("/").filter(Boolean);
const dashId = parts.length > 2 ? decodeURIComponent(parts[2]) : null;
const ITEMS = ["bullion", "mine_leases", "headgears", "drill_reports", "loan_notes", "merchant_bank_fees"];
let view = null;
let busy = false;
let shown = 0;  // the player card shown on a phone
// Choices that feed bookings, per player; `fresh*()` are their cleared values.
const freshCard = () => ({ dice: "", drs: "0", bonus: "0", liq: "0" });
const ui = { card: {}, sale: {}, bid: {}, asset: {} };
// The page's fixed words.  The drawing below is template literals, and the catalog's
// extractor (Babel) does not look inside their `${…}`: a t("…") is called here or in a
// plain expression before the template, never inside one.
const WORDS = {
  winner: t("WINNER"), bankrupt: t("BANKRUPT"), account: t("ACCOUNT [15]"), netCash: t("NET CASH [17]"),
  repay: t("REPAY $250M [14]"), borrow: t("BOR $250M [11]"), borrowDiscount: t("BOR $260M [12]"),
  interestFirst: t("Interest first: PAY INT before a new loan."), chooseDice: t("choose the dice"),
  dice: t("dice…"), noDr: t("no DR"), noBonus: t("no bonus"), ownMine: t("+100 own mine"),
  vaultKoz: t("VAULT kOz [20]"), vaultValue: t("VAULT VALUE"), liqValue: t("LIQ VALUE [8]"),
  assets: t("ASSETS"), tax: t("TAX"), buy: t("BUY [28]"),
  player: t("Player"), netWorth: t("Net worth"), cash: t("Cash"), notes: t("Notes"),
  atGoldfix: t("at GOLDFIX value"), drByDice: t("DR \\ dice"), drCounts: [t("NONE"), t("ONE"), t("TWO")],
  roll: t("Roll: the red die sets the price (4: 2x, 5: 1x, 6: 0.5x the GOLDFIX value)"),
  owner: t("Owner"), counter: t("Counter (black die)"), noneYet: t("none yet"),
};

// ------------------------------------------------------------------ server calls

function showError(msg) {
  $("error").textContent = msg || "";
  $("error").classList.toggle("hidden", !msg);
}

function showBooked(msg) {
  $("booked").textContent = msg || "";
  $("booked").classList.toggle("hidden", !msg);
}

async function api(method, url, body) {
  const r = await fetch(url, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const d = data.detail;
    /** @type {Error & { status?: number }} */
    const err = new Error(typeof d === "string" ? d : Array.isArray(d) ? d.map((e) => e.msg).join("; ") : t("request refused"));
    err.status = r.status;
    throw err;
  }
  return data;
}

// A booking click: ignored while another is on its way or as a double click's second.
function deliberate(ev) {
  return !busy && !(ev && ev.detail > 1);
}

async function send(path, body, clear) {
  busy = true;
  document.body.classList.add("busy");
  try {
    view = await api("POST", `/api/dashboards/${dashId}/${path}`, body);
    showError("");
    if (clear) clear();
    hideUndo();
    const last = view.log[0];
    if (path === "undo") showBooked(t("Taken back: #{index} {effect}", view.undone));
    else showBooked(last ? t("Booked #{index}: {effect}", last) : "");
    render();
  } catch (e) {
    if (e.status === 409) {
      hideUndo();
      await load();
      showError(t("{error} — the page now shows the latest books; nothing was booked.", { error: e.message }));
    } else showError(e.message);
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

function book(tx, clear) {
  return send("transactions", { ...tx, expect_entries: view.state.entries }, clear);
}

// "What this click will book", in the server's words; nothing is stored.
const quoteTimers = {};
function quote(el, tx) {
  clearTimeout(quoteTimers[el.id]);
  if (!tx) { el.textContent = ""; el.classList.remove("bad"); return; }
  quoteTimers[el.id] = setTimeout(async () => {
    try {
      const q = await api("POST", `/api/dashboards/${dashId}/quote`, tx);
      el.textContent = t("Books: {effect}", q);
      el.classList.remove("bad");
    } catch (e) { el.textContent = e.message; el.classList.add("bad"); }
  }, 120);
}

// ------------------------------------------------------------------ rendering

function options(sel, items, value) {
  sel.innerHTML = items.map(([v, label]) => `<option value="${esc(v)}">${esc(label)}</option>`).join("");
  if (items.some(([v]) => String(v) === String(value))) sel.value = String(value);
}

function keepOptions(sel, items) { options(sel, items, sel.value); }

function fig(label, value, cls = "") {
  return `<div><span>${label}</span><b class="${cls}" data-fig>${value}</b></div>`;
}

const LABELS = { dice: t("dice used"), drs: t("matching DRILL REPORTS"), bonus: t("landing bonus"), liq: t("% of the vault to liquidate"), asset: t("asset won") };
function selectHtml(name, p, items, val) {
  return `<select data-ui="${name}" data-p="${p}" aria-label="${LABELS[name]}">` + items.map(([v, label]) =>
    `<option value="${v}"${String(v) === String(val) ? " selected" : ""}>${label}</option>`).join("") + "</select>";
}

function playerCard(p, s) {
  const u = ui.card[p.index] ||= freshCard();
  const q = p.quotes[u.liq];
  const dis = p.bankrupt ? " disabled" : "";
  const b = (kind, text, ok = true, extra = "") =>
    `<button data-kind="${kind}" data-p="${p.index}" data-book${ok ? "" : " disabled"}${dis}${extra}>${text}</button>`;
  const add = u.dice === "" ? WORDS.chooseDice : `${s.production[u.dice][+u.drs] + +u.bonus} kOz`;
  const borrow = p.can_borrow && !p.interest_first;
  const W = WORDS;
  const say = {
    netWorth: t("net worth [9] {amount}", { amount: `<b data-fig="networth">${M(p.net_worth)}</b>` }),
    payInterest: t("PAY INT {amount} [13]", { amount: M(p.interest) }),
    dice: ["1-3", "4-6", "7-9", "10-11", "12"].map((range) => [range.split("-")[0], t("dice {range}", { range })]),
    add: t("ADD {amount} [18][19]", { amount: add }),
    bonus: t("+{koz} kOz BONUS (opponent landed)", { koz: s.bonuses.opponent }),
    liq: s.constants.sale_percents.map((v) => [v, t("{percent}% of vault", { percent: v })]),
    headgear: t("BUY HEADGEAR {amount} [30]", { amount: M(s.prices.headgear) }),
  };
  return `<article class="pcard${p.winner ? " winner" : ""}${p.bankrupt ? " bankrupt" : ""}${p.index === shown ? " shown" : ""}" data-player="${p.index}">
  <h3><span>#${p.rank} ${esc(p.name)} ${p.winner ? `<span class="badge">${W.winner}</span>` : ""}${p.bankrupt ? `<span class="badge">${W.bankrupt}</span>` : ""}</span>
    <span class="nw">${say.netWorth}</span></h3>
  <div class="sect"><span class="t">BANK</span>
    <div class="figs">${fig(W.account, M(p.cash), p.cash < 0 ? "neg" : "")}${fig("# LOAN NOTE [16]", p.notes)}${fig(W.netCash, M(p.net_cash), p.net_cash < 0 ? "neg" : "")}</div>
    <div class="btns">${b("pay_interest", say.payInterest, p.notes > 0)}${b("repay", W.repay, p.notes > 0 && p.cash >= 250)}
      ${b("normal_loan", W.borrow, borrow)}${b("discount_loan", W.borrowDiscount, borrow)}</div>
    ${p.interest_first && p.can_borrow ? `<p class="hint">${W.interestFirst}</p>` : ""}</div>
  <div class="sect"><span class="t">BULLION</span>
    <div class="btns three">${selectHtml("dice", p.index, [["", W.dice], ...say.dice], u.dice)}
      ${selectHtml("drs", p.index, [["0", W.noDr], ["1", "1 DR"], ["2", "2 DR"]], u.drs)}${selectHtml("bonus", p.index, [["0", W.noBonus], ["100", W.ownMine]], u.bonus)}</div>
    <div class="btns">${b("production", say.add, u.dice !== "")}${b("bonus50", say.bonus)}</div>
    <div class="figs">${fig(W.vaultKoz, p.bullion)}${fig(W.vaultValue, M(p.bullion_value))}${fig(W.liqValue, M(q.value))}</div>
    <div class="btns three">${selectHtml("liq", p.index, say.liq, u.liq)}
      ${b("liq50", `LIQ −50% ${M(q.liquidation["50"])} [25]`, q.koz > 0)}${b("liq25", `LIQ −25% ${M(q.liquidation["25"])} [25]`, q.koz > 0)}</div></div>
  <div class="sect"><span class="t">${W.assets}</span>
    <div class="figs">${fig("# MINE LEASE [29]", p.mine_leases)}${fig("# HEADGEAR [30]", p.headgears)}${fig("# DRILL REPORT [31]", p.drill_reports)}</div>
    <div class="btns">${b("buy_headgear", say.headgear, p.headgears < p.mine_leases)}</div></div>
  <div class="sect"><span class="t">${W.tax}</span>
    <div class="btns">${b("bullion_tax", `BULLION ${M(p.bullion_tax)} [32]`)}${b("corporation_tax", `CORP ${M(p.corporation_tax)} [33]`)}
      ${b("interim_bullion", `20% BULLION ${M(p.interim_bullion_tax)} [34]`)}${b("interim_corp", `20% CORP ${M(p.interim_corporation_tax)} [35]`)}</div>
    <div class="figs">${fig("BULLION BROKER [41]", M(p.bullion_commission))}${fig("ASSET BROKER [43]", M(p.asset_commission))}${fig(W.assets, M(p.asset_value))}</div></div>
</article>`;
}

function saleRow(p, s) {
  const pct = ui.sale[p.index] || "0";
  const q = p.quotes[pct];
  const broker = $("broker").value;
  const sale = q.sale[broker === "" || broker === String(p.index) ? "0" : $("rate").value];
  const pcts = s.constants.sale_percents.map((v) =>
    `<button class="pct${String(v) === pct ? " on" : ""}" data-sale="${v}" data-p="${p.index}" aria-pressed="${String(v) === pct}"${p.bankrupt || (v && !p.bullion) ? " disabled" : ""}>${v}%</button>`).join("");
  const group = t("% of {name}'s vault to sell [21]", { name: esc(p.name) });
  const sells = q.koz ? t("sells {koz} · pay to mine [22] {net} · commission [23] {commission}",
    { koz: `<b>${q.koz} kOz</b>`, net: `<b>${M(sale.net)}</b>`, commission: M(sale.commission) }) : "";
  return `<div class="sale${pct !== "0" ? " chosen" : ""}" data-sale-row="${p.index}">
    <span class="who"><b>${esc(p.name)}</b> <span data-fig="vault">${p.bullion} kOz</span> <span class="muted">${M(p.bullion_value)}</span></span>
    <span class="pcts" role="group" aria-label="${group}">${pcts}</span>
    <span class="q">${sells}</span>
  </div>`;
}

function bidRow(p, s) {
  const asset = ui.asset[p.index] || "mine_lease";
  const min = asset === "mine_lease" ? s.prices.mine_lease : s.prices.drill_report;
  const placeholder = t("bid ≥ {min}", { min });
  const label = t("{name}'s winning bid [26]", { name: esc(p.name) });
  return `<div class="bid" data-bid-row="${p.index}">
    <b class="who">${esc(p.name)}</b>
    ${selectHtml("asset", p.index, [["mine_lease", "MINE LEASE"], ["drill_report", "DRILL REPORT"]], asset)}
    <input type="number" data-bid="${p.index}" min="${min}" inputmode="numeric" placeholder="${placeholder}" value="${esc(ui.bid[p.index] || "")}" aria-label="${label}"${p.bankrupt ? " disabled" : ""}>
    <button data-buy="${p.index}" data-book${p.bankrupt ? " disabled" : ""}>${WORDS.buy}</button>
    <span class="preview" id="bid-preview-${p.index}"></span>
  </div>`;
}

function render() {
  const s = view.state;
  $("setup").classList.add("hidden");
  $("board").classList.remove("hidden");
  $("subtitle").textContent = s.players.map((p) => p.name).join(", ");
  $("goldfix").textContent = "$" + s.goldfix.toLocaleString("en-US");
  $("minbids").textContent = `${M(s.prices.mine_lease)} / ${M(s.prices.drill_report)}`;
  $("hgprice").textContent = M(s.prices.headgear);
  $("tax").textContent = `${s.tax} ${s.tax_percent}%`;
  $("winner").textContent = s.winner === s.default_winner ? M(s.winner) : t("{amount} (custom)", { amount: M(s.winner) });
  const interest = { amount: M(s.interest_per_note), percent: s.interest_percent };
  $("interest").textContent = s.interest_rate === null ? t("{amount} (tax {percent}%)", interest) : `${interest.amount} (${interest.percent}%)`;
  $("csv").href = `/api/dashboards/${dashId}/ledger.csv`;
  $("undo").disabled = s.entries === 0;
  $("undo").textContent = s.entries ? t("Undo #{entries}…", s) : t("Undo");
  const players = s.players.filter((p) => !p.bankrupt).map((p) => [p.index, p.name]);
  const everyone = s.players.map((p) => [p.index, p.name]);
  keepOptions($("broker"), [["", t("no broker (0%)")], ...players]);
  keepOptions($("a-broker"), [["", t("no broker")], ...players]);
  if (!$("rate").options.length) options($("rate"), s.constants.broker_rates.map((r) => [r, r + "%"]), "10");
  const pick = (what) => [["", what]];
  const parties = [...players, ["bank", "BANK"]];
  keepOptions($("t-seller"), [...pick(t("seller…")), ...parties]);
  keepOptions($("t-buyer"), [...pick(t("buyer…")), ...parties]);
  keepOptions($("c-payer"), [...pick(t("payer…")), ...parties]);
  keepOptions($("c-payee"), [...pick(t("payee…")), ...parties]);
  keepOptions($("l-player"), [...pick(t("player…")), ...players]);
  const dice = [1, 2, 3, 4, 5, 6].map((d) => [d, d]);
  keepOptions($("m-red"), [...pick(t("red…")), ...dice]);
  keepOptions($("m-black"), [...pick(t("black…")), ...dice]);
  keepOptions($("m-bidder"), [...pick(t("bidder…")), ...players]);
  $("player-tabs").innerHTML = everyone.map(([i, n]) =>
    `<button data-tab="${i}" class="${i === shown ? "on" : ""}" aria-pressed="${i === shown}">${esc(n)}</button>`).join("");
  $("players").innerHTML = s.players.map((p) => playerCard(p, s)).join("");
  renderMarket();
  $("bids").innerHTML = s.players.map((p) => bidRow(p, s)).join("");
  for (const p of s.players) previewBid(p.index);
  $("ranking").innerHTML = `<tr><th>#</th><th>${WORDS.player}</th><th>${WORDS.netWorth}</th><th>${WORDS.cash}</th><th>${WORDS.notes}</th></tr>` +
    s.ranking.map((i, n) => { const p = s.players[i];
      return `<tr><td>${n + 1}</td><td>${esc(p.name)}${p.winner ? ` — ${WORDS.winner}` : ""}${p.bankrupt ? ` — ${WORDS.bankrupt}` : ""}</td><td>${M(p.net_worth)}</td><td>${M(p.cash)}</td><td>${p.notes}</td></tr>`; }).join("");
  renderTakeover();
  renderTransfer();
  const bundles = [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 1, 2]];
  const who = $("l-player").value;
  $("liq-table").innerHTML = `<tr><th>${WORDS.atGoldfix}</th><th>−25%</th><th>−50%</th><th>−75%</th></tr>` +
    s.liquidation_table.map((r, i) => `<tr><td>${r.label} (${M(r.value)})</td>` +
      [25, 50].map((d) => `<td><button data-liq="${bundles[i].join(",")}" data-discount="${d}" data-book${who === "" ? " disabled" : ""}>LIQ ${r.discounts[d]}</button></td>`).join("") +
      `<td class="muted">${r.discounts["75"]}</td></tr>`).join("");
  const heads = ["1,2,3", "4,5,6", "7,8,9", "10,11", "12"];
  const bonuses = t("{own} BONUS if player LANDS ON own mine · {opponent} BONUS if opponent LANDS ON your mine", s.bonuses);
  $("prod-table").innerHTML = `<tr><th>${WORDS.drByDice}</th>${heads.map((h) => `<th>${h}</th>`).join("")}</tr>` +
    WORDS.drCounts.map((n, i) => `<tr><th>${n}</th>${s.production_table[i].map((v) => `<td>${v}</td>`).join("")}</tr>`).join("") +
    `<tr><td colspan="6">${bonuses}</td></tr>`;
  $("entries").textContent = t("{count} transaction(s)", { count: s.entries });
  $("log").innerHTML = view.log.map((e) => `<li value="${e.index}">${esc(e.effect)}</li>`).join("");
  calc();
}

function renderMarket() {
  const s = view.state;
  $("sales").innerHTML = s.players.map((p) => saleRow(p, s)).join("");
  const chosen = s.players.filter((p) => (ui.sale[p.index] || "0") !== "0");
  $("sell").disabled = chosen.length === 0;
  $("sell").textContent = chosen.length ? t("SELL for {names}", { names: chosen.map((p) => p.name).join(", ") }) : t("SELL");
  $("sell-summary").textContent = chosen.length ? "" : t("choose a % for each seller");
}

function renderTakeover() {
  const s = view.state, red = $("m-red").value;
  const rows = s.takeover_tables[red];
  const outcome = rows ? t("red {red}: takeover SUCCESSFUL", { red })
    : t("red {red}: takeover FAILS (the {fee} fee is not refunded)", { red, fee: M(s.constants.merchant_bank_fee) });
  $("m-table").innerHTML = red === "" ? `<tr><td class="muted">${WORDS.roll}</td></tr>`
    : rows ? `<tr><th>${outcome}</th><th>$M</th></tr>` + rows.map((r) => `<tr><td>${r.label}</td><td>${r.cost}</td></tr>`).join("")
      : `<tr><td>${outcome}</td></tr>`;
  const bidder = $("m-bidder").value;
  const kept = ownerInputs();
  const dice = [["", t("none")], ...[1, 2, 3, 4, 5, 6].map((d) => [d, t("black {die}", { die: d })])];
  $("m-owners").innerHTML = `<tr><th>${WORDS.owner}</th><th>ML</th><th>HG</th><th>DR</th><th>${WORDS.counter}</th></tr>` +
    s.players.filter((p) => !p.bankrupt && String(p.index) !== bidder).map((p) => {
      const k = kept[p.index] || {};
      const counter = t("{name} counter", { name: esc(p.name) });
      const num = (key, max) => `<input type="number" min="0" max="${max}" inputmode="numeric" data-owner="${p.index}" data-key="${key}" value="${esc(k[key] || "")}" placeholder="0" aria-label="${esc(p.name)} ${key}">`;
      return `<tr><td>${esc(p.name)}<br><span class="muted">${p.mine_leases} ML ${p.headgears} HG ${p.drill_reports} DR</span></td><td>${num("mine_leases", 1)}</td><td>${num("headgears", 1)}</td><td>${num("drill_reports", 2)}</td>` +
        `<td><select data-owner="${p.index}" data-key="counter" aria-label="${counter}">${dice.map(([v, label]) => `<option value="${v}"${String(v) === (k.counter || "") ? " selected" : ""}>${label}</option>`).join("")}</select></td></tr>`;
    }).join("");
  previewTakeover();
}

function ownerInputs() {
  const out = {};
  for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("#m-owners [data-owner]"))) {
    (out[el.dataset.owner] ||= {})[el.dataset.key] = el.value;
  }
  return out;
}

// ------------------------------------------------------------ transactions

function takeoverTx() {
  const bidder = $("m-bidder").value, red = $("m-red").value, black = $("m-black").value;
  if (bidder === "" || red === "" || black === "") return null;
  const owners = [], counters = [];
  for (const [p, k] of Object.entries(ownerInputs())) {
    const counts = { mine_leases: +(k.mine_leases || 0), headgears: +(k.headgears || 0), drill_reports: +(k.drill_reports || 0) };
    if (counts.mine_leases || counts.headgears || counts.drill_reports) owners.push({ player: +p, ...counts });
    if (k.counter) counters.push([+p, +k.counter]);
  }
  return { kind: "takeover", bidder: +bidder, red: +red, black: +black, owners, counters };
}

function previewTakeover() { quote($("m-preview"), takeoverTx()); }

function transferTx() {
  const seller = $("t-seller").value, buyer = $("t-buyer").value;
  if (seller === "" || buyer === "") return null;
  const party = (v) => (v === "bank" ? "bank" : +v);
  const tx = { kind: "transfer", seller: party(seller), buyer: party(buyer) };
  for (const k of ITEMS) { const v = $("t-" + k).value; if (v !== "") tx[k] = +v; }
  if (seller === "bank" || buyer === "bank") {
    // The BANK's side is priced by the rules (the server); a discount only for its purchases.
    if (buyer === "bank" && ["bullion", "mine_leases", "headgears", "drill_reports"].some((k) => tx[k]))
      tx.discount = +$("t-discount").value;
  } else tx.price = +($("t-price").value || 0);
  return tx;
}

function renderTransfer() {
  const bank = $("t-seller").value === "bank" || $("t-buyer").value === "bank";
  $("t-price").disabled = bank;
  if (bank) $("t-price").value = "";
  $("t-price").placeholder = bank ? t("rules' price") : "0";
  $("t-discount-label").classList.toggle("hidden", $("t-buyer").value !== "bank");
  const tx = transferTx();
  quote($("t-preview"), tx && ITEMS.some((k) => tx[k]) ? tx : null);
}

function clearTransfer() {
  for (const id of ["t-seller", "t-buyer", "t-price", ...ITEMS.map((k) => "t-" + k)]) $(id).value = "";
  $("t-discount").value = "50";
}

function previewBid(p) {
  const el = $("bid-preview-" + p);
  const bid = ui.bid[p] || "";
  if (!el) return;
  if (bid === "") { quote(el, null); return; }
  const broker = $("a-broker").value;
  quote(el, { kind: "buy_asset", player: p, asset: ui.asset[p] || "mine_lease", price: +bid, broker: broker === "" ? null : +broker });
}

function buy(p) {
  const s = view.state;
  const asset = ui.asset[p] || "mine_lease";
  const bid = ui.bid[p] || "";
  const min = asset === "mine_lease" ? s.prices.mine_lease : s.prices.drill_report;
  if (bid === "") return showError(t("Type {name}'s winning bid first (at least {min}).", { name: s.players[p].name, min: M(min) }));
  const broker = $("a-broker").value;
  return book({ kind: "buy_asset", player: p, asset, price: +bid, broker: broker === "" ? null : +broker }, () => {
    ui.bid[p] = ""; ui.asset[p] = "mine_lease";
    if (!$("a-keep").checked) $("a-broker").value = "";
  });
}

function playerAction(kind, p) {
  const u = ui.card[p];
  const clear = () => { ui.card[p] = freshCard(); };
  switch (kind) {
    case "production":
      if (u.dice === "") return showError(t("Choose the dice first."));
      return book({ kind, player: p, dice: +u.dice, drill_reports: +u.drs, bonus: +u.bonus }, clear);
    case "bonus50":
      return book({ kind: "production", player: p, koz: 0, bonus: view.state.bonuses.opponent });
    case "liq50": case "liq25":
      return book({ kind: "liquidate_bullion", player: p, percent: +u.liq, discount: kind === "liq50" ? 50 : 25 }, clear);
    case "interim_bullion": return book({ kind: "bullion_tax", player: p, interim: true });
    case "interim_corp": return book({ kind: "corporation_tax", player: p, interim: true });
    default: return book({ kind, player: p });
  }
}

function hideUndo() { $("undo-confirm").classList.add("hidden"); }

function wire() {
  const onBook = (id, fn) => $(id).addEventListener("click", (ev) => { if (deliberate(ev)) fn(ev); });
  $("players").addEventListener("click", (ev) => {
    const btn = ev.target.closest("button[data-kind]");
    if (btn && deliberate(ev)) playerAction(btn.dataset.kind, +btn.dataset.p);
  });
  $("players").addEventListener("change", (ev) => {
    const el = ev.target;  // drop-downs only: a typed box never redraws the page
    if (el.tagName === "SELECT" && el.dataset.ui) { ui.card[+el.dataset.p][el.dataset.ui] = el.value; render(); }
  });
  $("player-tabs").addEventListener("click", (ev) => {
    const tab = ev.target.closest("button[data-tab]");
    if (tab) { shown = +tab.dataset.tab; render(); }
  });
  $("sales").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-sale]");
    if (b) { ui.sale[b.dataset.p] = b.dataset.sale; renderMarket(); }
  });
  for (const id of ["broker", "rate"]) $(id).addEventListener("change", renderMarket);
  onBook("sell", () => {
    const sales = view.state.players.filter((p) => !p.bankrupt && (ui.sale[p.index] || "0") !== "0")
      .map((p) => [p.index, +ui.sale[p.index]]);
    if (!sales.length) return showError(t("Choose a % to sell for at least one player."));
    const broker = $("broker").value;
    return book({ kind: "sell_bullion", broker: broker === "" ? null : +broker,
      rate: broker === "" ? 0 : +$("rate").value, drop: +$("drop").value, sales }, () => {
      ui.sale = {}; $("broker").value = ""; $("rate").value = "10"; $("drop").value = "100";
    });
  });
  $("bids").addEventListener("input", (ev) => {
    const p = ev.target.dataset.bid;
    if (p !== undefined) { ui.bid[p] = ev.target.value; previewBid(+p); }
  });
  $("bids").addEventListener("change", (ev) => {
    const el = ev.target;
    if (el.tagName === "SELECT") { ui.asset[el.dataset.p] = el.value; render(); }
  });
  $("bids").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-buy]");
    if (b && deliberate(ev)) buy(+b.dataset.buy);
  });
  $("a-broker").addEventListener("change", () => { for (const p of view.state.players) previewBid(p.index); });
  onBook("gf-up", () => book({ kind: "goldfix_up" }));
  onBook("gf-down", () => book({ kind: "goldfix_down" }));
  onBook("tax-chn", () => book({ kind: "tax_switch" }));
  onBook("winner-set", () => {
    const v = $("winner-custom").value;
    return book(v === "" ? { kind: "winner_target" } : { kind: "winner_target", target: +v }, () => { $("winner-custom").value = ""; });
  });
  onBook("interest-set", () => {
    const v = $("interest-rate").value;
    if (v === "") return showError(t("Choose the interest rate the table agreed."));
    return book(v === "tax" ? { kind: "interest_rate" } : { kind: "interest_rate", percent: +v }, () => { $("interest-rate").value = ""; });
  });
  $("undo").addEventListener("click", async () => {
    if (busy) return;
    hideUndo();
    await load();  // show the entry that is the last one now, not the one this page last drew
    const last = view.log[0];
    if (!last) return showError(t("There is nothing to undo."));
    $("undo-text").textContent = t("Take back entry #{index}? {effect}", last);
    $("undo-confirm").dataset.expect = String(view.state.entries);
    $("undo-confirm").classList.remove("hidden");
  });
  $("undo-no").addEventListener("click", hideUndo);
  onBook("undo-yes", () => send("undo", { expect_entries: +$("undo-confirm").dataset.expect }));
  onBook("reset", () => { if (confirm(t("RESET: every player back to $500M and 2 notes?"))) book({ kind: "reset" }); });
  onBook("quickstart", () => book({ kind: "quickstart" }));
  for (const id of ["t-seller", "t-buyer", "t-discount"]) $(id).addEventListener("change", renderTransfer);
  $("transfer-card").addEventListener("input", (ev) => { if (ev.target.tagName === "INPUT") renderTransfer(); });
  onBook("t-go", () => {
    const tx = transferTx();
    if (!tx) return showError(t("Choose the seller and the buyer."));
    if (!ITEMS.some((k) => tx[k])) return showError(t("Enter a number in at least one of the six fields."));
    return book(tx, clearTransfer);
  });
  onBook("c-go", () => {
    const payer = $("c-payer").value, payee = $("c-payee").value, amount = $("c-amount").value;
    if (payer === "" || payee === "" || amount === "") return showError(t("Choose the payer, the payee and the amount."));
    const party = (v) => (v === "bank" ? "bank" : +v);
    return book({ kind: "cash", payer: party(payer), payee: party(payee), amount: +amount, memo: $("c-memo").value }, () => {
      for (const id of ["c-payer", "c-payee", "c-amount", "c-memo"]) $(id).value = "";
    });
  });
  for (const id of ["m-red", "m-black", "m-bidder"]) $(id).addEventListener("change", renderTakeover);
  $("m-owners").addEventListener("input", previewTakeover);
  $("m-owners").addEventListener("change", previewTakeover);
  onBook("m-go", () => {
    const tx = takeoverTx();
    if (!tx) return showError(t("Choose the bidder and both dice."));
    return book(tx, () => {
      for (const id of ["m-bidder", "m-red", "m-black"]) $(id).value = "";
      for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("#m-owners [data-owner]"))) el.value = "";
    });
  });
  $("l-player").addEventListener("change", render);
  $("liq-table").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-liq]");
    if (!b || !deliberate(ev)) return;
    const [ml, hg, dr] = b.dataset.liq.split(",").map(Number);
    return book({ kind: "liquidate_assets", player: +$("l-player").value, mine_leases: ml, headgears: hg,
      drill_reports: dr, discount: +b.dataset.discount }, () => { $("l-player").value = ""; });
  });
  $("calc-koz").addEventListener("input", calc);
  $("calc-disc").addEventListener("change", calc);
}

let calcTimer = null;
function calc() {
  clearTimeout(calcTimer);
  calcTimer = setTimeout(async () => {
    if (!view) return;
    const koz = $("calc-koz").value || "0", disc = $("calc-disc").value;
    try {
      const r = await api("GET", `/api/dashboards/bullion-discount?koz=${encodeURIComponent(koz)}&goldfix=${view.state.goldfix}&discount=${disc}`);
      $("calc-out").textContent = t("{koz} kOz at {goldfix} = {value}; less {percent}% = {discounted}", {
        koz: r.koz, goldfix: "$" + view.state.goldfix.toLocaleString("en-US"), value: M(r.value), percent: disc, discounted: M(r.discounted),
      });
    } catch (e) { $("calc-out").textContent = e.message; }
  }, 150);
}

async function load() {
  try { view = await api("GET", `/api/dashboards/${dashId}`); showError(""); render(); }
  catch (e) { showError(e.message); }
}

async function setup() {
  $("setup").classList.remove("hidden");
  const nameLabel = (i) => (i <= 3 ? t("Player {n}", { n: i }) : t("Player {n} (optional)", { n: i }));
  $("name-fields").innerHTML = [1, 2, 3, 4, 5, 6].map((i) =>
    `<label>${nameLabel(i)}<input id="name-${i}" maxlength="24" autocomplete="off"></label>`).join("");
  $("setup-form").onsubmit = async (ev) => {
    ev.preventDefault();
    const players = [1, 2, 3, 4, 5, 6].map((i) => $("name-" + i).value.trim()).filter(Boolean);
    try {
      const made = await api("POST", "/api/dashboards", { players, winner: +$("winner-new").value, quickstart: $("quickstart-new").checked });
      location.href = "/goldfix/dashboard/" + encodeURIComponent(made.id);
    } catch (e) { showError(e.message); }
  };
  try {
    const { dashboards } = await api("GET", "/api/dashboards");
    $("dashboards").innerHTML = dashboards.length
      ? dashboards.map((d) => {
        const entries = t("{count} transaction(s)", { count: d.entries });
        return `<tr><td><a href="/goldfix/dashboard/${encodeURIComponent(d.id)}">${esc(d.players.join(", "))}</a></td><td>${entries}</td><td class="muted">${esc(d.updated_at.slice(0, 16).replace("T", " "))}</td></tr>`;
      }).join("")
      : `<tr><td class="muted">${WORDS.noneYet}</td></tr>`;
  } catch (e) { showError(e.message); }
}

wire();
// On a phone the reference cards (calculator, production table, legend) start folded.
if (matchMedia("(max-width: 740px)").matches) for (const d of /** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll("details.ref"))) d.open = false;
if (dashId) load(); else setup();
