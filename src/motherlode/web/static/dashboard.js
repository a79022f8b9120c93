// GOLDFIX DASHBOARD: every figure comes from the server (money.py); this page only shows
// them and posts transactions.  Per-player choices (dice, % to sell...) stay in `ui`.
"use strict";

const $ = (id) => document.getElementById(id);
const M = (n) => (n < 0 ? "−$" + (-n).toLocaleString("en-US") : "$" + n.toLocaleString("en-US")) + "M";
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
const parts = location.pathname.split("/").filter(Boolean);
const dashId = parts.length > 2 ? decodeURIComponent(parts[2]) : null;
let view = null;
const ui = {};  // per player: dice, drs, bonus, percent, bid, asset

function showError(msg) {
  const box = $("error");
  box.textContent = msg || "";
  box.classList.toggle("hidden", !msg);
}

async function api(method, url, body) {
  const r = await fetch(url, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const d = data.detail;
    throw new Error(typeof d === "string" ? d : Array.isArray(d) ? d.map((e) => e.msg).join("; ") : "request refused");
  }
  return data;
}

async function book(tx) {
  try {
    tx.expect_entries = view.state.entries;
    view = await api("POST", `/api/dashboards/${dashId}/transactions`, tx);
    showError("");
    render();
  } catch (e) { showError(e.message); if (/changed meanwhile/.test(e.message)) load(); }
}

async function action(path, confirmText) {
  if (confirmText && !confirm(confirmText)) return;
  try { view = await api("POST", `/api/dashboards/${dashId}/${path}`); showError(""); render(); }
  catch (e) { showError(e.message); }
}

function options(sel, items, keep) {
  const old = keep ? sel.value : null;
  sel.innerHTML = items.map(([v, t]) => `<option value="${esc(v)}">${esc(t)}</option>`).join("");
  if (old !== null && items.some(([v]) => String(v) === old)) sel.value = old;
}

function fig(label, value, cls = "") {
  return `<div><span>${label}</span><b class="${cls}" data-fig>${value}</b></div>`;
}

