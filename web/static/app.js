// The game page: a game against the engine, drawn from the server's
// state (web/API.md) and kept up to date by its event stream.
import { drawBoard, el, fmtMs, squareIndex } from "./board.js";

const $ = id => document.getElementById(id);
const STORE = "seega.game";

let rules = null;          // GET /api/rules
let state = null;          // the last state drawn
let events = null;         // the EventSource of the game
let flip = localStorage.getItem("seega.flip") === "1"; // the person turned the board round
let selected = "";         // the stone picked for a step
let mode = "";             // "", "ransom" (pick a Black stone) or "accept" (pick two White stones)
let picked = [];           // the stones picked for an acceptance
let hint = [];             // squares of a hint to highlight
let dragFrom = "";         // the square a drag started on
let receivedAt = 0;        // when the state came, for the clocks
let drawnVersion = -1;

window.seegaState = null;

// api calls the server; it throws an Error holding the server's message.
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.body = JSON.stringify(body);
    opts.headers["Content-Type"] = "application/json";
  }
  const r = await fetch(path, opts);
  if (r.status === 204) return null;
  let data = null;
  try { data = await r.json(); } catch (e) { /* no body */ }
  if (!r.ok) {
    const err = new Error((data && data.error) || ("the server answered " + r.status));
    err.status = r.status;
    throw err;
  }
  return data;
}

function showError(msg) { $("error").textContent = msg || ""; }

const sideName = s => (s === "white" ? "White" : "Black");
const letter = s => (s === "white" ? "w" : "b");

// --- The game's life: open, follow, replace. -------------------------

function followGame(id) {
  if (events) events.close();
  localStorage.setItem(STORE, id);
  if (location.hash !== "#game=" + id) history.replaceState(null, "", "#game=" + id);
  events = new EventSource("/api/games/" + encodeURIComponent(id) + "/events");
  events.addEventListener("state", e => draw(JSON.parse(e.data)));
  events.addEventListener("info", e => drawInfo(JSON.parse(e.data)));
  events.addEventListener("gone", e => {
    events.close();
    events = null;
    localStorage.removeItem(STORE);
    showError(JSON.parse(e.data).error);
    openForm();
  });
  events.onerror = () => {
    if (events && events.readyState === EventSource.CLOSED) {
      // The server refused the stream: the game is unknown, or the server is gone.
      api("GET", "/api/games/" + encodeURIComponent(id)).then(draw).catch(err => {
        if (err.status === 404) {
          localStorage.removeItem(STORE);
          showError("That game is no longer on the server: start a new one.");
          openForm();
        } else {
          showError("The server cannot be reached; reload to try again.");
        }
      });
    }
  };
}

async function newGame(body) {
  showError("");
  try {
    const st = await api("POST", "/api/games", body);
    $("analysis").replaceChildren(el("span", { class: "note" }, "The engine's thoughts show here while it searches."));
    closeForm();
    draw(st);
    followGame(st.id);
  } catch (err) {
    showError(err.message);
  }
}

// --- Drawing. ----------------------------------------------------------

function draw(st) {
  if (state && st.id === state.id && st.version < state.version) return; // an older state, arrived late
  const fresh = !state || st.id !== state.id || st.version !== state.version;
  const prev = state;
  state = st;
  window.seegaState = st;
  receivedAt = performance.now();
  if (fresh) {
    if (!st.chain) selected = "";
    if (prev && prev.id === st.id && prev.version !== st.version) hint = [];
    if (!st.legal.some(a => a.startsWith("ransom:"))) { if (mode === "ransom") mode = ""; }
    if (!st.legal.some(a => a.startsWith("accept:"))) { if (mode === "accept") { mode = ""; picked = []; } }
  }
  if (st.chain && st.legal.length) selected = st.chain;
  drawBoardNow(fresh && prev && prev.id === st.id && st.version !== drawnVersion);
  drawnVersion = st.version;
  drawPlayers();
  drawStatus();
  drawControls();
  drawMoves();
  drawShare();
  if (fresh && st.analysis) drawInfo(st.analysis);
}

// targets are the squares the selected stone may step to.
function targets() {
  if (!state || !selected) return [];
  return state.legal.filter(a => a.length === 4 && a.startsWith(selected)).map(a => a.slice(2));
}

