// The playground page: the game the page keeps ({game, options, fen, moves}), sent to the server to replay.
"use strict";

const $ = (id) => document.getElementById(id);
const page = {
  games: [],
  state: { game: "", options: {}, fen: null, moves: [] },
  redo: [],
  view: null, // the server's last answer for the state
  selected: null,
  centres: new Map(),
  turn: 0, // bumped on every change: a computer move for an older state is dropped
  agents: {}, // seat name -> agent spec, for computer seats
};

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  let data;
  try { data = await r.json(); } catch { data = { error: `HTTP ${r.status}` }; }
  if (!r.ok) { const e = new Error(data.error || `HTTP ${r.status}`); e.data = data; throw e; }
  return data;
}

function note(text) {
  $("note").hidden = !text;
  $("note").textContent = text || "";
}

// --- games and options -------------------------------------------------------------------------------

async function loadGames() {
  page.games = (await api("/api/games")).games;
  const select = $("game");
  select.innerHTML = "";
  for (const g of page.games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.source === "builtin" ? g.title : `${g.title} (${g.source}: ${g.name})`;
    select.append(o);
  }
  const wanted = new URLSearchParams(location.search).get("game");
  select.value = page.games.some((g) => g.name === wanted) ? wanted : page.games[0].name;
  optionsForm();
}

function currentGame() {
  return page.games.find((g) => g.name === $("game").value);
}

// One field per typed option: a choice for closed sets and booleans, a number or text field otherwise.
function optionsForm() {
  const form = $("options");
  form.innerHTML = "";
  for (const o of currentGame().options || []) {
    const label = document.createElement("label");
    label.title = o.doc || "";
    label.append(`${o.name} `);
    let field;
    const values = o.values || (o.type === "bool" ? ["true", "false"] : null);
    if (values) {
      field = document.createElement("select");
      for (const v of values) {
        const opt = document.createElement("option");
        opt.value = opt.textContent = v;
        field.append(opt);
      }
    } else {
      field = document.createElement("input");
      field.type = o.type === "int" || o.type === "number" ? "number" : "text";
      if (o.type === "number") field.step = "any";
      if (o.default == null) field.placeholder = "required";
    }
    field.name = o.name;
    if (o.default != null) field.value = o.default;
    label.append(field);
    if (o.random) {
      // The option that numbers the starts (chess960): `random` draws one, which the answer then names.
      field.type = "text";
      const dice = document.createElement("button");
      dice.type = "button";
      dice.className = "random";
      dice.textContent = "random";
      dice.title = "draw a start at random";
      dice.addEventListener("click", () => { field.value = "random"; newGame(); });
      label.append(dice);
    }
    form.append(label);
  }
}

function formOptions() {
  const out = {};
  const g = currentGame();
  for (const field of $("options").elements) {
    const o = (g.options || []).find((x) => x.name === field.name);
    if (field.value !== "" && (!o || field.value !== o.default)) out[field.name] = field.value;
  }
  return out;
}

function newGame() {
  page.state = { game: $("game").value, options: formOptions(), fen: null, moves: [] };
  page.redo = [];
  page.selected = null;
  note("");
  $("sim-report").textContent = "";
  $("sim-chart").innerHTML = "";
  refresh(true);
}

// --- drawing ----------------------------------------------------------------------------------------

async function refresh(seatsToo) {
  const turn = ++page.turn;
  let view;
  try {
    view = await api("/api/state", { ...page.state, selected: page.selected });
  } catch (e) {
    if (turn !== page.turn) return;
    showError(e);
    return;
  }
  if (turn !== page.turn) return;
  show(view, seatsToo);
}

