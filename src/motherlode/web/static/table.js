// The table page: one WebSocket, the seat's view, the game's renderer, controls and log.
(function () {
  const M = window.Motherlode;
  const $ = (id) => document.getElementById(id);
  const tableId = location.pathname.split("/").pop();
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  let view = null; // the view on screen
  let live = null; // the latest live view from the server
  let socket = null;
  let timerHandle = null;
  let replay = { active: false, move: 0, total: 0 };

  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.classList.toggle("hidden", !message);
  }

  function loadRenderer(game) {
    return new Promise((resolve) => {
      if (M.renderers[game]) return resolve(M.renderers[game]);
      const script = document.createElement("script");
      script.src = `/static/games/${game}.js`;
      script.onload = () => resolve(M.renderers[game] || M.renderers.generic);
      script.onerror = () => resolve(M.renderers.generic);
      document.head.append(script);
    });
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function act(action) {
    showError("");
    send({ type: "act", action, expect_move: view.move_count });
  }

  const ui = {
    act,
    get legal() { return view ? view.legal : []; },
    find: (pred) => (view ? view.legal.filter((l) => pred(l.action)) : []),
    get seat() { return view ? view.seat : null; },
    get names() { return view ? view.names : []; },
    svg: M.svg, el: M.el, colour: M.colour,
    redraw: () => (view ? render(view) : undefined), // after a renderer's local change
  };

  function players(v, obs) {
    const box = $("players");
    box.replaceChildren();
    v.names.forEach((name, seat) => {
      const classes = ["player"];
      if (seat === v.seat) classes.push("me");
      if ((obs.pending || []).includes(seat)) classes.push("asked");
      if ((obs.committed || []).includes(seat)) classes.push("done");
      const dot = M.el("span", { style: `color:${M.colour(seat)}` }, "● ");
      const asked = (obs.pending || []).includes(seat);
      const tag = (obs.committed || []).includes(seat) ? " ✓ decided" :
        asked && obs.simultaneous ? " … deciding" : asked ? " · to play" : "";
      box.append(M.el("span", { class: classes.join(" "), "data-seat": seat }, dot, name, tag));
    });
  }

  function controls(v) {
    const box = $("actions");
    box.replaceChildren();
    const obs = v.observation;
    const prompt = $("prompt");
    if (v.status === "finished") {
      prompt.textContent = "The game is over";
    } else if (v.seat === null) {
      prompt.textContent = "Watching";
    } else if (v.legal.length) {
      prompt.textContent = obs.simultaneous ? "Your secret choice" : "Your move";
    } else if ((obs.committed || []).includes(v.seat)) {
      prompt.textContent = "You have decided; waiting for the others";
    } else {
      const waiting = (obs.pending || []).map((s) => v.names[s]).join(", ");
      prompt.textContent = waiting ? `Waiting for ${waiting}` : "Waiting…";
    }
    let lastType = null;
    for (const item of v.legal) {
      if (item.action.type !== lastType) {
        lastType = item.action.type;
        box.append(M.el("div", { class: "group-title" }, lastType.replaceAll("_", " ")));
      }
      box.append(M.el("button", { "data-action": item.text, onclick: () => act(item.action) },
        item.text));
    }
    $("undo").classList.toggle("hidden", !v.can_undo);
  }

  function logView(events) {
    const box = $("log");
    box.replaceChildren(...events.slice().reverse().map((e) =>
      M.el("div", { class: e.private ? "private" : "" }, e.text)));
  }

  function timer(v) {
    clearInterval(timerHandle);
    const box = $("timer");
    if (!v.deadline) { box.classList.add("hidden"); return; }
    const tick = () => {
      const left = Math.max(0, Math.ceil(v.deadline - Date.now() / 1000));
      box.textContent = `${left} s left to decide`;
    };
    box.classList.remove("hidden");
    tick();
    timerHandle = setInterval(tick, 250);
  }

  async function render(v) {
    view = v;
    const renderer = await loadRenderer(v.game);
    $("title").textContent = v.title;
    $("who").textContent = v.seat === null ? "spectator" : `you are ${v.names[v.seat]}`;
    document.title = `${v.title} · motherlode`;
    players(v, v.observation);
    const board = $("board");
    const custom = $("custom-controls");
    custom.replaceChildren();
    ui.controls = custom;
    board.replaceChildren(renderer.draw(v, ui));
    if (!replay.active) controls(v);
    logView(v.events);
    timer(v);
    const status = $("status");
    if (v.status === "finished" && !replay.active) {
      const obs = v.observation;
      const ranking = (obs.ranking || []).map((g, i) =>
        `${i + 1}. ${g.map((s) => `${v.names[s]} (${obs.scores[s]})`).join(" = ")}`).join("   ");
      status.textContent = `Final: ${ranking}`;
      status.classList.remove("hidden");
      $("replay-card").classList.remove("hidden");
    } else if (!replay.active) {
      status.classList.add("hidden");
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token }));
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        live = message.view;
        if (!replay.active) render(message.view);
      } else if (message.type === "error") showError(message.message);
    };
    socket.onclose = (event) => {
      if (event.code >= 4000) return;
      setTimeout(connect, 1000);
    };
  }

  // ----- replay of a finished game, move by move
  async function showMove(k) {
    const response = await fetch(`/api/tables/${tableId}/replay/${k}`);
    const data = await response.json();
    if (!response.ok) { showError(data.detail); return; }
    replay = { active: true, move: data.move, total: data.moves };
    const v = { ...live, observation: data.observation, events: data.events, legal: [],
      seat: null, move_count: data.move, status: k === data.moves ? "finished" : "running" };
    await render(v);
    $("replay-pos").textContent = `move ${data.move} / ${data.moves}`;
    const slider = $("replay-slider");
    slider.max = data.moves; slider.value = data.move;
    $("replay-last").textContent = data.last ?
      `${data.names[data.last.seat]}: ${data.last.action.type} ${JSON.stringify(data.last.action)}` : "start";
    $("prompt").textContent = "Replay";
    $("actions").replaceChildren();
  }
  $("first").onclick = () => showMove(0);
  $("prev").onclick = () => showMove(Math.max(0, replay.move - 1));
  $("next").onclick = () => showMove(Math.min(replay.total || live.move_count, replay.move + 1));
  $("last").onclick = () => showMove(live.move_count);
  $("replay-slider").oninput = (e) => showMove(Number(e.target.value));
  $("undo").onclick = () => send({ type: "undo" });

  // ----- the fallback renderer: the observation as a readable outline
  M.renderers.generic = {
    draw(v) {
      const obs = v.observation;
      const rows = Object.entries(obs).filter(([k]) =>
        !["game", "options", "pending", "committed", "seat"].includes(k));
      return M.el("div", { class: "kv" }, M.el("h3", {}, v.title),
        ...rows.map(([k, value]) => M.el("details", { open: true },
          M.el("summary", {}, k), M.el("pre", {}, JSON.stringify(value, null, 1)))));
    },
  };
  window.addEventListener("hashchange", () => location.reload()); // another seat's link
  connect();
})();