function stepsFrom(sq) {
  return state.legal.some(a => a.length === 4 && a.startsWith(sq));
}

function drawBoardNow(animate) {
  const st = state;
  const marks = {};
  const add = (sq, cls) => { marks[sq] = (marks[sq] ? marks[sq] + " " : "") + cls; };
  if (st.last) {
    for (const a of st.last.actions) {
      if (/^[a-i]\d[a-i]\d$/.test(a)) { add(a.slice(0, 2), "from"); add(a.slice(2), "last"); }
      else if (/^[a-i]\d$/.test(a)) add(a, "last");
      else if (a.startsWith("ransom:")) add(a.slice(7), "last");
    }
  }
  if (st.last) for (const sq of st.last.captured) add(sq, "captured");
  for (const sq of hint) add(sq, "hint");
  if (selected) add(selected, "selected");
  for (const sq of targets()) add(sq, "target");
  if (!selected && st.legal.length && st.phase === "placement") for (const a of st.legal) if (/^[a-i]\d$/.test(a)) add(a, "target");
  for (const sq of picked) add(sq, "picked");
  const ghosts = {};
  if (animate && st.last) {
    const enemy = st.last.by === "white" ? "b" : "w";
    for (const sq of st.last.captured) ghosts[sq] = enemy;
  }
  // Black sees the board from its side (rank 1 at the top), unless the
  // person flipped it.
  const t = drawBoard({ size: st.size, squares: st.squares, marks, ghosts, flip: (st.human === "black") !== flip });
  if (animate && st.last) {
    for (const a of st.last.actions) {
      const to = a.length === 4 ? a.slice(2) : a;
      const td = t.querySelector(`[data-square="${to}"]`);
      if (td) td.classList.add("arrived");
    }
  }
  $("board").replaceChildren(t);
}

function drawPlayers() {
  const st = state;
  const engine = st.human === "white" ? "black" : "white";
  // The person's side at the bottom, unless the board is flipped.
  const [top, bottom] = flip ? [st.human, engine] : [engine, st.human];
  for (const [id, side] of [["player-top", top], ["player-bottom", bottom]]) {
    const who = side === st.human ? "You" : "Engine";
    const box = $(id);
    box.className = "player" + (!st.over && st.toAct === side ? " to-act" : "");
    box.replaceChildren(
      el("span", { class: "dot " + letter(side) }),
      el("span", { class: "name" }, `${who} (${sideName(side)})`),
      el("span", { class: "counts", id: "counts-" + side },
        `in hand ${st.inHand[side]} · on board ${st.onBoard[side]} · lost ${st.captured[side]}`),
      el("span", { class: "clock", id: "clock-" + side }));
  }
  tickClocks();
}

function tickClocks() {
  if (!state) return;
  const c = state.clock;
  for (const side of ["white", "black"]) {
    const box = $("clock-" + side);
    if (!box) continue;
    if (c.kind === "none") { box.textContent = ""; continue; }
    let ms = side === "white" ? c.whiteMs : c.blackMs;
    const running = c.running === side && !state.over;
    if (running) ms -= performance.now() - receivedAt;
    box.textContent = fmtMs(ms);
    box.className = "clock" + (running ? " running" : "") + (running && ms < 10000 ? " low" : "");
  }
}

function drawStatus() {
  const st = state;
  let s;
  if (st.over) s = "Game over.";
  else if (st.toAct !== st.human) s = st.thinking ? "The engine is thinking…" : "The engine is to play.";
  else if (mode === "ransom") s = "Click the Black stone you offer as ransom.";
  else if (mode === "accept") s = `Click two of your stones to give up (${picked.length} of 2).`;
  else if (st.ransom.pending) s = `Black asks a ransom for ${st.ransom.pending}: refuse, or accept and pick two stones.`;
  else if (st.phase === "placement") s = st.partial.length ? "Place your second stone." : "Your turn: place two stones.";
  else if (st.chain) s = `Capture again with the stone on ${st.chain}` + (st.legal.includes("0000") ? ", or stop the chain." : ".");
  else s = selected ? `Move the stone on ${selected}: click a marked square.` : "Your turn: pick a stone, then where it goes (or drag it).";
  $("status").textContent = s;
  $("notice").textContent = st.notice || "";
  const r = st.result;
  $("result").replaceChildren();
  if (r) {
    $("result").append(`${r.reason} Points: White ${r.points.white}, Black ${r.points.black}.` +
      (r.winner ? (r.winner === st.human ? " You win!" : " The engine wins.") : " A draw."), " ",
      el("button", { id: "play-again", type: "button", onclick: () => openForm() }, "New game"));
  }
  $("title").textContent = `${st.variant} ${st.size}×${st.size} · level ${st.level}`;
}

