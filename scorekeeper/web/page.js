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
  const desk = config.recorder === null ? null : recorderDesk();
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

  // -- the stake list: the latest rows come with every table; the whole session, or one
  // round, is read when asked for (stakes.json), a page at a time, as the app's timeline
  // shows it with its round filter
  function stakeList() {
    const w = config.stakes;
    const pick = $("stakes-show");
    let last = null; // the latest table drawn
    let rounds = -1; // the rounds the choices were made for
    let asked = null; // null: the latest rows; else {round, rows, older, waiting, failed, entries}
    $("stakes-show-label").textContent = w.show;
    pick.addEventListener("change", () => {
      asked = pick.value === "latest" ? null
        : { round: pick.value === "all" ? null : Number(pick.value), rows: null, pages: 0 };
      if (asked) read(false);
      if (last) draw(last);
    });
    $("stakes-more").addEventListener("click", () => { if (asked) read(asked.rows !== null); });

    function choices(count) {
      if (count === rounds) return;
      rounds = count;
      const chosen = pick.value;
      const option = (value, text) => { const o = make("option", text); o.value = value; return o; };
      const all = [option("latest", w.latest), option("all", w.all)];
      for (let n = count; n >= 1; n--) all.push(option(String(n), w.round.replace("{round}", n)));
      pick.replaceChildren(...all);
      pick.value = all.some((o) => o.value === chosen) ? chosen : "latest";
    }

    function read(more) {
      const asking = asked;
      if (asking.waiting) return;
      const listed = more ? asking.rows : [];
      let query = "stakes.json?lang=" + encodeURIComponent(config.lang);
      if (asking.round !== null) query += "&round=" + asking.round;
      if (listed.length) query += "&before=" + listed[listed.length - 1].seq;
      asking.waiting = true;
      asking.failed = false;
      asking.said = "";
      asking.entries = last ? last.entries_count : -1;
      paint();
      fetch(query, { cache: "no-store", credentials: "omit" })
        .then((reply) => (reply.ok ? reply.json()
          : reply.text().then((text) => ({ refused: text.trim() }))))
        .then((said) => {
          asking.waiting = false;
          if (said.refused !== undefined) {
            asking.said = said.refused;
          } else {
            asking.rows = listed.concat(said.rows);
            asking.older = said.older;
            asking.pages = more ? asking.pages + 1 : 1;
          }
          if (asked === asking) paint();
        })
        .catch(() => {
          asking.waiting = false;
          asking.failed = true;
          if (asked === asking) paint();
        });
    }

    function table(rows, c) {
      if (!rows.length) return $("stakes").replaceChildren(row([[config.none_yet, "none"]]));
      fill($("stakes"), [[c.time], [c.round, "n"], [c.stake, "n"], [c.what]],
        rows.map((s) => {
          const tr = row([[s.time, "time"], [s.round, "n"], [s.stake_text, "n stake"], [s.text, "what"]]);
          tr.dataset.seq = s.seq;
          if (s.struck) tr.className = "struck";
          if (s.mark) tr.lastChild.appendChild(make("span", " " + s.mark, "note"));
          return tr;
        }));
    }

    function paint() {
      const more = $("stakes-more");
      const said = $("stakes-said");
      if (!last || last.stakes === null) return;
      if (asked === null) {
        more.hidden = said.hidden = true;
        return table(last.stakes, last.columns);
      }
      table(asked.rows || [], last.columns);
      const text = asked.waiting ? w.loading : asked.said || "";
      said.hidden = !text;
      said.textContent = text;
      more.hidden = asked.waiting || !(asked.failed || asked.older);
      more.textContent = asked.failed ? w.retry : w.older;
      document.body.dataset.stakeRows = String((asked.rows || []).length);
    }

    return {
      draw(doc) {
        last = doc;
        // none in a game without a stake
        $("stakes-box").hidden = doc.stakes === null;
        if (doc.stakes === null) return;
        choices(doc.rounds);
        // a new entry: the first page asked for is read again (older pages stay as read)
        if (asked && !asked.waiting && asked.pages === 1 && asked.entries !== doc.entries_count) {
          read(false);
        }
        paint();
      },
    };
  }

  // -- the recorder's page: the entries legal now as buttons; each tap sent once -------
  // Nothing here decides a rule: the server sends what is legal now and what each entry
  // asks for; the tap's words go back and the rules check them before anything is kept.
  function recorderDesk() {
    const w = config.phone;
    const box = $("act-box");
    const answer = $("answer");
    let doc = null; // the table the buttons were drawn from
    let form = null; // the entry being put together: {action, picks, seps, player, pools}
    let pending = null; // the tap on its way (or not sent): its words are not changed
    let waitFor = -1; // a tap was recorded: buttons wait for the table that has it
    // An entry made elsewhere (a key in the app) redraws the buttons: they wait a moment,
    // so that a finger already on its way does not land on the new button under it
    // (body data-settle-ms changes how long, for the tests).
    const SETTLE_MS = 700;
    let settleUntil = 0;
    let settleTimer = null;
    let live = null; // the latest table of the stream
    let corr = null; // the round being played again (the server holds it; this is its view)
    let confirming = false; // the correction's reason given: asked once more before saving
    box.hidden = false;
    $("as-recorder").textContent = config.as_recorder;
    $("form-clear").textContent = w.clear;
    $("form-cancel").textContent = w.cancel;
    $("form-send").textContent = w.send;
    $("form-tie").textContent = w.tie;
    $("less").setAttribute("aria-label", w.less);
    $("more").setAttribute("aria-label", w.more);
    $("amount").setAttribute("aria-label", w.amount);
    $("reason").setAttribute("aria-label", w.reason);
    $("reason").placeholder = w.reason;
    $("corr-save").textContent = w.save_correction;
    $("corr-leave").textContent = w.leave_correction;
    $("corr-yes").textContent = w.yes;
    $("corr-no").textContent = w.no;
    document.body.classList.add("recorder");

    function newId() {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    }

    function say(text, kind) {
      answer.hidden = !text;
      answer.textContent = text || "";
      answer.className = "answer " + (kind || "");
    }

    function busy() {
      // (a round played again counts its own entries: it never waits for the table's)
      return pending !== null || (corr === null && doc !== null && doc.after < waitFor)
        || performance.now() < settleUntil;
    }

    function settle() {
      const ms = Number(document.body.dataset.settleMs || SETTLE_MS);
      settleUntil = performance.now() + ms;
      document.body.dataset.settling = "1";
      clearTimeout(settleTimer);
      settleTimer = setTimeout(() => {
        settleUntil = 0;
        document.body.dataset.settling = "";
        drawActions();
        drawCorr();
      }, ms);
    }

    function button(text, cls, onTap) {
      const b = make("button", text, cls);
      b.type = "button";
      b.addEventListener("click", onTap);
      return b;
    }

    function drawActions() {
      const box = $("actions");
      box.replaceChildren();
      if (!doc) return;
      const actions = doc.actions || [];
      if (!actions.length) box.appendChild(make("p", w.nothing_now, "dim"));
      for (const action of actions) {
        let label = action.label;
        const one = action.choices.length === 1 ? action.choices[0] : null;
        if (one !== null && action.form === "player") label += " · " + one;
        const b = button(label, "act", () => start(action));
        b.dataset.kind = action.kind;
        b.dataset.form = action.form;
        b.disabled = busy();
        box.appendChild(b);
      }
    }

    function start(action) {
      if (busy()) return;
      say("");
      const one = action.choices.length === 1 ? action.choices[0] : null;
      if (action.form === "now") return send([action.kind]);
      if (action.form === "player" && one !== null) return send([action.kind, one]);
      form = { action, picks: [], seps: [], player: action.form === "join" ? null : one, pools: [] };
      $("text").value = "";
      $("form-cards").dataset.kind = ""; // new fields for each entry
      drawForm();
    }

    // the finished rounds are asked for when the list is opened, a page at a time
    function moreRounds() {
      const asking = form;
      if (!asking || asking.waiting) return;
      const listed = asking.rounds || [];
      const before = listed.length ? "&before=" + listed[listed.length - 1].round : "";
      asking.waiting = true;
      asking.failed = false;
      fetch("rounds.json?lang=" + encodeURIComponent(config.lang) + before,
        { cache: "no-store", credentials: "omit" })
        .then((reply) => reply.json())
        .then((said) => {
          asking.rounds = listed.concat(said.rounds);
          asking.older = said.older;
          asking.waiting = false;
          if (form === asking) drawForm();
        })
        .catch(() => {
          asking.waiting = false;
          asking.failed = true;
          if (form === asking) drawForm();
        });
    }

    function close() {
      form = null;
      $("form").hidden = true;
      $("actions").hidden = false;
      if (doc) draw(doc); // the table drawn as it is: not a new one from the stream
    }

    function drawForm() {
      if (!form) return close();
      const a = form.action;
      $("form").hidden = false;
      $("actions").hidden = true;
      const prompts = { player: w.pick_player, players: w.pick_players, ranking: w.pick_players,
        amount: w.pick_amount, pools: w.pick_pools, suit: a.label, confirm: a.confirm,
        text: w.note_text, join: w.join_name, cards: w.enter_cards, card: w.enter_card,
        correct: w.pick_round };
      const ask = prompts[a.form];  // never the label twice ("Trump suit — Trump suit")
      $("form-prompt").textContent = a.label + (a.form === "confirm" || ask === a.label ? "" : " — " + ask);
      if (a.form === "confirm") $("form-prompt").textContent = a.confirm;
      let picked = "";
      if (a.form === "ranking") {
        picked = form.picks.map((p, i) => (i ? " " + form.seps[i - 1] + " " : "") + p).join("");
      } else if (a.form === "players") picked = form.picks.join(", ");
      else if (a.form === "amount" || a.form === "pools") {
        picked = [form.player || "", ...form.pools.map((p) => poolName(p))].join(" ").trim();
      } else if (a.form === "join" && form.player !== null) {
        picked = w.join_after.replace("{name}", form.player);
      }
      $("form-picks").textContent = picked;
      // no empty line where nothing is ever picked (a list of rounds, a yes or no, a field)
      $("form-picks").hidden = ["correct", "confirm", "suit", "card", "cards"].includes(a.form);
      const choices = $("form-choices");
      choices.replaceChildren();
      if (a.form === "confirm") {
        choices.append(button(w.yes, "act primary", () => send([a.kind])),
          button(w.no, "act", close));
      } else if (a.form === "correct") {
        if (!form.rounds && form.failed) {
          const b = button(w.not_sent, "act", moreRounds);
          b.id = "rounds-retry";
          choices.appendChild(b);
        } else if (!form.rounds) {
          choices.appendChild(make("p", w.loading_rounds, "dim"));
          if (!form.waiting) moreRounds();
        } else {
          for (const r of form.rounds) {
            const b = button("", "act round-pick", () => begin(r.round));
            b.dataset.round = String(r.round);
            b.append(make("span", r.label), make("span", r.text, "line"));
            choices.appendChild(b);
          }
          if (form.older) {
            const b = button(w.older_rounds, "act", moreRounds);
            b.id = "older-rounds";
            choices.appendChild(b);
          }
        }
      } else if (a.form === "suit") {
        for (const suit of a.suits) {
          choices.appendChild(button(suit.name, "act", () => send([a.kind, suit.word])));
        }
      } else if (a.form === "join" && form.question) {
        // a name like another: the recorder says which (never merged or split silently)
        const q = form.question;
        const p = make("p", q.text, "question");
        p.id = "name-question";
        const yes = button(q.yes, "act primary", q.onYes);
        yes.id = "name-yes";
        const no = button(q.no, "act", q.onNo);
        no.id = "name-no";
        choices.append(p, yes, no);
      } else if (a.form === "join") {
        // who left first: back to their seat at one tap; then a new player's name
        for (const name of a.back || []) {
          const b = button(w.join_back.replace("{name}", name), "act primary come-back",
            () => send([a.kind, name]));
          b.dataset.back = name;
          choices.appendChild(b);
        }
        if ((a.back || []).length) choices.appendChild(make("p", w.join_new_name, "dim"));
        for (const name of a.choices) {
          const b = button(name, "act pick", () => pick(name));
          if (form.player === name) b.classList.add("picked");
          choices.appendChild(b);
        }
      } else if (a.form !== "text" && a.form !== "cards" && a.form !== "card") {
        const playersDone = (a.form === "amount" || a.form === "pools") && form.player !== null;
        if (!playersDone) {
          for (const name of a.choices) {
            const b = button(name, "act pick", () => pick(name));
            if (form.picks.includes(name)) b.classList.add("picked");
            choices.appendChild(b);
          }
        } else if (a.form === "pools") {
          for (const pool of a.pools) {
            const b = button(pool.name, "act pick", () => pickPool(pool.pool));
            if (form.pools.includes(pool.pool)) b.classList.add("picked");
            choices.appendChild(b);
          }
        }
      }
      const typed = a.form === "text" || (a.form === "join" && !form.question);
      $("form-text").hidden = !typed;
      $("text").placeholder = "";
      $("text").setAttribute("aria-label", a.form === "join" ? w.join_name : w.note_text);
      knownNames(a.form === "join" ? [...(a.back || []), ...(a.known || [])] : null);
      const cards = $("form-cards");
      const typedCards = a.form === "cards" || a.form === "card";
      cards.hidden = !typedCards;
      // a field for each player's card (a hand of cards, for Pochen's show); one field and
      // no name for a single card (Pochen's turned card)
      const names = a.form === "card" ? [""] : a.choices;
      if (typedCards && cards.dataset.kind !== a.kind + a.form + names.join("\u0000")) {
        cards.dataset.kind = a.kind + a.form + names.join("\u0000");
        cards.replaceChildren(...names.map((name) => {
          const label = make("label", "", "");
          const input = make("input", "", "");
          Object.assign(input, { type: "text", autocomplete: "off", maxLength: a.hands ? 40 : 8,
            placeholder: a.hands ? w.hand_example : w.card_example });
          input.setAttribute("autocapitalize", "characters");
          input.dataset.name = name;
          input.addEventListener("input", () => { $("form-send").disabled = !ready(); });
          if (name) label.append(make("span", name, ""));
          label.append(input);
          return label;
        }));
      }
      const amount = a.form === "amount";
      $("form-amount").hidden = !amount;
      if (amount && $("amount").value === "") $("amount").value = String(a.start || 1);
      $("form-tie").hidden = a.form !== "ranking" || form.picks.length === 0;
      $("form-clear").hidden = ["confirm", "suit", "player", "text", "correct"].includes(a.form);
      $("form-cancel").hidden = a.form === "confirm";
      $("form-send").hidden = !["players", "ranking", "amount", "pools", "text", "join", "cards",
        "card"].includes(a.form) || Boolean(form.question);
      $("form-send").disabled = !ready();
      if (doc) draw(doc); // the table drawn as it is: not a new one from the stream
    }

    // the names played under before, suggested as the join form's name is typed
    function knownNames(names) {
      let list = $("known-names");
      if (names === null) {
        $("text").removeAttribute("list");
        return;
      }
      if (!list) {
        list = make("datalist", "", "");
        list.id = "known-names";
        $("form-text").appendChild(list);
      }
      if (list.dataset.names !== names.join("\u0000")) {
        list.dataset.names = names.join("\u0000");
        list.replaceChildren(...names.map((name) => Object.assign(make("option", "", ""),
          { value: name })));
      }
      $("text").setAttribute("list", "known-names");
    }

    // a name as a table reads it: width and case aside (core/names.py also reads
    // look-alike letters; the rules refuse those next to a player of the session)
    function nameKey(name) {
      return name.normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
    }

    function lookalike(typed, names) {
      if (names.includes(typed)) return null;
      return names.find((name) => nameKey(name) === nameKey(typed)) || null;
    }

    // a typed joiner like one who left, or one played under before: asked, not sent
    function askedAboutName() {
      const a = form.action;
      if (a.form !== "join" || form.keep) return false;
      const typed = $("text").value.trim();
      const left = lookalike(typed, a.back || []);
      const known = left === null ? lookalike(typed, a.known || []) : null;
      const said = (text, other) => text.replace("{typed}", typed).replaceAll("{known}", other);
      if (left !== null) {
        form.question = { text: said(w.name_left, left), yes: said(w.bring_back, left),
          no: w.type_again, onYes: () => send([a.kind, left]),
          onNo: () => { form.question = null; $("text").value = ""; drawForm(); } };
      } else if (known !== null) {
        const answer = (name) => () => {
          form.question = null;
          form.keep = true;
          $("text").value = name;
          send(words());
        };
        form.question = { text: said(w.name_known, known), yes: said(w.use_known, known),
          no: said(w.keep_typed, known), onYes: answer(known), onNo: answer(typed) };
      } else return false;
      drawForm();
      return true;
    }

    function poolName(pool) {
      const found = (form.action.pools || []).find((p) => p.pool === pool);
      return found ? found.name : pool;
    }

    function ready() {
      const a = form.action;
      if (a.form === "players" || a.form === "ranking") return form.picks.length > 0;
      if (a.form === "amount") return form.player !== null && /^[0-9]+$/.test($("amount").value);
      if (a.form === "pools") return form.player !== null && form.pools.length > 0;
      if (a.form === "text" || a.form === "join") return $("text").value.trim() !== "";
      if (a.form === "cards" || a.form === "card") {
        return cardInputs().every((i) => i.value.trim() !== "");
      }
      return false;
    }

    function cardInputs() {
      return [...$("form-cards").querySelectorAll("input")];
    }

    function pick(name) {
      if (!form || busy() || !form.action.choices.includes(name)) return;
      const a = form.action;
      if (a.form === "player") return send([a.kind, name]);
      if (a.form === "join") form.player = form.player === name ? null : name;
      else if (a.form === "amount" || a.form === "pools") form.player = name;
      else if (!form.picks.includes(name)) {
        if (form.picks.length) form.seps.push(form.tie ? "=" : ">");
        form.tie = false;
        form.picks.push(name);
      }
      drawForm();
    }

    function pickPool(pool) {
      if (!form || form.action.form !== "pools" || form.player === null) return;
      if (!form.action.pools.some((p) => p.pool === pool)) return;
      const at = form.pools.indexOf(pool);
      if (at >= 0) form.pools.splice(at, 1);
      else form.pools.push(pool);
      drawForm();
    }

    function words() {
      const a = form.action;
      if (a.form === "ranking") {
        const out = [a.kind];
        form.picks.forEach((p, i) => { if (i) out.push(form.seps[i - 1]); out.push(p); });
        return out;
      }
      if (a.form === "players") return [a.kind, ...form.picks];
      if (a.form === "amount") return [a.kind, form.player, String(Number($("amount").value))];
      if (a.form === "text") return [a.kind, ...$("text").value.trim().split(/\s+/)];
      if (a.form === "join") {
        const name = $("text").value.trim();
        return form.player === null ? [a.kind, name] : [a.kind, name, "after", form.player];
      }
      if (a.form === "card") return [a.kind, cardInputs()[0].value.trim()];
      if (a.form === "cards") {
        return [a.kind, ...(a.prefix || []),
          ...cardInputs().map((i) => i.dataset.name + "=" + i.value.trim())];
      }
      return [a.kind, form.player, ...form.pools];
    }

    $("form-send").addEventListener("click", () => {
      if (form && ready() && !askedAboutName()) send(words());
    });
    $("form-cancel").addEventListener("click", close);
    $("form-clear").addEventListener("click", () => {
      if (!form) return;
      form = { action: form.action, picks: [], seps: [],
        player: form.action.form !== "join" && form.action.choices.length === 1
          ? form.action.choices[0] : null, pools: [] };
      $("amount").value = "";
      $("text").value = "";
      for (const input of cardInputs()) input.value = "";
      drawForm();
    });
    $("form-tie").addEventListener("click", () => {
      if (form) { form.tie = true; $("form-tie").classList.add("picked"); }
    });
    const step = (by) => {
      const now = Number($("amount").value) || 0;
      $("amount").value = String(Math.max(0, now + by));
      if (form) $("form-send").disabled = !ready();
    };
    $("less").addEventListener("click", () => step(-1));
    $("more").addEventListener("click", () => step(1));
    $("amount").addEventListener("input", () => { if (form) $("form-send").disabled = !ready(); });
    $("text").addEventListener("input", () => { if (form) $("form-send").disabled = !ready(); });
    // a player is picked by tapping their row too, a pool by tapping it on the board
    $("players").addEventListener("click", (event) => {
      const row = event.target.closest("tr[data-name]");
      if (row) pick(row.dataset.name);
    });
    $("board").addEventListener("click", (event) => {
      const cell = event.target.closest("[data-pool]");
      if (cell) pickPool(cell.dataset.pool);
    });
    answer.addEventListener("click", () => { if (pending !== null && pending.failed) post(); });

    // One entry: of the table, or of the round played again (the server checks it there)
    function send(tapWords) {
      if (busy() || !doc) return;
      // the session too: a tap made on one session's table is never recorded into another
      const body = { after: doc.after, words: tapWords, session: doc.session };
      if (corr) body.do = "tap";
      submit(corr ? "correct" : "entry", body);
    }

    // A step of a correction: begin round N, leave it, or save it with its reason
    function begin(number) {
      if (!busy()) submit("correct", { do: "start", round: number });
    }

    function submit(path, body) {
      pending = { id: newId(), path, body, failed: false };
      form = null;
      confirming = false;
      $("form").hidden = true;
      $("actions").hidden = false;
      post();
    }

    async function post() {
      const tap = pending;
      tap.failed = false;
      say(w.sending, "wait");
      drawActions();
      drawCorr();
      let reply = null;
      let said = null;
      try {
        reply = await fetch(tap.path + "?lang=" + encodeURIComponent(config.lang), {
          method: "POST", cache: "no-store", credentials: "omit",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ id: tap.id, ...tap.body }),
        });
        said = await reply.json();
      } catch (error) {
        said = null;
      }
      // the disk was full (507): said as it is, nothing recorded, no retry of this tap
      if (said === null || reply === null || (reply.status >= 500 && reply.status !== 507)) {
        // not sent, or no answer: nothing is queued; the same tap (same id) on a tap
        tap.failed = true;
        say((said && said.text ? said.text + " — " : "") + w.not_sent, "bad retry");
        drawActions();
        return;
      }
      pending = null;
      if (said.recorded) waitFor = said.entries;
      say(said.text, said.recorded || said.ok ? "good" : "bad");
      if (tap.path === "correct") enter(said.correction || null);
      document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
      drawActions();
      drawCorr();
    }

    // The round played again as the server holds it (null: none): drawn instead of the table
    function enter(view) {
      if (!view || !corr) $("reason").value = ""; // a new correction: no reason yet
      corr = view;
      confirming = false;
      document.body.dataset.correcting = corr ? String(corr.correction.round) : "";
      if (corr) draw(corr);
      else if (live) draw(live);
    }

    function drawCorr() {
      const on = corr !== null;
      $("actions").hidden = form !== null || (on && confirming); // yes or no, nothing else
      $("corr-box").hidden = !on;
      document.body.classList.toggle("correcting", on);
      if (!on) return;
      const c = corr.correction;
      $("corr-title").textContent = c.title;
      $("corr-banner").textContent = c.banner;
      $("corr-reason").hidden = !c.played || confirming;
      $("corr-save").disabled = busy() || $("reason").value.trim() === "";
      $("corr-confirm").hidden = !confirming;
      $("corr-confirm-text").textContent = c.confirm.replace("{reason}", $("reason").value.trim());
      $("corr-yes").disabled = busy();
      $("corr-leave").disabled = busy();
    }

    $("reason").addEventListener("input", drawCorr);
    $("corr-save").addEventListener("click", () => {
      if (corr && !busy() && $("reason").value.trim() !== "") { confirming = true; drawCorr(); }
    });
    $("corr-no").addEventListener("click", () => { confirming = false; drawCorr(); });
    $("corr-yes").addEventListener("click", () => {
      if (corr && !busy()) submit("correct", { do: "save", reason: $("reason").value.trim() });
    });
    $("corr-leave").addEventListener("click", () => {
      if (corr && !busy()) submit("correct", { do: "cancel" });
    });
    // a reloaded page goes on with the round being played again (the server holds it)
    fetch("correction.json?lang=" + encodeURIComponent(config.lang),
      { cache: "no-store", credentials: "omit" })
      .then((reply) => reply.json())
      .then((said) => { if (said.correction && !corr) { enter(said.correction); drawCorr(); } })
      .catch(() => {});

    return {
      live(next) {
        live = next;
        return corr === null;
      },
      // the stream moved to another session: what was begun on the old table is left
      // (the server left the round being played again there too)
      moved() {
        form = null;
        waitFor = -1;
        corr = null;
        confirming = false;
        // the last answer was about the old table: said no more (a tap on its way still is)
        if (pending === null || pending.failed) {
          pending = null;
          say("");
        }
        document.body.dataset.correcting = "";
        $("form").hidden = true;
        $("actions").hidden = false;
        drawCorr();
      },
      // the table again after the last result (or the round being played again)
      again() {
        if (corr) draw(corr);
        else if (live) draw(live);
      },
      show(next) {
        const before = doc;
        doc = next;
        if (before && corr === null && pending === null && next.after !== before.after
            && next.after > waitFor) settle(); // not this phone's own entry
        drawCorr();
        if (!form) drawActions();
        const expects = form && ["player", "players", "ranking", "amount", "pools", "join"]
          .includes(form.action.form) && !(form.player !== null && form.action.form !== "player");
        for (const tr of $("players").querySelectorAll("tr[data-name]")) {
          const can = !!expects && form.action.choices.includes(tr.dataset.name);
          tr.classList.toggle("pickable", can);
          tr.classList.toggle("picked", !!form && (form.picks.includes(tr.dataset.name)
            || form.player === tr.dataset.name));
        }
      },
      picking(pool) {
        return !!form && form.pools.includes(pool);
      },
    };
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
