    // (page script, part 4 of 7, inside recorderDesk: the names and picks a form takes,
    // and the words of the tap they make)
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

