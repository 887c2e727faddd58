  // (page script, part 3 of 7: the recorder's desk opens here and closes in part 6)
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
    // a player's own page proposes (issue 46): their offers, no words of the recorder's
    $("as-recorder").textContent = mine ? "" : config.as_recorder;
    $("as-recorder").hidden = mine;
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
    document.body.classList.add(mine ? "player" : "recorder");

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
      const actions = (mine ? doc.offers : doc.actions) || [];
      if (!actions.length) box.appendChild(make("p", w.nothing_now, "dim"));
      for (const action of actions) {
        let label = action.label;
        const one = action.choices.length === 1 ? action.choices[0] : null;
        // the one player it names, unless the page is that player's own ("Fold", not "Fold · Ben")
        if (one !== null && action.form === "player" && one !== config.player) label += " · " + one;
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
      if (action.form === "now") return send([action.kind, ...(action.prefix || [])]);
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