function drawControls() {
  const st = state;
  const mine = st.legal.length > 0;
  $("stop-chain").disabled = $("stop-chain").hidden = !st.legal.includes("0000");
  $("stop-chain").textContent = st.chain ? "Stop chain" : "Pass";
  // Black requests a ransom, White answers: each button for its side.
  $("ransom").hidden = !st.ransom.on || st.human !== "black";
  $("refuse").hidden = $("accept").hidden = !st.ransom.on || st.human !== "white";
  $("ransom").disabled = !st.legal.some(a => a.startsWith("ransom:"));
  $("ransom").classList.toggle("active", mode === "ransom");
  $("refuse").disabled = !st.legal.includes("refuse");
  $("refuse").textContent = `Refuse (${st.ransom.refusals}/${st.ransom.refusalsMax})`;
  $("accept").disabled = !st.legal.some(a => a.startsWith("accept:"));
  $("accept").classList.toggle("active", mode === "accept");
  $("hint").disabled = !mine;
  $("takeback").disabled = !st.movesBy.includes(st.human) && !(st.partial.length && st.toAct === st.human);
  $("resign").disabled = st.over;
}

function drawMoves() {
  const st = state;
  const list = $("move-list");
  list.replaceChildren(...st.moves.map((m, i) => el("li", { "data-index": String(i) },
    el("span", { class: "dot " + letter(st.movesBy[i]) }), ` ${i + 1}. ${m}`)));
  if (st.partial.length) list.append(el("li", { class: "current" },
    el("span", { class: "dot " + letter(st.toAct) }), ` ${st.moves.length + 1}. ${st.partial.join(",")}…`));
  list.scrollTop = list.scrollHeight;
  const facts = $("facts");
  const add = (k, v) => facts.append(el("dt", {}, k), el("dd", {}, v));
  facts.replaceChildren();
  add("turn", String(st.turnNumber) + " · " + st.phase);
  add("to act", st.over ? "—" : sideName(st.toAct));
  if (st.quietLimit > 0) add("quiet turns", `${st.quiet} of ${st.quietLimit}`);
  else add("quiet turns", String(st.quiet));
  if (st.ransom.on) {
    add("ransom", st.ransom.accepted ? "accepted" : st.ransom.asked ? "requested" : "not yet requested");
    add("refusals", `${st.ransom.refusals} of ${st.ransom.refusalsMax}`);
    if (st.ransom.deadlineLeft >= 0) add("deadline", `${st.ransom.deadlineLeft} Black turns left`);
  }
}

function drawShare() {
  const st = state;
  $("sefen").value = st.sefen;
  const rulesText = Object.entries(st.options).map(([k, v]) => `${k}=${v}`).join(";");
  const hash = "#rules=" + encodeURIComponent(rulesText) + "&fen=" + encodeURIComponent(st.startFen) +
    "&moves=" + encodeURIComponent(st.moves.join(";")) + "&human=" + st.human;
  $("share-link").href = location.origin + "/" + hash;
}

function drawInfo(info) {
  const a = $("analysis");
  const side = sideName(info.for);
  a.replaceChildren(
    el("div", {}, el("b", {}, "score "), `${info.score} (for ${side})`),
    el("div", {}, el("b", {}, "depth "), `${info.depth}/${info.seldepth} · ${info.nodes} nodes · ${info.nps} nps`),
    el("div", { class: "pv" }, el("b", {}, "line "), info.pv.join(" ")));
}

// --- Input. ------------------------------------------------------------

