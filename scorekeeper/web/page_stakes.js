  // (page script, part 2 of 7, inside the page's function: page.py SCRIPT_PARTS)
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