function showError(e) {
  if (e.data && e.data.diagnostics) {
    // A broken definition: its diagnostics instead of the board, until the file is fixed.
    $("diagnostics").hidden = false;
    $("diagnostics").textContent = e.data.diagnostics;
    $("board").hidden = true;
    $("status").textContent = "The definition has errors:";
  } else {
    note(e.message);
    // An option the game needs set (Field Go's komi): its field is where the player goes next.
    const wanted = /set option `([^`]+)`/.exec(e.message);
    const field = wanted && $("options").elements.namedItem(wanted[1]);
    if (field) field.focus();
  }
}

function show(view, seatsToo) {
  page.view = view;
  // A start drawn at random keeps its number: later requests (and the form) name it.
  for (const [k, v] of Object.entries(page.state.options || {})) {
    if (v === "random" && view.options && view.options[k] !== undefined) {
      page.state.options[k] = view.options[k];
      const field = $("options").elements.namedItem(k);
      if (field) field.value = view.options[k];
    }
  }
  page.second = null;
  $("board").dataset.second = "";
  $("diagnostics").hidden = true;
  $("board").hidden = false;
  if (view.stopped) {
    // After an edit, the moves the rules now refuse are dropped: keep the legal prefix and say where it stopped.
    note(`The replay stopped at move ${view.stopped.index + 1} \`${view.stopped.move}\`: ${view.stopped.reason}. ` +
      `The moves from there on were dropped.`);
    page.state.moves = view.moves.slice();
    page.redo = [];
  }
  $("board").innerHTML = view.svg;
  const svg = $("board").querySelector("svg");
  page.centres = svg ? nodeCentres(svg, view.nodes) : new Map();
  $("board").dataset.ply = view.moves.length;
  $("board").dataset.selected = page.selected || "";
  $("status").textContent = view.status;
  $("holdings").textContent = view.holdings || "";
  $("pass").hidden = !view.can_pass;
  $("resign").hidden = !view.can_resign;
  $("undo").disabled = page.state.moves.length === 0;
  $("redo").disabled = page.redo.length === 0;
  const list = $("moves");
  list.innerHTML = "";
  view.moves.forEach((m) => { const li = document.createElement("li"); li.textContent = m; list.append(li); });
  page.redo.slice().reverse().forEach((m) => {
    const li = document.createElement("li"); li.textContent = m; li.className = "undone"; list.append(li);
  });
  $("legal").innerHTML = "";
  for (const m of view.legal.slice(0, 500)) {
    const o = document.createElement("option"); o.value = m.text; $("legal").append(o);
  }
  if (seatsToo || $("seats").dataset.game !== view.game + JSON.stringify(view.seats)) seatsPanel(view);
  for (const row of $("seats").querySelectorAll(".seat")) {
    row.classList.toggle("to-move", row.dataset.seat === view.to_move && !view.outcome);
  }
  computerTurn();
}

function seatsPanel(view) {
  const box = $("seats");
  box.dataset.game = view.game + JSON.stringify(view.seats);
  box.querySelectorAll(".seat").forEach((x) => x.remove());
  for (const s of view.seats.filter((x) => x.plays)) {
    const row = document.createElement("div");
    row.className = "seat";
    row.dataset.seat = s.name;
    const name = document.createElement("span"); name.className = "name"; name.textContent = s.name;
    const who = document.createElement("select");
    who.innerHTML = `<option value="human">human</option><option value="computer">computer</option>`;
    const spec = document.createElement("input");
    spec.value = "mcts:iterations=300";
    spec.title = "agent spec, as `qipan play --ai` takes it: random, greedy, mcts[:iterations=N,ms=N,c=X]";
    const sync = () => {
      if (who.value === "computer") page.agents[s.name] = spec.value; else delete page.agents[s.name];
      computerTurn();
    };
    who.addEventListener("change", sync);
    spec.addEventListener("change", sync);
    if (page.agents[s.name] !== undefined) { who.value = "computer"; spec.value = page.agents[s.name]; }
    row.append(name, who, spec);
    box.append(row);
  }
}

// --- moves ------------------------------------------------------------------------------------------

async function play(body) {
  const turn = ++page.turn;
  $("chooser").hidden = true;
  try {
    const r = await api("/api/play", { ...page.state, ...body });
    if (turn !== page.turn) return;
    if (r.second) return secondPart(r);
    if (r.choices) return choose(r.choices);
    page.state.moves.push(r.played);
    page.redo = [];
    page.selected = null;
    note("");
    show(r);
  } catch (e) {
    if (turn === page.turn) { note(e.message); page.selected = null; refresh(); }
  }
}

// Several moves share the nodes clicked (a promotion, drops of different pieces): the player picks one.
function choose(choices) {
  const box = $("chooser");
  box.innerHTML = "Which move? ";
  for (const c of choices) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = c;
    b.addEventListener("click", () => play({ move: c }));
    box.append(b);
  }
  box.hidden = false;
}

// A turn in two parts (the Amazons' arrow, the man a mill removes): the board shows where the second part may
// go, and a click there plays the whole move; the buttons stay as another way.
function secondPart(r) {
  choose(r.choices);
  page.second = r.second;
  $("board").innerHTML = r.svg;
  const svg = $("board").querySelector("svg");
  page.centres = svg ? nodeCentres(svg, page.view.nodes) : new Map();
  $("board").dataset.second = Object.keys(r.second).join(" ");
  note("Click where the second part of the move goes.");
}

function clickNode(label) {
  const v = page.view;
  if (!v || v.outcome || page.agents[v.to_move] !== undefined) return;
  if (page.second) {
    const text = page.second[label];
    page.second = null;
    $("board").dataset.second = "";
    if (text) return play({ move: text });
    note("");
    page.selected = null;
    return refresh();
  }
  const from = page.selected;
  if (from && (v.targets[from] || []).includes(label)) return play({ from, to: label });
  if (v.targets[label]) {
    page.selected = label === from ? null : label;
    return refresh();
  }
  if (v.legal.some((m) => m.from === null && m.to === label)) return play({ to: label });
  if (from) { page.selected = null; refresh(); }
}