async function play(action) {
  showError("");
  try {
    const st = await api("POST", `/api/games/${state.id}/action`, { action });
    draw(st);
  } catch (err) {
    showError(err.message);
    drawBoardNow(false);
  }
}

function squareAt(x, y) {
  const e = document.elementFromPoint(x, y);
  const td = e && e.closest("[data-square]");
  return td ? td.getAttribute("data-square") : "";
}

function stoneOn(sq) {
  return state.squares[squareIndex(sq, state.size)];
}

// press is a click (or the start of a drag) on a square.
function press(sq) {
  const st = state;
  if (!st || st.over) return;
  if (st.toAct !== st.human) { showError("Wait: it is the engine's turn."); return; }
  showError("");
  if (mode === "ransom") { mode = ""; play("ransom:" + sq); return; }
  if (mode === "accept") {
    if (picked.includes(sq)) picked = picked.filter(p => p !== sq);
    else picked.push(sq);
    if (picked.length === 2) {
      const [a, b] = picked.sort((x, y) => squareIndex(x, st.size) - squareIndex(y, st.size));
      mode = ""; picked = [];
      play(`accept:${a}:${b}`);
      return;
    }
    draw(st);
    return;
  }
  if (st.phase === "placement" || st.inHand[st.human] > 0) { play(sq); return; }
  if (selected && selected !== sq && stoneOn(sq) !== letter(st.human)) { play(selected + sq); return; }
  if (stoneOn(sq) === letter(st.human)) {
    if (st.chain && sq !== st.chain) { showError(`The chain must go on with the stone on ${st.chain}.`); return; }
    if (!stepsFrom(sq)) { showError(`The stone on ${sq} has no legal step now.`); }
    selected = sq;
    dragFrom = sq;
    draw(st);
    return;
  }
  showError(stoneOn(sq) ? "That is the engine's stone: pick one of yours." : "Pick one of your stones first, then where it goes.");
}

function setupBoardInput() {
  const board = $("board");
  board.addEventListener("pointerdown", e => {
    const td = e.target.closest("[data-square]");
    if (!td) return;
    e.preventDefault();
    dragFrom = "";
    press(td.getAttribute("data-square"));
  });
  board.addEventListener("pointerup", e => {
    if (!dragFrom || !state) return;
    const to = squareAt(e.clientX, e.clientY);
    const from = dragFrom;
    dragFrom = "";
    if (to && to !== from && selected === from) play(from + to);
  });
}

function setupControls() {
  $("stop-chain").onclick = () => play("0000");
  $("refuse").onclick = () => play("refuse");
  $("ransom").onclick = () => { mode = mode === "ransom" ? "" : "ransom"; picked = []; draw(state); };
  $("accept").onclick = () => { mode = mode === "accept" ? "" : "accept"; picked = []; draw(state); };
  $("flip").onclick = () => {
    flip = !flip;
    localStorage.setItem("seega.flip", flip ? "1" : "0");
    if (state) draw(state);
  };
  $("hint").onclick = async () => {
    showError("");
    try {
      const h = await api("POST", `/api/games/${state.id}/hint`);
      hint = [];
      for (const a of h.actions) {
        if (a.length === 4) hint.push(a.slice(0, 2), a.slice(2));
        else if (a.length === 2) hint.push(a);
      }
      draw(state);
      $("status").textContent = "Hint: " + h.turn;
    } catch (err) { showError(err.message); }
  };
  $("takeback").onclick = async () => {
    showError("");
    try { draw(await api("POST", `/api/games/${state.id}/takeback`)); } catch (err) { showError(err.message); }
  };
  $("resign").onclick = async () => {
    if (!confirm("Resign this game?")) return;
    try { draw(await api("POST", `/api/games/${state.id}/resign`)); } catch (err) { showError(err.message); }
  };
  $("new-game").onclick = e => { e.preventDefault(); openForm(); };
  $("cancel-new").onclick = () => closeForm();
  $("copy-link").onclick = () => {
    const href = $("share-link").href;
    if (navigator.clipboard) navigator.clipboard.writeText(href).catch(() => {});
  };
  $("share-link").onclick = e => {
    // Opening the link on this page reopens the game from it.
    e.preventDefault();
    location.hash = new URL($("share-link").href).hash;
  };
}