function playerCard(p, s) {
  const u = ui[p.index] ||= { dice: "7", drs: "0", bonus: "0", percent: "0", bid: "", asset: "mine_lease" };
  const rate = $("rate").value || "10";
  const q = p.quotes[u.percent];
  const brokerIsSeller = $("broker").value === String(p.index);
  const sale = q.sale[brokerIsSeller || $("broker").value === "" ? "0" : rate];
  const minBid = u.asset === "mine_lease" ? s.prices.mine_lease : s.prices.drill_report;
  const sel = (name, items, val) => `<select data-ui="${name}" data-p="${p.index}">` +
    items.map(([v, t]) => `<option value="${v}"${String(v) === String(val) ? " selected" : ""}>${t}</option>`).join("") + "</select>";
  const dis = p.bankrupt ? " disabled" : "";
  const b = (kind, text, extra = "") => `<button data-kind="${kind}" data-p="${p.index}"${extra}${dis}>${text}</button>`;
  return `<article class="pcard${p.winner ? " winner" : ""}${p.bankrupt ? " bankrupt" : ""}" data-player="${p.index}">
  <h3><span>#${p.rank} ${esc(p.name)} ${p.winner ? '<span class="badge">WINNER</span>' : ""}${p.bankrupt ? '<span class="badge">BANKRUPT</span>' : ""}</span>
    <span class="nw">net worth [9] <b data-fig="networth">${M(p.net_worth)}</b></span></h3>
  <div class="sect"><span class="t">BANK</span>
    <div class="figs">${fig("ACCOUNT [15]", M(p.cash), p.cash < 0 ? "neg" : "")}${fig("# LOAN NOTE [16]", p.notes)}${fig("NET CASH [17]", M(p.net_cash), p.net_cash < 0 ? "neg" : "")}</div>
    <div class="btns">${b("normal_loan", "BOR $250M [11]", p.can_borrow ? "" : " disabled")}${b("discount_loan", "BOR $260M [12]", p.can_borrow ? "" : " disabled")}
      ${b("pay_interest", `PAY INT ${M(p.interest)} [13]`, p.notes ? "" : " disabled")}${b("repay", "REPAY $250M [14]", p.notes && p.cash >= 250 ? "" : " disabled")}</div></div>
  <div class="sect"><span class="t">BULLION</span>
    <div class="btns">${sel("dice", [["1","dice 1-3"],["4","dice 4-6"],["7","dice 7-9"],["10","dice 10-11"],["12","dice 12"]], u.dice)}
      ${sel("drs", [["0","no DR"],["1","1 DR"],["2","2 DR"]], u.drs)}${sel("bonus", [["0","no bonus"],["50","+50 bonus"],["100","+100 bonus"]], u.bonus)}
      ${b("production", `ADD ${s.production[u.dice][+u.drs] + +u.bonus} kOz [18][19]`)}</div>
    <div class="figs">${fig("VAULT kOz [20]", p.bullion)}${fig("VAULT VALUE", M(p.bullion_value))}${fig("SELL kOz [21]", q.koz)}
      ${fig("PAY TO MINE [22]", M(sale.net))}${fig("COMMISSION [23]", M(sale.commission))}${fig("LIQ VALUE [8]", M(q.value))}</div>
    <div class="btns">${sel("percent", s.constants.sale_percents.map((v) => [v, v + "% of vault"]), u.percent)}
      ${b("liq50", `LIQ −50% ${M(q.liquidation["50"])} [25]`, q.koz ? "" : " disabled")}${b("liq25", `LIQ −25% ${M(q.liquidation["25"])} [25]`, q.koz ? "" : " disabled")}</div></div>
  <div class="sect"><span class="t">ASSETS</span>
    <div class="figs">${fig("# MINE LEASE [29]", p.mine_leases)}${fig("# HEADGEAR [30]", p.headgears)}${fig("# DRILL REPORT [31]", p.drill_reports)}</div>
    <div class="btns">${sel("asset", [["mine_lease","MINE LEASE"],["drill_report","DRILL REPORT"]], u.asset)}
      <input type="number" data-ui="bid" data-p="${p.index}" min="${minBid}" placeholder="bid ≥ ${minBid}" value="${esc(u.bid)}" aria-label="winning bid [26]">
      ${b("buy_asset", "BUY [28]")}${b("buy_headgear", `BUY HG ${M(s.prices.headgear)} [30]`, p.headgears < p.mine_leases ? "" : " disabled")}</div></div>
  <div class="sect"><span class="t">TAX</span>
    <div class="btns">${b("bullion_tax", `BULLION ${M(p.bullion_tax)} [32]`)}${b("corporation_tax", `CORP ${M(p.corporation_tax)} [33]`)}
      ${b("interim_bullion", `20% BULLION ${M(p.interim_bullion_tax)} [34]`)}${b("interim_corp", `20% CORP ${M(p.interim_corporation_tax)} [35]`)}</div>
    <div class="figs">${fig("BULLION BROKER [41]", M(p.bullion_commission))}${fig("ASSET BROKER [43]", M(p.asset_commission))}${fig("ASSETS", M(p.asset_value))}</div></div>
</article>`;
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
  $("winner").textContent = M(s.winner) + (s.winner === s.default_winner ? "" : " (custom)");
  $("csv").href = `/api/dashboards/${dashId}/ledger.csv`;
  $("undo").disabled = s.entries === 0;
  const players = s.players.map((p) => [p.index, p.name]);
  options($("broker"), [["", "no broker (0%)"], ...players], true);
  options($("rate"), s.constants.broker_rates.map((r) => [r, r + "%"]), true);
  if (!$("rate").dataset.init) { $("rate").value = "10"; $("rate").dataset.init = "1"; }
  const parties = [...players, ["bank", "BANK"]];
  options($("t-seller"), parties, true); options($("t-buyer"), parties, true);
  const dice = [1, 2, 3, 4, 5, 6].map((d) => [d, d]);
  options($("m-red"), dice, true); options($("m-black"), dice, true);
  options($("m-counter-black"), dice, true);
  options($("m-bidder"), players, true); options($("m-owner"), players, true);
  options($("m-counter"), [["", "no counter"], ...players], true);
  $("players").innerHTML = s.players.map((p) => playerCard(p, s)).join("");
  $("ranking").innerHTML = "<tr><th>#</th><th>Player</th><th>Net worth</th><th>Cash</th><th>Notes</th></tr>" +
    s.ranking.map((i, n) => { const p = s.players[i];
      return `<tr><td>${n + 1}</td><td>${esc(p.name)}${p.winner ? " — WINNER" : ""}${p.bankrupt ? " — BANKRUPT" : ""}</td><td>${M(p.net_worth)}</td><td>${M(p.cash)}</td><td>${p.notes}</td></tr>`; }).join("");
  renderTakeover();
  $("liq-table").innerHTML = "<tr><th>at GOLDFIX value</th><th>−25%</th><th>−50%</th><th>−75%</th></tr>" +
    s.liquidation_table.map((r) => `<tr><td>${r.label} (${M(r.value)})</td><td>${r.discounts["25"]}</td><td>${r.discounts["50"]}</td><td>${r.discounts["75"]}</td></tr>`).join("");
  const heads = ["1,2,3", "4,5,6", "7,8,9", "10,11", "12"];
  $("prod-table").innerHTML = `<tr><th>DR \\ dice</th>${heads.map((h) => `<th>${h}</th>`).join("")}</tr>` +
    ["NONE", "ONE", "TWO"].map((n, i) => `<tr><th>${n}</th>${s.production_table[i].map((v) => `<td>${v}</td>`).join("")}</tr>`).join("") +
    `<tr><td colspan="6">${s.bonuses.own} BONUS if player LANDS ON own mine · ${s.bonuses.opponent} BONUS if opponent LANDS ON your mine</td></tr>`;
  $("entries").textContent = `${s.entries} transaction(s)`;
  $("log").innerHTML = view.log.map((e) => `<li value="${e.index}">${esc(e.effect)}</li>`).join("");
  calc();
}

