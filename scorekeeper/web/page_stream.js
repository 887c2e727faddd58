  // (page script, part 7 of 7: the stream that feeds the page; the page's function
  // opened in part 1 closes here)
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
