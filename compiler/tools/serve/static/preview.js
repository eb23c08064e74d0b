// The author's preview (`kurtyna serve --watch GAME`): waits for the next version of the game,
// shows its printed faces and sheets, and its faults beside the last good version. Text only.
"use strict";

const GAME = location.pathname.split("/")[2];
let shown = -1;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function lang() { return document.getElementById("lang").value; }

async function detail(card) {
  const response = await fetch(`/api/preview/${GAME}/card/${encodeURIComponent(card)}`);
  if (!response.ok) return;
  const data = await response.json();
  document.getElementById("detail").hidden = false;
  document.getElementById("detail-name").textContent = data.id;
  document.getElementById("detail-source").textContent = data.source;
  const texts = document.getElementById("detail-texts");
  texts.replaceChildren();
  for (const [code, text] of Object.entries(data.texts)) texts.append(el("dt", code), el("dd", text));
  const table = document.getElementById("detail-entries");
  table.replaceChildren();
  for (const [code, entries] of Object.entries(data.entries)) {
    for (const e of entries) {
      const row = el("tr", null, "entry-" + e.state);
      row.append(el("td", code), el("td", e.key), el("td", e.state), el("td", e.translation || e.source));
      table.append(row);
    }
  }
}

function draw(data) {
  document.getElementById("game").textContent = data.game;
  document.body.dataset.version = String(data.version);
  document.body.dataset.fault = data.fault ? "yes" : "no";
  const fault = document.getElementById("fault");
  fault.hidden = !data.fault;
  document.getElementById("fault-text").textContent = data.fault || "";
  const cards = document.getElementById("cards");
  cards.replaceChildren();
  for (const c of data.cards) {
    const box = el("button", null, "card answer");
    box.type = "button";
    box.dataset.card = c.id;
    const face = el("img", null, "card-face");
    face.src = c.face;
    face.alt = c.name;
    face.loading = "lazy";
    box.append(face);
    box.addEventListener("click", () => detail(c.id));
    cards.append(box);
  }
  for (const name of ["reference", "board"]) {
    const frame = document.getElementById(name);
    if (frame.getAttribute("src") !== data.sheets[name]) frame.setAttribute("src", data.sheets[name]);
  }
}

async function poll(now) {
  try {
    const asked = lang();
    const since = now ? -1 : shown;
    const response = await fetch(`/api/preview/${GAME}/state?lang=${asked}&since=${since}`);
    if (response.ok) {
      const data = await response.json();
      // an answer in the language shown before, or older than the version shown, crossed a newer
      // one; but a wait answered with an older version than it waited on is a restarted server
      const restarted = !now && data.version < since;
      const newer = restarted || data.version > shown || (now && data.version === shown);
      if (asked === lang() && newer) { shown = data.version; draw(data); }
    }
  } catch (e) {
    await new Promise(r => setTimeout(r, 1000));
  }
}

document.getElementById("lang").addEventListener("change", () => poll(true));
(async () => { await poll(true); for (;;) await poll(false); })();
