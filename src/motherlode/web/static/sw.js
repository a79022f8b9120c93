// @ts-check
// The service worker of "your turn" Web Push (web/notify.py): the server's push arrives
// encrypted for this browser, is shown as a notification, and a click on it opens the
// table at the player's seat (the link the push carries, on this site only).  Registered
// by notify.js where the server has VAPID keys.
(function () {
  /** The worker's global scope (tsc checks this file against the DOM's types).
   * @type {any} */
  const sw = self;
  const FALLBACK_TITLE = "motherlode: your turn";

  /** The site's own URL for `url`, or its start page (a push never opens another site).
   * @param {unknown} url @returns {string} */
  function sameSite(url) {
    try {
      const target = new URL(String(url || "/"), sw.location.origin);
      return target.origin === sw.location.origin ? target.href : sw.location.origin + "/";
    } catch {
      return sw.location.origin + "/";
    }
  }

  sw.addEventListener("install", () => sw.skipWaiting());
  sw.addEventListener("activate", (event) => event.waitUntil(sw.clients.claim()));

  sw.addEventListener("push", (event) => {
    /** @type {{title?: string, body?: string, url?: string, tag?: string}} */
    let data = {};
    try {
      data = event.data ? event.data.json() : {};
    } catch {
      data = {};
    }
    const title = typeof data.title === "string" && data.title ? data.title : FALLBACK_TITLE;
    event.waitUntil(sw.registration.showNotification(title.slice(0, 120), {
      body: typeof data.body === "string" ? data.body.slice(0, 300) : "",
      tag: typeof data.tag === "string" ? data.tag.slice(0, 80) : "motherlode",
      renotify: true,
      data: { url: sameSite(data.url) },
    }));
  });

  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const url = sameSite(event.notification.data && event.notification.data.url);
    event.waitUntil((async () => {
      // a tab already open at that seat of that table: bring it to the front
      const seatOf = (/** @type {string} */ href) => {
        const u = new URL(href);
        const seat = new URLSearchParams(u.hash.slice(1)).get("seat");
        return seat === null ? null : `${u.pathname}#${seat}`;
      };
      const wanted = seatOf(url);
      const tabs = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const tab of tabs) {
        if (wanted && seatOf(tab.url) === wanted && "focus" in tab) return tab.focus();
      }
      return sw.clients.openWindow(url);
    })());
  });
})();
