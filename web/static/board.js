// The board drawing that the game page and the tournament's live view
// share: one look for both. A board is a <table class="board"> whose
// squares are <td class="cell" data-square="c3">, a stone on one a
// <span class="stone w|b" data-stone="w|b">.

export const FILES = "abcdefghi";

// squareName is the name of square index i (a1 = 0, b1 = 1, …, a2 = n)
// on an n×n board.
export function squareName(i, n) {
  return FILES[i % n] + String(Math.floor(i / n) + 1);
}

// squareIndex is the index of a square's name, or -1.
export function squareIndex(name, n) {
  const f = FILES.indexOf(name[0]);
  const r = parseInt(name.slice(1), 10) - 1;
  if (f < 0 || f >= n || !(r >= 0 && r < n)) return -1;
  return r * n + f;
}

// el makes an element with attributes and children.
export function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role") e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

// drawBoard draws an n×n board. squares[i] is "", "w" or "b" by square
// index; marks maps a square's name to extra classes for its cell
// ("last", "target", "selected", "hint", …); ghosts maps a square's name
// to the colour of a stone just captured there, drawn fading out. flip
// puts rank 1 at the top and file a on the right, as Black sees it.
export function drawBoard({ size, squares, marks = {}, ghosts = {}, flip = false }) {
  const n = size;
  const centre = (n * n - 1) / 2;
  const t = el("table", { class: "board" + (flip ? " flipped" : ""), "data-size": String(n) });
  t.style.setProperty("--n", String(n));
  const ranks = [...Array(n).keys()].map(i => (flip ? i : n - 1 - i));
  const files = [...Array(n).keys()].map(i => (flip ? n - 1 - i : i));
  for (const r of ranks) {
    const tr = el("tr", {}, el("td", { class: "label" }, String(r + 1)));
    for (const f of files) {
      const i = r * n + f;
      const sq = FILES[f] + (r + 1);
      const c = squares[i];
      let cls = "cell";
      if (i === centre) cls += " centre";
      if ((r + f) % 2 === 1) cls += " alt";
      if (marks[sq]) cls += " " + marks[sq];
      if (c === "w" || c === "b") cls += " " + c;
      const td = el("td", { class: cls, "data-square": sq });
      if (c === "w" || c === "b") td.append(el("span", { class: "stone " + c, "data-stone": c }));
      else if (ghosts[sq]) td.append(el("span", { class: "stone ghost " + ghosts[sq], "aria-hidden": "true" }));
      tr.append(td);
    }
    t.append(tr);
  }
  const foot = el("tr", {}, el("td", { class: "label" }));
  for (const f of files) foot.append(el("td", { class: "label" }, FILES[f]));
  t.append(foot);
  return t;
}

// fmtMs writes a time for a clock: 4:05, 0:09.3 under ten seconds.
export function fmtMs(ms) {
  if (ms < 0) ms = 0;
  const s = ms / 1000;
  const m = Math.floor(s / 60);
  if (s < 10) return "0:0" + s.toFixed(1);
  return m + ":" + String(Math.floor(s - 60 * m)).padStart(2, "0");
}
