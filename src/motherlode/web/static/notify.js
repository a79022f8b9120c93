// @ts-check
// "Your turn" in the browser at a turn-based table (web/notify.py).  On the page of a
// signed-in player's seat at a table with a turn-based clock, a "Notify me" button asks for
// the browser's permission (a click: browsers ask only on a gesture).  Then:
// - while the page is open in the background, a notification says when it becomes this
//   seat's turn (the page tells of each view with a `motherlode:view` event; before that
//   event exists, the tab's title, which starts with "●" on the player's turn, says it);
// - where the server has VAPID keys (/api/push/key answers), the browser subscribes to Web
//   Push through static/sw.js, so the server's push reaches it with the page closed.
(function () {
  /** Words in the page's language (static/i18n.js, loaded before this script), English with
   * the `{name}` places filled where it is missing.
   * @param {string} text @param {Record<string, unknown>} [params] @returns {string} */
  function t(text, params) {
    const i18n = window.Motherlode && window.Motherlode.i18n;
    if (i18n) return i18n.t(text, params);
    return text.replace(/\{(\w+)\}/g, (whole, name) => (params && name in params ? String(params[name]) : whole));
  }
  const PREF = "motherlode-notify";
  const CSRF_HEADER = "X-CSRF-Token"; // web/identity.py
  const VIEW_EVENT = "motherlode:view";
  const tableId = location.pathname.split("/").pop();
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  if (!token || !("Notification" in window)) return;

  let title = "motherlode";
  let csrf = "";
  let wasMyTurn = null;

  function wanted() {
    try { return localStorage.getItem(PREF) === "on"; } catch { return false; }
  }
  /** @param {boolean} on */
  function remember(on) {
    try { localStorage.setItem(PREF, on ? "on" : "off"); } catch { /* private mode */ }
  }

  /** The signed-in account and its CSRF token (web/accounts.py), or null for a guest. */
  async function account() {
    try {
      const answer = await fetch("/api/account", { credentials: "same-origin" });
      if (!answer.ok) return null;
      const data = await answer.json(); // {signed_in, username, …, csrf}
      if (!data || !data.signed_in) return null;
      csrf = String(data.csrf || "");
      return data;
    } catch {
      return null;
    }
  }

  /** This seat's view (the page's own link token), or null. */
  async function seatView() {
    try {
      const answer = await fetch(`/api/tables/${tableId}`, { headers: { "X-Seat-Token": token } });
      return answer.ok ? await answer.json() : null;
    } catch {
      return null;
    }
  }

  // ----- the notification while the page is in the background
  /** @param {boolean} myTurn */
  function turnIs(myTurn) {
    const starts = myTurn && wasMyTurn === false;
    wasMyTurn = myTurn;
    if (!starts || !document.hidden || !wanted() || Notification.permission !== "granted") return;
    try {
      const note = new Notification(t("{title}: your turn", { title }), {
        body: t("Open the table to move"), tag: `motherlode-${tableId}` });
      note.onclick = () => { window.focus(); note.close(); };
      document.body.dataset.turnNotices = String(Number(document.body.dataset.turnNotices || 0) + 1);
    } catch { /* not allowed here (some browsers want a service worker for it) */ }
  }

  function watchTurns() {
    // the page's event, where table.js sends it: the view itself says whose turn it is
    document.addEventListener(VIEW_EVENT, (event) => {
      const v = /** @type {CustomEvent} */ (event).detail;
      if (v && v.seat !== null) turnIs((v.legal || []).length > 0 && v.status !== "finished");
    });
    // what the page shows anyway: its title starts with "●" while it is this seat's turn
    const head = document.querySelector("title");
    const fromTitle = () => turnIs(document.title.startsWith("●"));
    if (head) new MutationObserver(fromTitle).observe(head, { childList: true, characterData: true, subtree: true });
    fromTitle();
  }

  // ----- Web Push, where the server has VAPID keys
  /** @param {string} text @returns {Uint8Array} */
  function bytes(text) {
    const b64 = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  }

  /** The worker's registration once it is active (it is scoped to /static/, so the page's
   * `navigator.serviceWorker.ready` would wait forever).  @param {ServiceWorkerRegistration} reg */
  function activated(reg) {
    const worker = reg.installing || reg.waiting;
    if (reg.active || !worker) return Promise.resolve(reg);
    return new Promise((resolve) => worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve(reg);
    }));
  }

  async function pushRegistration() {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
    const answer = await fetch("/api/push/key");
    if (!answer.ok) return null; // no Web Push on this server
    const { key } = await answer.json();
    const reg = await activated(await navigator.serviceWorker.register("/static/sw.js"));
    return { reg, key: bytes(String(key)) };
  }

  async function subscribe() {
    try {
      const push = await pushRegistration();
      if (!push) return;
      let sub = await push.reg.pushManager.getSubscription();
      const oldKey = sub && sub.options.applicationServerKey;
      if (sub && oldKey && !sameBytes(new Uint8Array(oldKey), push.key)) {
        await sub.unsubscribe(); // the operator changed keys: subscribe anew
        sub = null;
      }
      if (!sub) {
        sub = await push.reg.pushManager.subscribe({ userVisibleOnly: true,
          applicationServerKey: push.key });
      }
      await fetch("/api/account/push", { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", [CSRF_HEADER]: csrf },
        body: JSON.stringify(sub.toJSON()) });
    } catch { /* no push here: the page's own notification still works */ }
  }

  async function unsubscribe() {
    try {
      const push = await pushRegistration();
      const sub = push && await push.reg.pushManager.getSubscription();
      if (!sub) return;
      await fetch("/api/account/push", { method: "DELETE", credentials: "same-origin",
        headers: { "Content-Type": "application/json", [CSRF_HEADER]: csrf },
        body: JSON.stringify({ endpoint: sub.endpoint }) });
      await sub.unsubscribe();
    } catch { /* nothing to undo */ }
  }

  /** @param {Uint8Array} a @param {Uint8Array} b */
  function sameBytes(a, b) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }

  // ----- the button, beside the page's "Sound when it is my turn"
  function button() {
    const node = document.createElement("button");
    node.id = "notify-me";
    node.type = "button";
    node.className = "notify-me";
    const show = () => {
      const on = wanted() && Notification.permission === "granted";
      node.textContent = on ? t("Notifications on") : t("Notify me");
      node.title = Notification.permission === "denied" ?
        t("Notifications are blocked for this site in the browser's settings") :
        on ? t("Stop telling me when it is my turn") : t("Tell me when it is my turn, also when this page is closed");
      node.setAttribute("aria-pressed", String(on));
      node.disabled = Notification.permission === "denied";
    };
    node.addEventListener("click", async () => {
      if (wanted() && Notification.permission === "granted") {
        remember(false);
        show();
        await unsubscribe();
        return;
      }
      const answer = await Notification.requestPermission();
      remember(answer === "granted");
      show();
      if (answer === "granted") await subscribe();
    });
    show();
    const anchor = document.querySelector(".turn-sound") || document.getElementById("controls-card");
    const box = document.createElement("p");
    box.className = "notify-box";
    box.append(node);
    if (anchor && anchor.parentNode && anchor.classList.contains("turn-sound")) anchor.after(box);
    else if (anchor) anchor.append(box);
  }

  async function start() {
    const v = await seatView();
    if (!v || v.seat === null || v.seat === undefined || !v.clock || v.clock.kind !== "turn") return;
    if (!(await account())) return; // notifications follow an account, not a guest's link
    title = v.title || title;
    button();
    watchTurns();
    if (wanted() && Notification.permission === "granted") subscribe(); // keep it current
  }
  start();
})();
