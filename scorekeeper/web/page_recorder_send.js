    // (page script, part 6 of 7, inside recorderDesk: a tap sent, the round played
    // again, and what the desk offers the page; recorderDesk closes here)
    // One entry: of the table, or of the round played again (the server checks it there)
    function send(tapWords) {
      if (busy() || !doc) return;
      // the session too: a tap made on one session's table is never recorded into another
      const body = { after: doc.after, words: tapWords, session: doc.session };
      if (corr) body.do = "tap";
      submit(corr ? "correct" : mine ? "propose" : "entry", body);
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
      if (mine && said.ok) proposed(said.id);
      if (tap.path === "correct") enter(said.correction || null);
      document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
      drawActions();
      drawCorr();
      if (doc) drawProposals(doc); // drawn while this tap was on its way: not tappable then
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
    if (!mine) fetch("correction.json?lang=" + encodeURIComponent(config.lang),
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
        drawProposals(next);
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

