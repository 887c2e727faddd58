"use strict";
// The live table page: reads the session's document from the event stream and puts
// its words and numbers into the page as text (never as markup). Reconnects by itself.
(function () {
  const config = JSON.parse(document.getElementById("config").textContent);
  const $ = (id) => document.getElementById(id);
  const make = (tag, text, cls) => {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  };
  const signed = (n) => (n > 0 ? "+" + n : String(n));
  const tone = (n) => (n > 0 ? "n pos" : n < 0 ? "n neg" : "n");

  function row(cells, heading) {
    const tr = make("tr");
    for (const [text, cls] of cells) tr.appendChild(make(heading ? "th" : "td", text, cls));
    return tr;
  }

  function fill(table, head, rows) {
    table.replaceChildren();
    const thead = make("thead");
    thead.appendChild(row(head, true));
    const tbody = make("tbody");
    for (const tr of rows) tbody.appendChild(tr);
    table.append(thead, tbody);
  }

  function none(box, empty) {
    box.replaceChildren(make("li", config.none_yet, "none"));
    return empty;
  }

  function show(doc) {
    document.title = doc.title;
    $("title").textContent = doc.title;
    const head = doc.headline;
    $("big").textContent = String(head.value);
    $("caption").textContent = head.caption;
    $("status").textContent = doc.status;
    const problem = $("problem");
    problem.hidden = !doc.problem;
    problem.textContent = doc.problem || "";
    for (const key of Object.keys(doc.labels)) {
      const title = $(key + "-title");
      if (title) title.textContent = doc.labels[key];
    }
    const c = doc.columns;
    const head_row = [["#", "n"], [c.name], [c.in_round]];
    if (doc.uses_chips) head_row.push([c.committed, "n"]);
    // points are the net result itself: one column; chips and losses have both
    if (doc.score_is_net) head_row.push([c.score, "n"]);
    else head_row.push([c.score, "n"], [c.net, "n"]);
    fill($("players"), head_row,
      doc.players.map((p) => {
        const tr = make("tr", null, p.where);
        tr.appendChild(make("td", p.seat, "n"));
        const name = make("td");
        name.appendChild(make("span", p.name));
        if (p.parent) name.appendChild(make("span", head.parent_label, "mark"));
        if (p.recorder) name.appendChild(make("span", " ✎"));
        tr.appendChild(name);
        tr.appendChild(make("td", p.where_text, "where"));
        if (doc.uses_chips) tr.appendChild(make("td", p.committed || "", "n"));
        if (!doc.score_is_net) tr.appendChild(make("td", p.score, "n"));
        tr.appendChild(make("td", signed(p.net), tone(p.net)));
        return tr;
      }));
    fill($("standings"), [[c.rank, "n"], [c.name], [c.net, "n"]],
      doc.standings.map((s) => row([[s.rank, "n"], [s.name], [signed(s.net), tone(s.net)]])));
    $("pots-box").hidden = doc.pots === null;
    if (doc.pots !== null) {
      const pots = $("pots");
      if (!doc.pots.length) none(pots);
      else pots.replaceChildren(...doc.pots.map((line) => make("li", line)));
    }
    $("board-box").hidden = doc.board === null;
    if (doc.board !== null) {
      const board = $("board");
      board.replaceChildren();
      for (const cells of doc.board.rows) {
        for (const pool of cells) {
          const cell = make("div", null, pool.chips ? "pool" : "pool empty");
          cell.dataset.pool = pool.pool;
          cell.append(make("div", pool.name), make("div", pool.chips, "chips"));
          if (pool.note) cell.appendChild(make("div", pool.note, "note"));
          board.appendChild(cell);
        }
      }
      $("board-stage").textContent = doc.board.stage;
      $("board-poch").textContent = doc.board.poch;
    }
    $("result-box").hidden = !doc.result;
    $("result").textContent = doc.result;
    // the stake timeline as the app's timeline shows it; none in a game without a stake
    $("stakes-box").hidden = doc.stakes === null;
    if (doc.stakes !== null && doc.stakes.length) {
      fill($("stakes"), [[c.time], [c.round, "n"], [c.stake, "n"], [c.what]],
        doc.stakes.map((s) => {
          const tr = row([[s.time, "time"], [s.round, "n"], [s.text, "n stake"], [s.what, "what"]]);
          tr.dataset.seq = s.seq;
          if (s.struck) tr.className = "struck";
          if (s.mark) tr.lastChild.appendChild(make("span", " " + s.mark, "note"));
          return tr;
        }));
    } else if (doc.stakes !== null) {
      $("stakes").replaceChildren(row([[config.none_yet, "none"]]));
    }
    const entries = $("entries");
    if (!doc.entries.length) none(entries);
    else entries.replaceChildren(...doc.entries.map((e) => {
      const li = make("li", null, e.struck ? "struck" : "");
      li.dataset.seq = e.seq;
      li.append(make("span", e.time, "time"), make("span", "#" + e.seq, "time"),
        make("span", e.text, "what"));
      if (e.mark) li.appendChild(make("span", e.mark, "note"));
      return li;
    }));
    document.body.dataset.entries = String(doc.entries_count);
  }

  // -- the event stream, read with fetch so that a refusal's words can be shown ----------
  const conn = $("conn");
  let lastHeard = 0;
  let waiting = null;
  let controller = null;
  let delay = 1000;
  let gone = false;

  function status(text, bad) {
    conn.textContent = text;
    conn.classList.toggle("bad", !!bad);
  }

  function clock() {
    return new Date().toLocaleTimeString(config.lang, { hour12: false });
  }

  function handle(block) {
    let name = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data += line.slice(5).replace(/^ /, "");
    }
    if (name === "state" && data) {
      show(JSON.parse(data));
      status(config.live.replace("{time}", clock()), false);
    }
  }

  function again() {
    if (gone || waiting !== null) return;
    waiting = setTimeout(() => { waiting = null; listen(); }, delay);
    delay = Math.min(delay * 2, 10000);
  }

  async function listen() {
    if (gone) return;
    if (controller) controller.abort();
    const mine = new AbortController();
    controller = mine;
    let watchdog = null;
    let said = false; // a refusal in words (too many viewers) stays on screen while we wait
    const heard = () => {
      lastHeard = Date.now();
      clearTimeout(watchdog);
      watchdog = setTimeout(() => mine.abort(), config.silence_ms);
    };
    try {
      const reply = await fetch("events?lang=" + encodeURIComponent(config.lang),
        { cache: "no-store", signal: mine.signal, credentials: "omit" });
      if (reply.status === 403) {
        gone = true;
        status(config.expired, true);
        return;
      }
      if (!reply.ok || !reply.body) {
        said = true;
        status(await reply.text(), true);
        delay = Math.max(delay, 5000);
        return;
      }
      delay = 1000;
      heard();
      const reader = reply.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          handle(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch (error) {
      // aborted (silence, or a newer connection) or the network went away: try again
    } finally {
      clearTimeout(watchdog);
      if (controller === mine) {
        controller = null;
        if (!gone) {
          if (!said) status(config.reconnecting, true);
          again();
        }
      }
    }
  }

  // A phone that slept has timers that did not run and a connection that may be dead:
  // on waking, or when the network comes back, connect again at once and catch up.
  function wake() {
    if (gone || document.visibilityState !== "visible") return;
    if (controller === null || Date.now() - lastHeard > config.silence_ms / 2) {
      clearTimeout(waiting);
      waiting = null;
      delay = 1000;
      listen();
    }
  }
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);
  listen();
})();