// --- The new-game form. ---------------------------------------------------

function openForm() {
  $("new-game-panel").hidden = false;
  $("cancel-new").hidden = !state;
}

function closeForm() { $("new-game-panel").hidden = true; }

function presetInto(variant) {
  const preset = rules.presets[variant];
  for (const o of rules.options) {
    const input = document.querySelector(`[data-option="${o.name}"]`);
    if (input) input.value = preset[o.name];
  }
}

function buildForm() {
  $("variant").replaceChildren(...rules.variants.map(v => el("option", { value: v }, v)));
  $("level").replaceChildren(...[...Array(rules.maxLevel + 1).keys()].reverse().map(l =>
    el("option", { value: String(l) }, l === rules.maxLevel ? `${l} (full strength)` : String(l))));
  const opts = document.querySelector("#advanced .opts");
  opts.replaceChildren();
  for (const o of rules.options) {
    const id = "opt-" + o.name;
    let input;
    if (o.kind === "choice") input = el("select", { id, "data-option": o.name }, ...o.values.map(v => el("option", { value: v }, v)));
    else input = el("input", { id, type: "number", min: String(o.min), "data-option": o.name });
    opts.append(el("label", { htmlFor: id }, o.name), input);
  }
  $("variant").onchange = () => presetInto($("variant").value);
  presetInto($("variant").value);
  const clockFields = () => {
    const kind = $("clock-kind").value;
    for (const e of document.querySelectorAll("[data-clock]")) e.hidden = e.getAttribute("data-clock") !== kind;
  };
  $("clock-kind").onchange = clockFields;
  clockFields();
  $("new-game-form").onsubmit = e => {
    e.preventDefault();
    const variant = $("variant").value;
    const preset = rules.presets[variant];
    const options = { BoardSize: $("size").value };
    for (const o of rules.options) {
      const v = document.querySelector(`[data-option="${o.name}"]`).value;
      if (v !== preset[o.name]) options[o.name] = v;
    }
    const kind = $("clock-kind").value;
    const clock = { kind };
    if (kind === "turn") clock.turnMs = Math.round(parseFloat($("turn-secs").value) * 1000);
    if (kind === "game") {
      clock.baseMs = Math.round(parseFloat($("base-mins").value) * 60000);
      clock.incMs = Math.round(parseFloat($("inc-secs").value) * 1000);
    }
    newGame({ variant, options, human: $("human").value, level: parseInt($("level").value, 10),
      thinkMs: parseInt($("think").value, 10), clock });
  };
}

// --- Start: a game from the URL, from this browser's last, or the form. --

function fromHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.get("game")) return { id: h.get("game") };
  if (h.has("fen") || h.has("moves") || h.has("rules")) {
    const options = {};
    let variant = "egyptian";
    for (const kv of (h.get("rules") || "").split(";")) {
      const [k, v] = kv.split("=");
      if (!k || v === undefined) continue;
      if (k === "Variant") variant = v;
      else options[k] = v;
    }
    const moves = (h.get("moves") || "").split(";").filter(m => m);
    return { create: { variant, options, fen: h.get("fen") || "", moves, human: h.get("human") || "white" } };
  }
  return null;
}

async function route() {
  const h = fromHash();
  if (h && h.create) {
    await newGame(h.create);
    return;
  }
  const id = (h && h.id) || localStorage.getItem(STORE);
  if (!id) { openForm(); $("status").textContent = "Choose the rules and start a game."; return; }
  try {
    draw(await api("GET", "/api/games/" + encodeURIComponent(id)));
    followGame(id);
  } catch (err) {
    localStorage.removeItem(STORE);
    showError(err.status === 404 ? "That game is no longer on the server: start a new one." : err.message);
    openForm();
  }
}

async function main() {
  setupBoardInput();
  setupControls();
  try {
    rules = await api("GET", "/api/rules");
  } catch (err) {
    showError("The server cannot be reached: " + err.message);
    return;
  }
  buildForm();
  window.addEventListener("hashchange", () => {
    if (state && location.hash === "#game=" + state.id) return;
    route();
  });
  setInterval(tickClocks, 200);
  await route();
}

main();