function renderTakeover() {
  const s = view.state, red = $("m-red").value;
  const rows = s.takeover_tables[red];
  $("m-table").innerHTML = rows
    ? `<tr><th>red ${red}: takeover SUCCESSFUL</th><th>$M</th></tr>` + rows.map((r) => `<tr><td>${r.label}</td><td>${r.cost}</td></tr>`).join("")
    : `<tr><td>red ${red}: takeover FAILS (the $${s.constants.merchant_bank_fee}M fee is not refunded)</td></tr>`;
}

let calcTimer = null;
function calc() {
  clearTimeout(calcTimer);
  calcTimer = setTimeout(async () => {
    if (!view) return;
    const koz = $("c-koz").value || "0", disc = $("c-disc").value;
    try {
      const r = await api("GET", `/api/dashboards/bullion-discount?koz=${encodeURIComponent(koz)}&goldfix=${view.state.goldfix}&discount=${disc}`);
      $("c-out").textContent = `${r.koz} kOz at $${view.state.goldfix.toLocaleString("en-US")} = ${M(r.value)}; less ${disc}% = ${M(r.discounted)}`;
    } catch (e) { $("c-out").textContent = e.message; }
  }, 150);
}

function playerAction(kind, p) {
  const u = ui[p];
  const pct = +u.percent;
  switch (kind) {
    case "production": return book({ kind, player: p, dice: +u.dice, drill_reports: +u.drs, bonus: +u.bonus });
    case "liq50": case "liq25":
      return book({ kind: "liquidate_bullion", player: p, percent: pct, discount: kind === "liq50" ? 50 : 25 });
    case "buy_asset": {
      const min = u.asset === "mine_lease" ? view.state.prices.mine_lease : view.state.prices.drill_report;
      const broker = $("broker").value;
      return book({ kind, player: p, asset: u.asset, price: u.bid === "" ? min : +u.bid, broker: broker === "" ? null : +broker });
    }
    case "interim_bullion": return book({ kind: "bullion_tax", player: p, interim: true });
    case "interim_corp": return book({ kind: "corporation_tax", player: p, interim: true });
    default: return book({ kind, player: p });
  }
}

