"""Does what a learner must see fit the screen? The bounding-box checks of the fit tests.

``MEASURE`` (a function run in the page) looks at the table as it is drawn now, at the page's
first scroll position, and returns one line per problem:

* ``"screen"`` (a projector or a laptop, 1280x800 or 1366x768): every element the learner
  must see is on the page, not empty, and wholly inside the window without scrolling;
* ``"phone"`` (400x800): the page never needs scrolling sideways: no element of the
  dashboard reaches past the window's right edge (or its left), and the page does not scroll
  sideways; scrolling down is how a learner reaches the rest.

What a learner must see: the prompt, the last move, Hint and Undo, the message; everything
they can click for the decision now: the moves (``.tk-part-moves``: any control a game puts
there), a choice being made (``.tk-part-choose``), the summary's buttons (Next round, Play
again), and every playable card, row or cell (``.tk-playable``) and choice target
(``.tk-choice-target``) *with the whole zone it is in* (the hand, the ring, the columns, the
board); while a summary is shown the board waits below it and is not required. On the learn
page also the lesson (narration and step controls), the hand of the player to act, the zones
of the player to act, and the cards the step marks (``.tk-mark``: its target, the card played last).

``RUN_STOPS`` drives ``fit_table.ipynb`` (``fit_harness.py``) from inside the page: measure the
stop shown, open its choice (when there is one) and measure again, press the harness's Next,
wait for the table to draw the next stop, and so on; it returns every problem with the stop
where it happened. ``CLICK_THROUGH`` plays a whole game on the real play dashboard by clicking
as a learner does (the first clickable place, else the first move; a choice's first place or
button; Next round) and measures every decision on the way.

Both run inside the page (one call for a whole run): a click, the kernel's answer and the
table's redraw take a few tens of milliseconds, a round trip to the test process as much again.
"""

from __future__ import annotations

MEASURE = r"""
(mode) => {
  const problems = [];
  const vw = window.innerWidth, vh = window.innerHeight;
  // The page's first scroll position (the window and any box the page scrolls in).
  for (let n = document.querySelector(".tk-table"); n; n = n.parentElement) if (n.scrollTop) n.scrollTop = 0;
  window.scrollTo(0, 0);
  const table = document.querySelector(".tk-table");
  if (!table) return ["no table on the page"];
  if (mode === "phone") {
    const page = document.scrollingElement;
    if (page.scrollWidth > page.clientWidth + 1) problems.push(`the page scrolls sideways (${page.scrollWidth} > ${page.clientWidth})`);
    const dash = table.closest(".tk-dash") || table;
    // (Not inside an <svg>: a card's drawing is clipped to its own box, which is checked.)
    for (const node of [dash, ...dash.querySelectorAll(":not(svg *)")]) {
      if (node.closest(".tk-live")) continue; // (the screen readers' line is kept off screen on purpose)
      const r = node.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      if (r.right > vw + 1 || r.left < -1) {
        const name = node.className && node.className.baseVal === undefined ? String(node.className) : node.tagName;
        problems.push(`${name.slice(0, 60)} [${Math.round(r.left)}, ${Math.round(r.right)}] is wider than ${vw} px`);
        if (problems.length > 5) break;
      }
    }
    return problems;
  }
  const named = [];
  const add = (name, selector, scope = table) => {
    for (const node of scope.querySelectorAll(selector)) named.push([name, node]);
  };
  const need = (name, selector) => {
    const before = named.length;
    add(name, selector);
    if (named.length === before) problems.push(`${name}: not on the page (${selector})`);
  };
  const lesson = table.querySelector(".tk-lesson");
  const ended = !!table.querySelector(".tk-part-summary .tk-summary");
  need("prompt", ".tk-prompt");
  add("last move", ".tk-last");
  add("message", ".tk-message");
  if (lesson) {
    add("lesson narration", ".tk-narration");
    add("lesson step controls", ".tk-lesson-nav");
  } else if (!table.querySelector(".tk-replay")) {
    need("Hint", ".tk-hint-button");
    need("Undo", ".tk-undo-button");
  }
  add("moves", ".tk-part-moves:not(:empty)");
  add("choice bar", ".tk-part-choose:not(:empty)");
  add("summary buttons", ".tk-summary-actions");
  if (!ended) {
    const zone = (node) => node.closest(".tk-zone, .tk-pile, .tk-hand") || node;
    const places = ".tk-playable, .tk-choice-target" + (lesson ? ", .tk-card.tk-mark, .tk-zone.tk-current, .tk-hand.tk-current" : "");
    for (const node of table.querySelectorAll(places)) {
      if (node.closest("details:not([open])")) continue; // (a pile folded away: its cards show when opened)
      const label = node.getAttribute("aria-label") || node.dataset.key || node.className;
      named.push([`clickable ${String(label).slice(0, 40)}`, node]);
      const box = zone(node);
      if (box !== node) named.push([`the zone of ${String(label).slice(0, 40)} (${box.dataset.zone || box.className})`, box]);
    }
  }
  const seen = new Set();
  for (const [name, node] of named) {
    if (seen.has(node)) continue;
    seen.add(node);
    const r = node.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5;
    if (!inside) {
      problems.push(`${name}: [${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}] ` +
                    `outside ${vw}x${vh}`);
    }
  }
  return problems;
}
"""

