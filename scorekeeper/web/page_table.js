"use strict";
// The live table page: reads the session's document from the event stream and puts
// its words and numbers into the page as text (never as markup). Reconnects by itself.
// (page script, part 1 of 7: web/page.py joins the parts, SCRIPT_PARTS, into the one
// inline script the page serves; this part opens the page's function)
(function () {
  const config = JSON.parse(document.getElementById("config").textContent);
  const $ = (id) => document.getElementById(id);
  const make = (tag, text, cls) => {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  };
  // A player's own page (issue 46): the viewers' table, who they are at the top, and the
  // recorder's desk drawing the document's "offers" (what they may propose) instead of
  // the recorder's entries: a tap there proposes, the recorder confirms.
  const mine = config.player !== null && config.player !== undefined;
  const desk = config.recorder === null && !mine ? null : recorderDesk();
  if (mine) {
    $("me").textContent = config.you_are;
    $("me").hidden = false;
  }
  const stakes = stakeList();
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

  // A table from the stream; on the recorder's page, while a past round is played again,
  // it is kept for when the correction ends and the round played again is shown instead.
  // The stream may move to another session (the app opened it): the same connection
  // sends its table, drawn as any other; the one left is offered as the last result.
  let latest = null; // the table the stream sent last
  let past = null; // the last result, shown instead of the table (null: the table)
  function show(doc) {
    const moving = latest !== null && doc.session !== latest.session;
    latest = doc;
    if (moving && desk) desk.moved();
    if (moving && past !== null && past.session === doc.session) back();
    pastBar();
    if (desk && !desk.live(doc)) return;
    if (past === null) draw(doc);
  }

  // -- the last result: the session the page showed before, as it was left ---------------
  function pastBar() {
    const offered = latest !== null && latest.last !== null && latest.last !== undefined;
    $("last-result").hidden = !offered || past !== null;
    $("past-note").hidden = past === null;
    $("back-to-table").hidden = past === null;
    document.body.dataset.showing = past === null ? "table" : "last";
  }

  function lastResult() {
    fetch("last.json?lang=" + encodeURIComponent(config.lang),
      { cache: "no-store", credentials: "omit" })
      .then((reply) => reply.json())
      .then((doc) => {
        if (!doc) return;
        past = doc;
        $("act-box").hidden = true;
        pastBar();
        draw(doc);
        window.scrollTo(0, 0);
      })
      .catch(() => {});
  }

  function back() {
    if (past === null) return;
    past = null;
    $("act-box").hidden = desk === null;
    pastBar();
    if (desk) desk.again();
    else if (latest !== null) draw(latest);
  }

  $("last-result").textContent = config.last_result;
  $("past-note").textContent = config.showing_last;
  $("back-to-table").textContent = config.back_to_table;
  $("last-result").addEventListener("click", lastResult);
  $("back-to-table").addEventListener("click", back);

  function draw(doc) {
    document.title = doc.title;
    $("title").textContent = doc.title;
    const head = doc.headline;
    // once the session has ended no stake stands in huge type: its end is shown instead
    $("big").hidden = doc.ended !== null;
    $("big").textContent = doc.ended !== null ? "" : String(head.value);
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
        tr.dataset.name = p.name;
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
    $("standings-box").hidden = doc.ended !== null; // the final standings are in the end
    drawEnded(doc.ended, c);
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
          if (desk && desk.picking(pool.pool)) cell.classList.add("picked");
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
    stakes.draw(doc);
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
    document.body.dataset.session = String(doc.session);
    if (desk && doc !== past) desk.show(doc);
  }


  // -- the end of a session: the final standings, who pays whom, the receipt, and the same
  // as one text to share (the phone's share sheet where there is one, else a copy button)
  let endWords = null;

  function drawEnded(end, c) {
    $("ended-box").hidden = end === null;
    endWords = end === null ? null : end.words;
    if (end === null) return;
    $("ended-title").textContent = end.heading;
    fill($("ended-standings"), [[c.rank, "n"], [c.name], [end.value_heading, "n"]],
      end.standings.map((s) => row([[s.rank, "n"], [s.name],
        [s.text, end.signed ? tone(s.value) : "n"]])));
    $("ended-pay-title").textContent = end.pay_title;
    $("ended-rate").hidden = !end.rate;
    $("ended-rate").textContent = end.rate;
    $("ended-transfers").replaceChildren(...end.transfers.map((x) => make("li", x.text)),
      ...end.notes.map((note) => make("li", note, "none")));
    $("ended-board").hidden = !end.board.length;
    $("ended-board").textContent = end.board.join(" ");
    $("ended-receipt").hidden = end.receipt === null;
    $("ended-receipt").textContent = end.receipt === null ? "" : end.receipt.text;
    const canShare = typeof navigator.share === "function";
    $("share").hidden = !canShare;
    $("copy").hidden = canShare;
    $("share").textContent = end.words.share;
    $("copy").textContent = end.words.copy;
    $("share-label").textContent = end.words.text;
    const area = $("share-text");
    if (area.value !== end.text) {
      area.value = end.text;
      $("share-said").textContent = "";
    }
  }

  // A page served over plain http on the table's network is no secure context: it has no
  // navigator.clipboard, so the text is selected and copied the old way.
  function copyBySelection() {
    const area = $("share-text");
    area.focus();
    area.select();
    area.setSelectionRange(0, area.value.length);
    try {
      return document.execCommand("copy");
    } catch (error) {
      return false;
    }
  }

  async function copyText() {
    const text = $("share-text").value;
    let done = false;
    if (window.isSecureContext && navigator.clipboard && navigator.clipboard.writeText) {
      try {
        await navigator.clipboard.writeText(text);
        done = true;
      } catch (error) {
        done = false;
      }
    }
    if (!done) done = copyBySelection();
    if (endWords) $("share-said").textContent = done ? endWords.copied : endWords.copy_failed;
  }

  $("copy").addEventListener("click", copyText);
  $("share").addEventListener("click", () => {
    navigator.share({ text: $("share-text").value }).catch((error) => {
      if (!error || error.name !== "AbortError") copyText(); // no sheet after all: copied
    });
  });