function wire() {
  $("players").addEventListener("click", (ev) => {
    const btn = ev.target.closest("button[data-kind]");
    if (btn) playerAction(btn.dataset.kind, +btn.dataset.p);
  });
  $("players").addEventListener("change", (ev) => {
    const el = ev.target;
    if (el.dataset.ui) { ui[+el.dataset.p][el.dataset.ui] = el.value; render(); }
  });
  $("players").addEventListener("input", (ev) => {
    const el = ev.target;
    if (el.dataset.ui === "bid") ui[+el.dataset.p].bid = el.value;
  });
  for (const id of ["broker", "rate", "m-red"]) $(id).addEventListener("change", () => view && render());
  $("gf-up").onclick = () => book({ kind: "goldfix_up" });
  $("gf-down").onclick = () => book({ kind: "goldfix_down" });
  $("tax-chn").onclick = () => book({ kind: "tax_switch" });
  $("winner-set").onclick = () => {
    const v = $("winner-custom").value;
    book(v === "" ? { kind: "winner_target" } : { kind: "winner_target", target: +v });
  };
  $("undo").onclick = () => action("undo");
  $("reset").onclick = () => action("reset", "RESET: every player back to $500M and 2 notes?");
  $("quickstart").onclick = () => action("quickstart");
  $("sell").onclick = () => {
    const sales = view.state.players.filter((p) => !p.bankrupt && ui[p.index] && +ui[p.index].percent > 0)
      .map((p) => [p.index, +ui[p.index].percent]);
    const broker = $("broker").value;
    book({ kind: "sell_bullion", broker: broker === "" ? null : +broker,
      rate: broker === "" ? 0 : +$("rate").value, drop: +$("drop").value, sales });
  };
  $("t-go").onclick = () => {
    const party = (v) => (v === "bank" ? "bank" : +v);
    const tx = { kind: "transfer", seller: party($("t-seller").value), buyer: party($("t-buyer").value),
      price: +($("t-price").value || 0) };
    for (const k of ["bullion", "mine_leases", "headgears", "drill_reports", "loan_notes", "merchant_bank_fees"])
      tx[k] = +($("t-" + k).value || 0);
    book(tx);
  };
  $("m-go").onclick = () => {
    const counter = $("m-counter").value;
    book({ kind: "takeover", bidder: +$("m-bidder").value, red: +$("m-red").value, black: +$("m-black").value,
      owners: [{ player: +$("m-owner").value, mine_leases: +$("m-ml").value, headgears: +$("m-hg").value, drill_reports: +$("m-dr").value }],
      counters: counter === "" ? [] : [[+counter, +$("m-counter-black").value]] });
  };
  $("c-koz").addEventListener("input", calc);
  $("c-disc").addEventListener("change", calc);
}

async function load() {
  try { view = await api("GET", `/api/dashboards/${dashId}`); showError(""); render(); }
  catch (e) { showError(e.message); }
}

async function setup() {
  $("setup").classList.remove("hidden");
  $("name-fields").innerHTML = [1, 2, 3, 4, 5, 6].map((i) =>
    `<label>Player ${i}${i <= 3 ? "" : " (optional)"}<input id="name-${i}" maxlength="24" autocomplete="off"></label>`).join("");
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
      ? dashboards.map((d) => `<tr><td><a href="/goldfix/dashboard/${encodeURIComponent(d.id)}">${esc(d.players.join(", "))}</a></td><td>${d.entries} transaction(s)</td><td class="muted">${esc(d.updated_at.slice(0, 16).replace("T", " "))}</td></tr>`).join("")
      : '<tr><td class="muted">none yet</td></tr>';
  } catch (e) { showError(e.message); }
}

wire();
if (dashId) load(); else setup();
