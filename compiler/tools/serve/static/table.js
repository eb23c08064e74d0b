// A seat's page of `kurtyna serve`: asks the server for the seat's view (it waits for a change),
// draws it, and sends the answer clicked. Every text comes from the server and is set as text,
// never as HTML. The seat's token is in the page's address: /table/<table>/<token>.
"use strict";

const WORDS = JSON.parse(document.body.dataset.words);
const [, , TABLE, TOKEN] = location.pathname.split("/");
const API = `/api/${TABLE}/${TOKEN}`;
let shown = -1;          // the version drawn
let viewer = null;       // the seat whose cards are on screen (hot seat: hidden between seats)
let revealed = false;
const BACKS_DRAWN = 12;  // of a hidden hand, drawn as backs; more are a number

function say(key, values = {}) {
  return (WORDS[key] || key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

async function post(path, body) {
  const response = await fetch(API + path, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body || {}),
  });
  if (!response.ok) {
    const problem = await response.json().catch(() => ({error: response.statusText}));
    status(problem.error, true);
  }
  poll(true);
}

function status(text, error) {
  const box = document.getElementById("status");
  box.replaceChildren(el("p", text, error ? "error" : "note"));
}

function card(c, answer) {
  const box = el(answer ? "button" : "div", null, "card" + (answer ? " answer" : ""));
  if (answer) {
    box.type = "button";
    box.addEventListener("click", () => post("/answer", answer));
  }
  box.dataset.card = c.id;
  // the printed face; its words stay in the page for a screen reader, and show if it cannot load
  const face = el("img", null, "card-face");
  face.src = c.face;
  face.alt = `${c.name}. ${c.text}`;
  face.loading = "lazy";
  const words = el("div", null, "card-words");
  words.append(el("strong", c.name, "card-name"));
  if (c.fields.length) words.append(el("div", c.fields.map(([k, v]) => `${k}: ${v}`).join(" · "), "card-fields"));
  if (c.text) words.append(el("p", c.text, "card-text"));
  face.addEventListener("error", () => { face.remove(); words.classList.add("shown"); });
  box.append(face, words);
  return box;
}

function draw(data) {
  const decision = data.decision;
  const answersById = new Map();
  const plain = [];
  if (decision && decision.mine) {
    for (const a of decision.answers) {
      const answer = {decision: decision.number, answer: a.index};
      if (a.id && (a.kind === "space" || a.kind === "card")) answersById.set(a.id, answer);
      else plain.push([a, answer]);
    }
  }
  // hot seat: another person's cards stay hidden until they say they are at the screen
  if (viewer !== data.viewer.id) {
    viewer = data.viewer.id;
    revealed = data.players.filter(p => p.yours).length < 2;
  }
  const curtain = document.getElementById("curtain");
  curtain.hidden = revealed;
  document.querySelector("main.table").hidden = !revealed;
  if (!revealed) {
    document.getElementById("curtain-text").textContent = say("pass_to", {player: data.viewer.name});
    const ready = document.getElementById("curtain-ready");
    ready.textContent = say("ready", {player: data.viewer.name});
    ready.onclick = () => { revealed = true; draw(data); };
  }

  // what the page waits for, for a person and for a test driving it: over, fault, answer, wait
  document.body.dataset.phase = data.result ? "over" : data.fault ? "fault"
    : decision && decision.mine && revealed ? "answer" : "wait";
  document.body.dataset.version = String(data.version);
  // the line at the top: the result, a fault, who is thinking, or whose turn it is
  if (data.fault) status(`${say("fault")}: ${data.fault}`, true);
  else if (data.result) status(`${say("over")}: ${data.result}`);
  else if (decision && !decision.mine) status(say(data.busy ? "thinking" : "waiting", {player: decision.player}));
  else document.getElementById("status").replaceChildren();

  const ask = document.getElementById("decision");
  ask.replaceChildren();
  if (decision && decision.mine) {
    ask.append(el("h2", `${decision.player}: ${decision.question}`));
    const row = el("div", null, "answers");
    for (const [a, answer] of plain) {
      const button = el("button", a.words, "answer");
      button.type = "button";
      button.dataset.answer = String(a.index);
      button.addEventListener("click", () => post("/answer", answer));
      row.append(button);
    }
    ask.append(row);
  }

  const tracks = document.getElementById("tracks");
  tracks.replaceChildren(el("h2", say("tracks")));
  const list = el("dl");
  for (const t of data.tracks) list.append(el("dt", t.name), el("dd", t.value));
  tracks.append(list);
  const players = el("ul", null, "players");
  for (const p of data.players) {
    const item = el("li", p.name + (p.bot ? ` (${say("bot_seat", {bot: p.bot})})` : ""), p.asked ? "asked" : "");
    item.style.borderColor = p.colour;
    players.append(item);
  }
  tracks.append(players);

  const hand = document.getElementById("hand");
  hand.replaceChildren();
  for (const zone of data.hand.own) {
    if (!zone.cards.length) { hand.append(el("p", `${zone.title}: 0`, "empty-zone")); continue; }
    hand.append(el("h2", zone.title));
    const row = el("div", null, "cards");
    for (const c of zone.cards) row.append(card(c, answersById.get(c.id)));
    hand.append(row);
  }
  for (const other of data.hand.others) {  // another's hand: its backs, as many as it holds (a dozen drawn)
    const held = el("div", null, "held");
    held.append(el("p", say("held", {player: other.player, count: other.size, zone: other.zone})));
    const backs = el("div", null, "backs");
    const drawn = Math.min(other.size, BACKS_DRAWN);
    for (let i = 0; i < drawn; i++) {  // fanned: only the last back shows the game's name whole
      const back = el("div", i === drawn - 1 ? data.game : "", "card-back");
      back.style.background = other.colour;
      back.style.color = other.ink;
      backs.append(back);
    }
    if (other.size > BACKS_DRAWN) backs.append(el("span", `+${other.size - BACKS_DRAWN}`, "more-backs"));
    held.append(backs);
    hand.append(held);
  }

  const zones = document.getElementById("zones");
  zones.replaceChildren();
  for (const zone of data.zones) {
    if (!zone.size) { zones.append(el("p", `${zone.title}: 0`, "empty-zone")); continue; }
    zones.append(el("h3", `${zone.title} (${zone.size})`));
    const row = el("div", null, "cards");
    for (const c of zone.cards) row.append(card(c, answersById.get(c.id)));
    zones.append(row);
  }

  const board = document.getElementById("board");
  const printed = drawBoard(data, answersById);
  board.replaceChildren(el("h2", say("board")));
  board.hidden = !printed && !data.groups.length;  // a game of cards alone has no board
  let lists = board;
  if (printed) {  // the printed board first; the lists stay, folded, for the keyboard and the details
    board.append(printed);
    lists = el("details");
    lists.append(el("summary", say("board_lists")));
    board.append(lists);
  }
  for (const group of data.groups) {
    const table = el("table");
    if (group.title) table.append(el("caption", group.title));
    const head = el("tr");
    head.append(el("th", "#"), el("th", ""));
    for (const h of group.headers) head.append(el("th", h));
    table.append(head);
    for (const row of group.rows) {
      const answer = answersById.get(row.id);
      const line = el("tr", null, answer ? "answer" : "");
      line.dataset.space = row.id;
      line.append(el("td", row.key), el("td", row.name));
      for (const cell of row.cells) line.append(el("td", cell));
      if (answer) {
        line.tabIndex = 0;
        line.addEventListener("click", () => post("/answer", answer));
        line.addEventListener("keydown", e => { if (e.key === "Enter") post("/answer", answer); });
      }
      table.append(line);
    }
    lists.append(table);
  }

  const log = document.getElementById("log-lines");
  log.replaceChildren(...data.log.slice(-80).reverse().map(line => el("li", line)));

  const undo = document.getElementById("undo");
  undo.disabled = !data.can_undo;
  undo.onclick = () => post("/undo");
  const save = document.getElementById("save");
  save.hidden = !data.host;
  save.href = `${API}/save`;
}

