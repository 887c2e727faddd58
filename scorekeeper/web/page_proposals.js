    // (page script, part 5 of 7, inside recorderDesk: players' proposals, issue 46)
    // On the recorder's page: the proposals waiting, oldest first, on top ("Ben: fold"),
    // each with Confirm and Refuse (one tap each; the server records a confirmed one as
    // the recorder's own tap would). On a player's own page: what came of theirs, in
    // their language: "waiting for Aki…", then confirmed, refused or withdrawn.
    let wordShown = ""; // the proposal and its status said last on a player's page

    function drawProposals(next) {
      if (mine) return sayWord(next.said || null, next.confirmer || "");
      drawLinks(next.links || []);
      const list = next.proposals || [];
      const box = $("props");
      box.hidden = list.length === 0;
      $("props-title").textContent = w.proposals_title;
      document.body.dataset.proposals = String(list.length);
      $("props-list").replaceChildren(...list.map((p) => {
        const li = make("li", null, "prop");
        li.dataset.id = p.id;
        li.dataset.player = p.player;
        const yes = button(w.confirm_proposal, "primary", () => answerProposal("confirm", p.id));
        const no = button(w.refuse_proposal, "", () => answerProposal("refuse", p.id));
        yes.dataset.do = "confirm";
        no.dataset.do = "refuse";
        yes.disabled = no.disabled = pending !== null;
        const row = make("div", null, "row");
        row.append(yes, no);
        li.append(make("p", p.label, "prop-label"), row);
        return li;
      }));
    }

    // The players' links (names only: a new code is handed from the app or the terminal),
    // each with Revoke, asked once ("Revoke Ben's link? …" Yes / No) before it is posted.
    let asking = null; // the name whose revoke is being asked
    function drawLinks(links) {
      const l = config.links;
      $("links").hidden = links.length === 0;
      $("links-title").textContent = l.title;
      if (asking !== null && !links.some((one) => one.name === asking)) asking = null;
      $("links-list").replaceChildren(...links.map((one) => {
        const li = make("li", null, "link-row");
        li.dataset.name = one.name;
        li.dataset.open = one.open ? "1" : "";
        const state = (one.open ? l.open : l.closed).replace("{name}", one.name);
        li.append(make("p", one.name + " · " + state, "link-name"));
        if (asking === one.name) {
          const yes = button(w.yes, "primary", () => {
            asking = null;
            if (pending === null) submit("revoke", { name: one.name });
          });
          const no = button(w.no, "", () => { asking = null; drawLinks(links); });
          yes.dataset.do = "revoke-yes";
          no.dataset.do = "revoke-no";
          yes.disabled = pending !== null;
          li.append(make("p", l.ask_revoke.replaceAll("{name}", one.name), "question"), yes, no);
        } else {
          const b = button(l.revoke, "", () => { asking = one.name; drawLinks(links); });
          b.dataset.do = "revoke";
          b.disabled = pending !== null;
          li.append(b);
        }
        return li;
      }));
    }

    function answerProposal(what, id) {
      if (pending !== null) return;
      submit(what, { id });
    }

    // "waiting for Aki…": the recorder each table names (the link may be renewed for another)
    function sayWord(said, confirmer) {
      const key = said === null ? "" : said.id + ":" + said.status + ":" + confirmer;
      document.body.dataset.proposal = said === null ? "" : said.status;
      if (key === wordShown || pending !== null) return;
      wordShown = key;
      if (said === null) return;
      if (said.status === "waiting") say(config.waiting_for.replace("{name}", confirmer), "wait");
      else say(said.text, said.status === "confirmed" ? "good" : "bad");
    }
    // the server took the proposal: its word from the table that has it (if come already)
    function proposed(id) {
      if (doc && doc.said && doc.said.id === id) {
        wordShown = "";
        sayWord(doc.said, doc.confirmer || "");
      }
    }