RUN_STOPS = r"""
async ([mode, limit, timeout]) => {
  const measure = MEASURE;
  const status = () => document.querySelector(".tk-fit-status");
  // (A table draws and fits itself in microtasks after its change: a task later it is done.)
  const frames = () => new Promise((done) => setTimeout(done, 0));
  const until = async (test, ms) => {
    const end = performance.now() + ms;
    while (!test()) {
      if (performance.now() > end) return false;
      await new Promise((done) => setTimeout(done, 5));
    }
    return true;
  };
  // The table models of the page (a view with zones); a new one appears when the learn page
  // changes game.
  const manager = await window.__tkApp.widgetManagerPromise.promise;
  const tables = async () => {
    const found = [];
    for (const promise of Object.values(manager._models)) {
      const model = await promise;
      const view = model.get("view");
      if (view && view.zones) found.push(model);
    }
    return found;
  };
  const problems = [];
  let stops = 0;
  const started = performance.now();
  while (stops < limit) {
    const here = status();
    const where = `${here.dataset.case} (stop ${here.dataset.stop})`;
    for (const p of measure(mode)) problems.push(`${where}: ${p}`);
    stops += 1;
    const key = here.dataset.open;
    if (key) {
      const place = document.querySelector(`.tk-table [data-key="${CSS.escape(key)}"]`);
      if (!place) {
        problems.push(`${where}: the place that opens a choice (${key}) is not on the page`);
      } else {
        place.click();
        if (await until(() => document.querySelector(".tk-table .tk-choose"), 2000)) {
          await frames();
          for (const p of measure(mode)) problems.push(`${where}, choosing: ${p}`);
          document.querySelector(".tk-table .tk-cancel").click();
          await frames();
        } else {
          problems.push(`${where}: clicking ${key} opened no choice`);
        }
      }
    }
    let changed = false;
    const before = await tables();
    const listen = () => { changed = true; };
    for (const model of before) model.once("change", listen);
    const stop = here.dataset.stop;
    const oldTable = document.querySelector(".tk-table");
    document.querySelector(".tk-fit-next button, button.tk-fit-next").click();
    const moved = await until(() => status() && status().dataset.stop !== stop, timeout);
    if (moved && status().dataset.done === "1") {
      return { problems, stops, done: true, seconds: (performance.now() - started) / 1000 };
    }
    // The next stop is drawn: its table changed (or a new table replaced the old one).
    const drawn = moved && await until(() => changed || (document.querySelector(".tk-table") !== oldTable &&
                                                         document.querySelector(".tk-table .tk-board")), timeout);
    for (const model of before) model.off("change", listen);
    if (!drawn) {
      problems.push(`${where}: the harness did not show the next stop within ${timeout} ms`);
      break;
    }
    await frames();
  }
  return { problems, stops, done: false, seconds: (performance.now() - started) / 1000 };
}
""".replace("MEASURE", MEASURE.strip())

CLICK_THROUGH = r"""
async ([maxMoves, timeout]) => {
  const measure = MEASURE;
  const table = document.querySelector(".tk-table");
  const manager = await window.__tkApp.widgetManagerPromise.promise;
  let model = null;
  for (const promise of Object.values(manager._models)) {
    const candidate = await promise;
    const view = candidate.get("view");
    if (view && view.zones) model = candidate;
  }
  const until = async (test, ms) => {
    const end = performance.now() + ms;
    while (!test()) {
      if (performance.now() > end) return false;
      await new Promise((done) => setTimeout(done, 5));
    }
    return true;
  };
  const settle = () => new Promise((done) => setTimeout(done, 0));
  const decides = () => { const v = model.get("view"); return !!(v.my_turn || v.round_end || v.over); };
  const problems = [];
  let decisions = 0, moves = 0, rounds = 0;
  const result = (done) => ({ problems, decisions, moves, rounds, done });
  if (!(await until(decides, timeout))) { problems.push("the learner never got a decision"); return result(false); }
  for (;;) {
    await settle();
    const view = model.get("view");
    const end = view.round_end;
    decisions += 1;
    const where = `decision ${decisions} (${view.prompt})`;
    for (const p of measure("screen")) problems.push(`${where}: ${p}`);
    if ((end && end.final) || (!end && view.over)) return result(true);
    if (moves >= maxMoves) return result(false);
    let changed = false;
    const listen = () => { changed = true; };
    model.on("change:view", listen);
    if (end) {
      table.querySelector(".tk-summary .tk-next-round").click();
      rounds += 1;
    } else {
      // The learner's first clickable place on the table, else the first of the moves (a bid, Pass).
      const place = table.querySelector(".tk-main .tk-playable") ||
                    table.querySelector(".tk-part-moves button:not([disabled])");
      if (!place) { problems.push(`${where}: nothing to click`); model.off("change:view", listen); return result(false); }
      place.click();
      // A choice opens: measure it, then take a place on the table, or the bar's first button
      // (a place with several ways narrows the bar to them: take the first).
      for (let i = 0; i < 3 && !changed; i++) {
        await settle();
        if (!table.querySelector(".tk-choose")) break;
        if (i === 0) for (const p of measure("screen")) problems.push(`${where}, choosing: ${p}`);
        (table.querySelector(".tk-main .tk-choice-target") && i === 0
          ? table.querySelector(".tk-main .tk-choice-target")
          : table.querySelector(".tk-choose .tk-choice-button")).click();
      }
    }
    const moved = await until(() => changed, timeout) && await until(decides, timeout);
    model.off("change:view", listen);
    if (!moved) { problems.push(`${where}: no new decision within ${timeout} ms`); return result(false); }
    moves += 1;
  }
}
""".replace("MEASURE", MEASURE.strip())

__all__ = ["CLICK_THROUGH", "MEASURE", "RUN_STOPS"]