// The printed board (the sheets' drawing, /board/<game>/<lang>.html) in a frame of its own; the
// state is written over each space as text, and a space that answers the question is outlined
// and clickable. The frame has no script of its own: this page writes into it.
let frame = null;
let frameReady = false;
let lastBoard = null;
function drawBoard(data, answersById) {
  if (!data.board) return null;
  if (!frame || frame.dataset.src !== data.board) {
    frame = el("iframe", null, "board-frame");
    frame.title = say("board");
    frame.dataset.src = data.board;
    frameReady = false;
    frame.addEventListener("load", () => { frameReady = true; if (lastBoard) fillBoard(...lastBoard); });
    frame.src = data.board;
  }
  lastBoard = [data, answersById];
  if (frameReady) fillBoard(data, answersById);
  return frame;
}

function fillBoard(data, answersById) {
  const doc = frame.contentDocument;
  if (!doc || !doc.body) return;
  const drawing = doc.querySelector(".board");
  if (drawing && drawing.offsetWidth) {  // the whole board across the frame's width
    doc.body.style.zoom = String(frame.clientWidth / drawing.offsetWidth);
    frame.style.height = `${Math.ceil(drawing.offsetHeight * frame.clientWidth / drawing.offsetWidth) + 4}px`;
  }
  for (const group of data.groups) {
    for (const row of group.rows) {
      const box = doc.querySelector(`[data-space="${CSS.escape(row.id)}"]`);
      if (!box) continue;
      let live = box.querySelector(".live");
      if (!live) { live = doc.createElement("div"); live.className = "live"; box.append(live); }
      live.textContent = row.cells.map((cell, i) => cell && cell !== "0" ? `${group.headers[i]} ${cell}` : "")
        .filter(Boolean).join(" · ");
      const answer = answersById.get(row.id);
      box.classList.toggle("asked", Boolean(answer));
      box.onclick = answer ? () => post("/answer", answer) : null;
    }
  }
}

let polling = false;
async function poll(now) {
  if (polling && !now) return;
  polling = true;
  try {
    const response = await fetch(`${API}/state?since=${now ? -1 : shown}`);
    if (response.ok) {
      const data = await response.json();
      // a version older than the one shown is an answer that crossed a newer one on the way
      if (data.version > shown || (now && data.version === shown)) { shown = data.version; draw(data); }
    }
  } catch (e) {
    await new Promise(r => setTimeout(r, 1000));
  } finally {
    polling = false;
  }
}

async function loop() {
  for (;;) { await poll(false); }
}

poll(true).then(loop);