async function computerTurn() {
  const v = page.view;
  if (!v || v.outcome || page.agents[v.to_move] === undefined || !$("diagnostics").hidden) return;
  const turn = page.turn;
  try {
    const r = await api("/api/ai", { ...page.state, agent: page.agents[v.to_move] });
    if (turn !== page.turn) return;
    await play({ move: r.move });
  } catch (e) {
    if (turn === page.turn) note(`${v.to_move}: ${e.message}`);
  }
}

function undo() {
  if (!page.state.moves.length) return;
  // Back to before the last move a person made, taking back the computer's replies too.
  const movers = (page.view && page.view.movers) || [];
  while (page.state.moves.length) {
    const mover = movers[page.state.moves.length - 1];
    page.redo.push(page.state.moves.pop());
    if (page.agents[mover] === undefined) break;
  }
  page.selected = null;
  refresh();
}

function redo() {
  if (!page.redo.length) return;
  page.state.moves.push(page.redo.pop());
  refresh();
}

// --- records ----------------------------------------------------------------------------------------

async function save() {
  const format = $("record-format").value;
  try {
    const r = await api("/api/record/save", { ...page.state, format });
    $("record-text").value = r.text;
    const ext = { qipan: "yaml", sgf: "sgf", pgn: "pgn", fen: "fen" }[format];
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([r.text], { type: "text/plain" }));
    a.download = `${page.state.game.replace(/[^A-Za-z0-9_-]+/g, "_")}.${ext}`;
    a.click();
  } catch (e) { note(e.message); }
}

async function load() {
  const text = $("record-text").value;
  try {
    const r = await api("/api/record/load", { game: page.state.game, options: page.state.options, text });
    page.state = { game: r.game, options: r.options, fen: r.fen, moves: r.moves.slice() };
    page.redo = [];
    if ($("game").value !== r.game) { $("game").value = r.game; optionsForm(); }
    note(`loaded ${r.format}: ${r.moves.length} moves`);
    show(r, true);
  } catch (e) { note(e.message); }
}

// --- simulate ---------------------------------------------------------------------------------------

async function simulate() {
  $("sim-report").textContent = "";
  $("sim-chart").innerHTML = "";
  const games = Number($("sim-games").value);
  try {
    const { job } = await api("/api/simulate", {
      game: page.state.game, options: page.state.options, games, agents: page.agents,
    });
    for (;;) {
      const s = await api(`/api/simulate/${job}`);
      $("sim-progress").max = s.total;
      $("sim-progress").value = s.finished;
      if (s.done) {
        if (s.error) { $("sim-report").textContent = s.error; return; }
        $("sim-report").textContent = s.report.text;
        $("sim-chart").innerHTML = s.report.chart;
        return;
      }
      await new Promise((ok) => setTimeout(ok, 300));
    }
  } catch (e) { $("sim-report").textContent = e.message; }
}

// --- wiring -----------------------------------------------------------------------------------------

$("board").addEventListener("click", (e) => {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const label = nodeAt(svg, page.centres, e.clientX, e.clientY);
  if (label) clickNode(label);
});
$("game").addEventListener("change", () => { optionsForm(); page.agents = {}; newGame(); });
$("new").addEventListener("click", newGame);
$("options").addEventListener("change", newGame);
$("options").addEventListener("submit", (e) => { e.preventDefault(); newGame(); });
$("pass").addEventListener("click", () => play({ move: "pass" }));
$("resign").addEventListener("click", () => play({ move: "resign" }));
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("typed").addEventListener("submit", (e) => { e.preventDefault(); play({ move: $("move-text").value }); $("move-text").value = ""; });
$("save").addEventListener("click", save);
$("load").addEventListener("click", load);
$("record-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) { $("record-text").value = await f.text(); load(); }
});
$("sim-run").addEventListener("click", simulate);

// Live reload: a watched definition changed on disk; replay the moves against it.
const events = new EventSource("/api/events");
events.addEventListener("change", async (e) => {
  if (e.data !== page.state.game) return;
  refresh(true);
  // The edit may have added or removed options: the form follows, keeping the values set.
  try {
    const games = (await api("/api/games")).games;
    const names = (g) => (g && g.options ? g.options.map((o) => o.name).join() : "");
    const before = names(currentGame());
    page.games = games;
    if (names(currentGame()) !== before) {
      const kept = Object.fromEntries([...$("options").elements].map((f) => [f.name, f.value]));
      optionsForm();
      for (const f of $("options").elements) if (kept[f.name] !== undefined) f.value = kept[f.name];
    }
  } catch (err) { note(err.message); }
});

// For tests and scripts: a node's centre on screen.
window.qipan = {
  page,
  centre: (label) => clientCentre($("board").querySelector("svg"), page.centres, label),
};

loadGames().then(newGame).catch((e) => note(e.message));
