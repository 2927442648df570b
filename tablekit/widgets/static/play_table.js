// PlayTable front end. It knows no rule: it draws the view-model Python sends (every zone kind
// of tablekit.core.view: hand, pile, counter, trick, ring, columns, grid) and sends back requests
// ({type: "play", code}, {type: "why", code}, ...) that Python checks.
//
// Drawing is cheap on purpose: trait changes that arrive in one message are drawn once (a
// microtask after the first change); each part of the table is rebuilt only when its inputs
// changed; card pictures are parsed once per SVG string and their nodes are reused from one
// draw to the next.

// Words used when the widget sends no label for them (older Python, a synthetic page).
const DEFAULT_LABELS = {
  leader: "leads", winner: "wins", trump: "Trump", wrap: "wrap point", empty: "empty",
  up: "up", down: "down", player: "Player {n}", choose_play: "Choose", cancel: "Cancel",
  ways: "several ways: choose one below",
};

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) node.appendChild(c);
  return node;
}

// Each distinct SVG string is parsed once (the faces new to a view in one go); every card
// showing it gets a copy.
const SVG_PARSED = new Map(); // svg -> a holder element (in an inert document) of its nodes
const PARSER = document.createElement("template");
function parseSvgs(svgs) {
  const missing = [...new Set(svgs)].filter((s) => s && !SVG_PARSED.has(s));
  if (!missing.length) return;
  if (SVG_PARSED.size + missing.length > 800) SVG_PARSED.clear();
  PARSER.innerHTML = missing.map((s) => `<div>${s}</div>`).join("");
  const holders = Array.from(PARSER.content.children);
  missing.forEach((s, i) => {
    // The card names itself (aria-label): hide its picture's own label from screen readers.
    for (const svg of holders[i].querySelectorAll("svg")) svg.setAttribute("aria-hidden", "true");
    SVG_PARSED.set(s, holders[i]);
  });
  PARSER.innerHTML = "";
}
function svgPicture(svg) {
  parseSvgs([svg]);
  const holder = SVG_PARSED.get(svg);
  if (holder.childNodes.length === 1) return document.importNode(holder.firstChild, true);
  const wrap = document.createElement("span");
  wrap.className = "tk-picture";
  for (const n of holder.childNodes) wrap.appendChild(document.importNode(n, true));
  return wrap;
}

// Every picture a view-model holds (cards of every zone kind, backs of hidden hands).
function viewSvgs(view) {
  const out = [];
  const add = (c) => { if (c && c.svg) out.push(c.svg); };
  for (const z of view.zones || []) {
    (z.cards || []).forEach(add);
    (z.plays || []).forEach((p) => add(p.card));
    (z.rows || []).forEach((r) => (r.cards || []).forEach(add));
    (z.cells || []).forEach((c) => add(c.card));
    if (z.back_svg) out.push(z.back_svg);
  }
  return out;
}

// The marks a card, a row, a cell or a button may carry (tablekit.core.view.MARKS), one
// meaning each; the stylesheet gives each its own frame and corner badge.
const MARKS = ["hint", "target", "last", "received"];

// A card's width in card heights (the SVG pictures are 60 x 84).
const CARD_W = 60 / 84;

// The speed sliders' ranges: the wait between moves (ms) goes from `min` (the slider at its right
// end) to `max` (at its left end).
const BOT_WAIT = { min: 0, max: 2000, step: 100 };
const LESSON_WAIT = { min: 500, max: 6000, step: 250 };

const sameAt = (a, b) => (Array.isArray(a) || Array.isArray(b)
  ? Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i])
  : a === b);

function render({ model, el: host }) {
  const root = el("div", { class: "tk-table" });
  host.appendChild(root);
  // A place waiting for a decision: {choices: [{code, label, zone, at}], key}. Every choice is
  // a button of the choose bar; one that names a zone is also marked and clickable there.
  let choosing = null;
  let focusKey = null;
  // The speed sliders are redrawn when their part changes: keep the wait the learner chose (ms).
  let botWait = 600;
  let lessonWait = 2500;

  // A move at a class table says which view it was made on (its move number): a click on a view
  // the table has already left is refused in Python ("the table moved on"), never played.
  const send = (msg) => {
    const step = (model.get("view") || {}).step;
    model.send(msg.type === "play" && typeof step === "number" ? { ...msg, at: step } : msg);
  };
  // A class table: "player" (a learner's page) or "spectator" (the teacher's); "" otherwise.
  const shared = () => model.get("shared") || "";
  const L = (k) => (model.get("labels") || {})[k] || DEFAULT_LABELS[k] || k;
  const seatName = (seat) => L("player").replace("{n}", String(seat + 1));

  // A speed slider: right is faster. Its value is a speed (the longest wait minus the wait), and
  // it sends Python the wait between moves in ms.
  const speedSlider = (range, wait, keep) => {
    const top = range.min + range.max;
    const speed = el("input", { type: "range", min: range.min, max: range.max, step: range.step, value: top - wait,
                                class: "tk-speed", "aria-label": L("speed") });
    speed.addEventListener("change", () => {
      const ms = top - Number(speed.value);
      keep(ms);
      send({ type: "speed", ms });
    });
    return el("label", {}, [el("span", { text: L("speed") + " " }), speed]);
  };

  const button = (label, msg, cls, disabled) => {
    const b = el("button", { class: "tk-control " + (cls || ""), text: label, disabled: !!disabled });
    b.addEventListener("click", () => send(msg));
    return b;
  };

  // Put mark `kind` (one of MARKS; anything else is ignored) on any element: its classes draw
  // the mark, and its accessible name (or a visually hidden text) says what the mark means.
  function markNode(node, kind) {
    if (!MARKS.includes(kind)) return node;
    node.classList.add("tk-mark", `tk-mark-${kind}`);
    node.setAttribute("data-mark", kind);
    const word = L(`mark_${kind}`);
    const name = node.getAttribute("aria-label");
    if (name) node.setAttribute("aria-label", `${name} (${word})`);
    else node.appendChild(el("span", { class: "tk-sr-only", text: ` (${word})` }));
    return node;
  }

  // The legend: the marks on the table now, each with its look and its meaning, on one line.
  function legendPart(kinds) {
    return el("div", { class: "tk-legend", role: "note", "aria-label": L("marks") }, [
      el("span", { class: "tk-legend-title", "aria-hidden": "true", text: L("marks") }),
      ...kinds.filter((k) => MARKS.includes(k)).map((k) => el("span", { class: "tk-legend-item", "data-mark": k }, [
        el("span", { class: `tk-legend-swatch tk-mark tk-mark-${k}`, "aria-hidden": "true" }),
        el("span", { class: "tk-legend-word", text: L(`mark_${k}`) }),
      ])),
    ]);
  }

  // --- parts of the table (each rebuilt only when what it shows changed) ---------------------
  // Layout: a main column (what to do now, the table, my cards) beside a side column (the other
  // players, the log); one column on a narrow screen. What a learner must see without scrolling
  // comes first: the prompt with Hint and Undo beside it, the last move, then the table. On a
  // wide screen the table zooms (see `fit`) until the learner's cards are in view too.
  const parts = {};
  const LAYOUT = {
    top: ["header", "top"],
    // (The choice bar is drawn inside the board: see drawBoard.)
    main: [["prompt", "assist"], "last", "meter", "message", "summary", "moves", "choose", "board", "controls"],
    side: ["legend", "opponents", "log", "common"],
    end: ["live"],
  };
  const columns = {
    top: el("div", { class: "tk-top" }),
    main: el("div", { class: "tk-main" }),
    side: el("div", { class: "tk-side" }),
    end: el("div", {}),
  };
  root.appendChild(columns.top);
  root.appendChild(el("div", { class: "tk-layout" }, [columns.main, columns.side]));
  root.appendChild(columns.end);
  for (const [column, entries] of Object.entries(LAYOUT)) {
    for (const entry of entries) {
      // (A list of parts shares one row: the prompt and the buttons that help with it.)
      const row = Array.isArray(entry) ? el("div", { class: "tk-row-parts tk-turn" }) : columns[column];
      for (const name of Array.isArray(entry) ? entry : [entry]) {
        parts[name] = { node: el("div", { class: `tk-part tk-part-${name}` }), sig: undefined };
        row.appendChild(parts[name].node);
      }
      if (row !== columns[column]) columns[column].appendChild(row);
    }
  }
  const setPart = (name, sig, build) => {
    const part = parts[name];
    if (part.sig === sig) return false;
    part.sig = sig;
    const made = build();
    part.node.replaceChildren(...(made ? [made] : []));
    return true;
  };

  const locked = (what) => (model.get("locked") || []).includes(what);
  const fullChrome = () => model.get("chrome") !== "bar";

  // Hint and Undo sit beside the prompt: help with the decision the prompt asks for (the
  // teacher watching a class table moves nothing: neither).
  function assistControls(view) {
    if (shared() === "spectator") return null;
    return el("div", { class: "tk-controls tk-assist" }, [
      button(L("hint"), { type: "hint" }, "tk-hint-button"),
      view.undo_off ? null : button(L("undo"), { type: "undo" }, "tk-undo-button"),
    ]);
  }

  function tableControls(view) {
    const controls = el("div", { class: "tk-controls" });
    if (shared()) {
      // A class table's game is the class's: no new deal, deal code, Share or open hands. The
      // speed is how soon this page moves the bots (the quickest page at the table moves them).
      if (shared() === "player") controls.appendChild(speedSlider(BOT_WAIT, botWait, (ms) => { botWait = ms; }));
      return controls;
    }
    if (fullChrome()) {
      // In a notebook the table deals by itself; on a dashboard the control bar does.
      const dealInput = el("input", { class: "tk-deal-input", "aria-label": L("deal_code"),
                                      placeholder: "UD-B4-…", size: 14 });
      const newButton = el("button", { class: "tk-control tk-new-button", text: L("new") });
      newButton.addEventListener("click", () => send({ type: "new", deal: dealInput.value }));
      controls.appendChild(newButton);
      controls.appendChild(el("label", { class: "tk-deal" }, [el("span", { text: L("deal_code") + " " }), dealInput]));
    }
    if (model.get("deal")) controls.appendChild(el("span", { class: "tk-deal-code", text: model.get("deal") }));
    // A teacher's locks hold until the game is over: no deal code to take to an unlocked page.
    else if (!(model.get("locked") || []).length) controls.appendChild(button(L("share"), { type: "share" }, "tk-share-button"));
    if (model.get("allow_teaching_ui") && !locked("open_hands")) {
      const teach = el("input", { type: "checkbox", class: "tk-teaching", checked: !!view.teaching });
      teach.addEventListener("change", () => send({ type: "teaching", on: teach.checked }));
      controls.appendChild(el("label", {}, [teach, el("span", { text: " " + L("teaching") })]));
    }
    controls.appendChild(speedSlider(BOT_WAIT, botWait, (ms) => { botWait = ms; }));
    return controls;
  }

  function commonControls(view) {
    const controls = el("div", { class: "tk-controls" });
    const large = el("input", { type: "checkbox", class: "tk-large-toggle", checked: !!model.get("large") });
    large.addEventListener("change", () => { model.set("large", large.checked); model.save_changes(); });
    controls.appendChild(el("label", {}, [large, el("span", { text: " " + L("large") })]));
    const lang = el("select", { class: "tk-lang", "aria-label": L("language") }, [
      el("option", { value: "en", text: "English", selected: model.get("lang") === "en" }),
      el("option", { value: "ja", text: "日本語", selected: model.get("lang") === "ja" }),
    ]);
    lang.addEventListener("change", () => send({ type: "lang", lang: lang.value }));
    if (fullChrome() && !locked("lang")) controls.appendChild(lang);
    if (view.four_colour_option) {
      const four = el("input", { type: "checkbox", class: "tk-four-colour", checked: !!model.get("four_colour") });
      four.addEventListener("change", () => send({ type: "four_colour", on: four.checked }));
      controls.appendChild(el("label", {}, [four, el("span", { text: " " + L("four_colour") })]));
    }
    return controls;
  }

  // "Still winnable?" (open-hand co-op and solo modes): the answer in words; a sampled share as
  // a bar with its 95% interval behind it; the goal it is about; "Show me a winning line". The
  // styles are inline so that the meter needs nothing from the stylesheet.
  function meterPart(m) {
    const children = [
      el("div", { class: "tk-meter-head", style: "display:flex;gap:0.6em;align-items:baseline;flex-wrap:wrap" }, [
        el("span", { class: "tk-meter-title", text: m.title, style: "font-weight:600" }),
        el("span", { class: "tk-meter-text", text: m.text }),
      ]),
    ];
    if (typeof m.share === "number") {
      const low = Math.max(0, Math.min(100, m.low)), high = Math.max(low, Math.min(100, m.high));
      children.push(el("div", {
        class: "tk-meter-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": 100,
        "aria-valuenow": m.share, "aria-valuetext": m.text, "aria-label": m.title,
        style: "position:relative;height:0.8em;max-width:24em;margin:0.25em 0;border:1px solid #666;border-radius:3px;background:#fff",
      }, [
        el("div", { class: "tk-meter-range",
                    style: `position:absolute;top:0;bottom:0;left:${low}%;width:${high - low}%;background:#c9dcf2` }),
        el("div", { class: "tk-meter-fill",
                    style: `position:absolute;top:25%;bottom:25%;left:0;width:${Math.max(0, Math.min(100, m.share))}%;background:#1f5fa8` }),
      ]));
    }
    const foot = [el("span", { class: "tk-meter-goal", text: m.goal, style: "color:#555" })];
    if (m.detail) foot.push(el("span", { class: "tk-meter-detail", text: " " + m.detail, style: "color:#555" }));
    if (m.pending) foot.push(el("span", { class: "tk-meter-pending-note", text: " " + m.pending, style: "font-style:italic;color:#555" }));
    children.push(el("div", { class: "tk-meter-foot", style: "font-size:0.9em" }, foot));
    if (m.can_show) children.push(button(m.show, { type: "winning_line" }, "tk-winning-line-button"));
    return el("div", { class: `tk-meter tk-meter-${m.status}${m.exact ? " tk-meter-exact" : " tk-meter-sampled"}${m.pending ? " tk-meter-pending" : ""}`,
                       role: "group", "aria-label": m.title, "aria-busy": m.pending ? "true" : "false",
                       style: (m.pending ? "opacity:0.6;" : "") + "margin:0.3em 0;padding:0.3em 0.5em;border-left:4px solid " +
                              (m.status === "winnable" ? "#2e7d32" : m.status === "lost" ? "#b3261e" : "#888") }, children);
  }

  // The replay bar: buttons, a slider over every step (with a tick where each round starts) and
  // the keyboard (arrows: one move; Page Up/Down: a round; Home/End).
  const roundBefore = (replay) => [...(replay.marks || [])].reverse().find((m) => m.step < replay.step);
  const roundAfter = (replay) => (replay.marks || []).find((m) => m.step > replay.step);
  let replayTimer = null;
  const replayTo = (step) => send({ type: "replay", step });

  function replayBar(replay) {
    const before = roundBefore(replay), after = roundAfter(replay);
    const ticks = el("datalist", { id: `tk-marks-${model.cid || "x"}` },
                     (replay.marks || []).map((m) => el("option", { value: m.step, label: m.label })));
    const slider = el("input", { type: "range", class: "tk-replay-slider", min: 0, max: replay.total, step: 1,
                                 value: replay.step, list: ticks.id, "aria-label": L("replay_slider"),
                                 "aria-valuetext": replay.text });
    slider.addEventListener("input", () => {
      clearTimeout(replayTimer);
      replayTimer = setTimeout(() => replayTo(Number(slider.value)), 120);
    });
    slider.addEventListener("change", () => { clearTimeout(replayTimer); replayTo(Number(slider.value)); });
    const round = [...(replay.marks || [])].reverse().find((m) => m.step <= replay.step);
    const bar = el("div", { class: "tk-controls tk-replay", role: "group", "aria-label": replay.text }, [
      el("span", { class: "tk-replay-step", text: replay.text }),
      round && (replay.marks || []).length > 1 ? el("span", { class: "tk-badge tk-replay-round", text: round.label }) : null,
      el("div", { class: "tk-replay-scrub" }, [
        button(L("replay_start"), { type: "replay", step: 0 }, "tk-replay-start", replay.step === 0),
        button(L("replay_round_back"), { type: "replay", step: before ? before.step : 0 }, "tk-replay-round-back",
               !before),
        button(L("replay_back"), { type: "replay", step: replay.step - 1 }, "tk-replay-back", replay.step === 0),
        slider, ticks,
        button(L("replay_forward"), { type: "replay", step: replay.step + 1 }, "tk-replay-forward",
               replay.step >= replay.total),
        button(L("replay_round_forward"), { type: "replay", step: after ? after.step : replay.total },
               "tk-replay-round-forward", !after),
        button(L("replay_end"), { type: "replay", step: replay.total }, "tk-replay-end", replay.step >= replay.total),
      ]),
      button(L("replay_exit"), { type: "replay", step: "exit" }, "tk-replay-exit"),
    ]);
    // Each control has a key, so the focus stays on it when the bar is drawn again.
    for (const node of bar.querySelectorAll("button, input")) {
      const name = [...node.classList].find((c) => c.startsWith("tk-replay-"));
      if (name) node.setAttribute("data-key", name);
    }
    return bar;
  }
  root.addEventListener("focusin", (ev) => {
    const key = ev.target instanceof HTMLElement ? ev.target.dataset.key : undefined;
    if (key && (key.startsWith("tk-replay-") || key.startsWith("tk-picker-"))) focusKey = key;
  });

  function replayKey(ev, replay) {
    const t = ev.target;
    if (t instanceof HTMLElement && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) {
      return false; // the slider moves itself with the arrows; typing is never a replay move
    }
    let step = null;
    if (ev.key === "ArrowLeft") step = replay.step - 1;
    else if (ev.key === "ArrowRight") step = replay.step + 1;
    else if (ev.key === "Home") step = 0;
    else if (ev.key === "End") step = replay.total;
    else if (ev.key === "PageUp") { const m = roundBefore(replay); step = m ? m.step : 0; }
    else if (ev.key === "PageDown") { const m = roundAfter(replay); step = m ? m.step : replay.total; }
    if (step === null) return false;
    step = Math.max(0, Math.min(replay.total, step));
    if (step !== replay.step) replayTo(step);
    return true;
  }

  function lessonPanel(lesson) {
    const select = el("select", { class: "tk-lesson-select", "aria-label": L("lesson"), disabled: locked("lesson") },
      lesson.titles.map((t, i) => el("option", { value: i, text: `${i + 1}. ${t}`, selected: i === lesson.index })));
    select.addEventListener("change", () => send({ type: "lesson", index: Number(select.value) }));
    const nav = el("div", { class: "tk-controls tk-lesson-nav" }, [
      select,
      button(L("previous"), { type: "prev" }, "tk-prev", !lesson.can_prev),
      button(L("next"), { type: "next" }, "tk-next", !lesson.can_next),
      lesson.autoplay ? button(L("stop"), { type: "autoplay", on: false }, "tk-autoplay")
                      : button(L("autoplay"), { type: "autoplay", on: true }, "tk-autoplay", !lesson.can_next),
      lesson.your_turn ? button(L("show"), { type: "show" }, "tk-show") : null,
      lesson.finished && lesson.next_lesson !== null && lesson.next_lesson !== undefined && !locked("lesson")
        ? button(L("next_lesson"), { type: "lesson", index: lesson.next_lesson }, "tk-next-lesson tk-primary") : null,
    ]);
    nav.appendChild(speedSlider(LESSON_WAIT, lessonWait, (ms) => { lessonWait = ms; }));
    return el("div", { class: "tk-lesson" + (lesson.your_turn ? " tk-your-turn" : "") +
                               (lesson.finished ? " tk-finished" : "") }, [
      el("div", { class: "tk-lesson-head" }, [
        el("span", { class: "tk-lesson-title", text: lesson.title }),
        el("span", { class: "tk-lesson-step", text: `${L("step")} ${lesson.step} / ${lesson.total}` }),
        lesson.section ? el("span", { class: "tk-badge tk-section", text: `${L("section")}: ${lesson.section}` }) : null,
      ]),
      lesson.your_turn ? el("div", { class: "tk-your-turn-flag", text: L("your_turn") }) : null,
      el("p", { class: "tk-narration", "aria-live": "polite", text: lesson.narration }),
      nav,
    ]);
  }

  // --- pickers: one control for many moves (a number from min to max, or one of a list) ------
  // The control only forms the action code; Python checks whatever arrives. Each part has a
  // data-key, so the focus stays on it when the moves are drawn again.
  function pickerNode(p) {
    const key = `tk-picker-${p.id}`;
    const part = (tag, attrs, name, children) => el(tag, { ...attrs, "data-key": `${key}-${name}` }, children);
    const group = (children) => markNode(el("div", {
      class: `tk-picker tk-picker-${p.kind}`, role: "group", "aria-label": p.label, "data-picker": p.id }, children), p.mark);
    const enter = (field, go) => field.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") { ev.preventDefault(); go(); }
    });
    if (p.kind === "list") {
      const select = part("select", { class: "tk-picker-select", "aria-label": p.label }, "value",
        (p.options || []).map((o) => el("option", { value: o.code, text: o.label, selected: o.code === p.value })));
      const go = () => send({ type: "play", code: select.value });
      enter(select, go);
      return group([select, part("button", { class: "tk-control tk-picker-submit", text: p.submit,
                                             onclick: go }, "submit")]);
    }
    const min = Number(p.min), max = Number(p.max), step = Math.max(1, Number(p.step) || 1);
    const top = max - ((max - min) % step);
    // The nearest allowed number (anything typed becomes one).
    const fit = (v) => (Number.isFinite(v) ? Math.max(min, Math.min(top, min + Math.round((v - min) / step) * step)) : min);
    const input = part("input", { type: "number", class: "tk-picker-field", min, max: top, step, value: p.value,
                                  inputmode: "numeric", "aria-label": p.label }, "value");
    const less = part("button", { class: "tk-control tk-picker-less", text: "−",
                                  "aria-label": `${L("picker_less")}: ${p.label}` }, "less");
    const more = part("button", { class: "tk-control tk-picker-more", text: "+",
                                  "aria-label": `${L("picker_more")}: ${p.label}` }, "more");
    const submit = part("button", { class: "tk-control tk-picker-submit" }, "submit");
    const codeOf = (v) => p.code.split("{n}").join(String(v));
    const show = (v, typed) => {
      if (!typed) input.value = String(v);
      submit.textContent = p.submit.split("{n}").join(String(v));
      submit.dataset.code = codeOf(v);
      less.setAttribute("aria-disabled", v <= min ? "true" : "false");
      more.setAttribute("aria-disabled", v >= top ? "true" : "false");
    };
    const now = () => fit(Number(input.value === "" ? NaN : input.value));
    less.addEventListener("click", () => show(fit(now() - step)));
    more.addEventListener("click", () => show(fit(now() + step)));
    // While typing, the send button follows each allowed number; leaving the field fits the number.
    input.addEventListener("input", () => {
      const v = Number(input.value);
      if (input.value !== "" && fit(v) === v) show(v, true);
    });
    input.addEventListener("change", () => show(now()));
    const go = () => { show(now()); send({ type: "play", code: codeOf(now()) }); };
    enter(input, go);
    submit.addEventListener("click", go);
    show(fit(Number(p.value)));
    return group([less, input, more, submit]);
  }

  // --- choices -----------------------------------------------------------------------------
  function choose(code) {
    choosing = null;
    drawNow(); // no stale choice to click twice while Python answers
    send({ type: "play", code });
  }

  // Clicking a card, a ring position, a row or a cell: its one action, its choices, or "why".
  function activate(item, key, whyCode) {
    focusKey = key;
    if (item.playable && item.choices && item.choices.length) {
      choosing = { choices: item.choices, key };
      drawNow();
    } else if (item.playable && item.action) {
      send({ type: "play", code: item.action });
    } else if (whyCode) {
      send({ type: "why", code: whyCode });
    }
  }

  // The choices open now that name this zone, by position.
  const choicesOn = (zone) => (choosing ? choosing.choices.filter((c) => c.zone && c.zone === zone.id) : []);
  const choiceAt = (offered, at) => offered.find((c) => sameAt(c.at, at));

  function chooseBar() {
    if (!choosing) return null;
    const title = L("choose_play");
    const picks = choosing.choices.map((ch) => markNode(el("button", {
      class: "tk-control tk-choice-button", text: ch.label, "data-code": ch.code,
      onclick: () => choose(ch.code),
    }), ch.mark));
    const cancel = el("button", { class: "tk-cancel", text: L("cancel"),
                                  onclick: () => { choosing = null; drawNow(); } });
    return el("div", { class: "tk-choose", role: "group", "aria-label": title },
              [el("span", { text: title }), ...picks, cancel]);
  }

  // --- cards (pictures reused from one draw to the next) -----------------------------------
  // A card's picture (its parsed SVG) moves from the previous draw to the new one, even from a
  // hand to the pile: only a face never shown before is parsed (once), and only its wrapper
  // (a button or an image) is made anew.
  let pool = new Map(); // svg -> pictures of the previous board draw, free to take
  let nextPool = new Map();
  function takePicture(svg) {
    const free = pool.get(svg);
    let picture = free && free.pop();
    if (!picture) picture = svgPicture(svg);
    if (!nextPool.has(svg)) nextPool.set(svg, []);
    nextPool.get(svg).push(picture);
    if (building) building.push([svg, picture]);
    return picture;
  }

  // A card: a button when `onClick` is given, else an image. Without an SVG (a card the widget
  // has no art for) its code is written instead.
  function cardNode(card, { onClick = null, cls = "", label = null, fresh = false } = {}) {
    const svg = card.svg || "";
    const node = document.createElement(onClick ? "button" : "span");
    const aria = label || (card.face ? card.face.aria : (card.empty ? L("empty") : L("face_down")));
    node.className = "tk-card " + cls + (card.empty ? " tk-empty" : "") + (svg ? "" : " tk-card-text");
    // (`fresh`: a picture of its own, outside the board's pool: the end-of-round panel.)
    if (svg) node.appendChild(fresh ? svgPicture(svg) : takePicture(svg));
    else node.textContent = card.empty ? "" : (card.face ? card.face.code : "?");
    node.setAttribute("aria-label", aria);
    if (card.key !== undefined) node.setAttribute("data-key", card.key);
    node.setAttribute("data-code", card.face ? card.face.code : "");
    if (onClick) node.addEventListener("click", onClick);
    else node.setAttribute("role", "img");
    return markNode(node, card.mark);
  }

  // A zone's classes: its kind's, `tk-current` when its owner is to play, `tk-small` when the
  // game asks for it small (a reminder such as the last trick).
  const zoneClass = (zone, kind) => `tk-zone ${kind}` + (zone.current ? " tk-current" : "") +
    (zone.size === "small" ? " tk-small" : "");

  // A zone's heading: its label, and its note when it has one (e.g. what a board's marks mean).
  const zoneHead = (zone, extra = []) => el("div", { class: "tk-zone-head" }, [
    el("span", { class: "tk-counter-label", text: zone.label }),
    ...(zone.note ? [el("span", { class: "tk-zone-note", text: zone.note })] : []), ...extra]);

  // --- zones ---------------------------------------------------------------------------------
  function drawHand(zone, view) {
    const mine = zone.viewer || (view.my_turn && zone.current);
    const offered = choicesOn(zone);
    const pick = offered.length ? (choiceAt(offered, zone.owner) || offered[0]) : null;
    const classes = ["tk-hand"];
    if (zone.current) classes.push("tk-current");
    if (zone.viewer) classes.push("tk-mine");
    if (zone.out) classes.push("tk-out");
    if (pick) classes.push("tk-target");
    // A hand shown face up is drawn small unless it is the one to play now or mine (in solo,
    // where every hand is mine, only the one to play is full size); the teacher watching a class
    // table reads every hand at full size.
    const playingElsewhere = view.my_turn && typeof view.current === "number" && view.current !== zone.owner;
    const full = (view.my_turn && zone.current) || (zone.viewer && !playingElsewhere) || shared() === "spectator";
    if (!full && (zone.cards || []).length) classes.push("tk-small");
    const head = el("div", { class: "tk-hand-head" }, [
      el("span", { class: "tk-name", text: (zone.current ? "▶ " : "") + zone.label }),
      ...(zone.badges || []).map((b) => el("span", { class: "tk-badge", text: b })),
    ]);
    const cards = el("div", { class: "tk-cards" });
    for (const c of zone.cards || []) {
      cards.appendChild(cardNode(c, {
        cls: c.playable ? "tk-playable" : "tk-blocked",
        label: (c.face ? c.face.aria : L("face_down")) + (c.playable ? "" : " (" + L("table") + ")"),
        onClick: () => activate(c, c.key, mine && c.face ? c.face.code : null),
      }));
      if (choosing && choosing.key === c.key) cards.lastChild.classList.add("tk-selected");
    }
    // A hand seen from behind is one small back with its count (the side column stays short).
    const hidden = zone.hidden || 0;
    if (hidden && !(zone.cards || []).length) {
      classes.push("tk-compact");
      const back = cardNode({ svg: zone.back_svg, face: null }, {
        cls: "tk-back", label: `${zone.label}: ${hidden} × ${L("face_down")}` });
      cards.appendChild(back);
      cards.appendChild(el("span", { class: "tk-count", "aria-hidden": "true", text: `×${hidden}` }));
    } else {
      for (let i = 0; i < hidden; i++) {
        cards.appendChild(cardNode({ svg: zone.back_svg, face: null }, {
          cls: "tk-back", label: `${zone.label}: ${L("face_down")}` }));
      }
    }
    const box = el("div", { class: classes.join(" "), "data-zone": zone.id, "data-seat": zone.owner }, [head, cards]);
    if (pick) {
      box.appendChild(el("button", {
        class: "tk-control tk-target-button tk-choice-target", text: pick.label,
        "data-target": pick.at, "data-code": pick.code, onclick: () => choose(pick.code),
      }));
    }
    return box;
  }

  // A pile's cards may be clickable (a draw pile); a `collapsed` pile shows its count and opens
  // to its cards on demand (a long public discard pile).
  function drawPile(zone) {
    const value = zone.value === undefined || zone.value === null ? "" : String(zone.value);
    const cards = el("div", { class: "tk-cards" }, (zone.cards || []).map((c) => {
      const key = c.key !== undefined ? c.key : `${zone.id}:${c.face ? c.face.code : "back"}`;
      const node = cardNode(c, c.playable ? { cls: "tk-playable", onClick: () => activate(c, key, null) }
                                          : { cls: "tk-static" });
      if (c.playable && choosing && choosing.key === key) node.classList.add("tk-selected");
      return node;
    }));
    const head = [el("span", { class: "tk-counter-label", text: zone.label }),
                  el("span", { class: "tk-field-value", text: value })];
    if (zone.collapsed && (zone.cards || []).length) {
      return el("details", { class: "tk-pile tk-collapsed", "data-zone": zone.id }, [
        el("summary", { class: "tk-pile-head" }, head), cards]);
    }
    return el("div", { class: "tk-pile", "data-zone": zone.id }, [el("div", { class: "tk-pile-head" }, head), cards]);
  }

  function drawCounter(zone) {
    return el("div", { class: "tk-counter", "data-zone": zone.id }, [
      el("span", { class: "tk-counter-label", text: zone.label }),
      el("span", { class: "tk-counter-value", text: String(zone.value) }),
    ]);
  }

  // One slot per seat around the table, the viewer's seat at the bottom, then clockwise. A
  // small trick (a reminder: the last one) is a strip of its cards in the order they were played.
  function drawTrick(zone, view) {
    if (zone.size === "small") return drawTrickStrip(zone);
    const n = Math.max(1, zone.seats || 1);
    const base = typeof view.viewer === "number" ? view.viewer : 0;
    const rx = n <= 2 ? 0 : (n >= 5 ? 1.6 : 1.35);
    const ry = n >= 5 ? 1.4 : 1.05;
    const offered = choicesOn(zone);
    const plays = new Map((zone.plays || []).map((p, i) => [p.seat, { ...p, order: i }]));
    const box = `--w:${(2 * rx + 1.3).toFixed(3)};--h:${(2 * ry + 1.5).toFixed(3)}`;
    const table = el("div", { class: "tk-trick", role: "group", "aria-label": zone.label });
    for (let seat = 0; seat < n; seat++) {
      const rel = (seat - base + n) % n;
      const angle = Math.PI / 2 + (rel * 2 * Math.PI) / n;
      const play = plays.get(seat);
      const name = play && play.label ? play.label : seatName(seat);
      const marks = [];
      if (zone.leader === seat) marks.push(el("span", { class: "tk-badge tk-leader-mark", text: L("leader") }));
      if (zone.winner === seat) marks.push(el("span", { class: "tk-badge tk-winner-mark", text: L("winner") }));
      const picture = play && play.card
        ? cardNode(play.card, { cls: "tk-static" })
        : el("span", { class: "tk-card tk-empty", role: "img", "aria-label": `${name}: ${L("empty")}` });
      const pick = choiceAt(offered, seat);
      const inside = [el("span", { class: "tk-seat-name", text: name }), ...marks, picture];
      const cls = "tk-trick-seat" + (zone.leader === seat ? " tk-leader" : "") +
        (zone.winner === seat ? " tk-winner" : "") + (pick ? " tk-choice-target" : "");
      const style = `left:calc(50% + ${(Math.cos(angle) * rx).toFixed(3)} * var(--card-h));` +
        `top:calc(50% + ${(Math.sin(angle) * ry).toFixed(3)} * var(--card-h))`;
      const key = `${zone.id}:${seat}`;
      const slot = pick
        ? el("button", { class: cls, style, "data-seat": seat, "data-code": pick.code, "data-key": key,
                         "aria-label": pick.label, onclick: () => { focusKey = key; choose(pick.code); } }, inside)
        : el("div", { class: cls, style, "data-seat": seat }, inside);
      table.appendChild(slot);
    }
    const centre = [];
    if (zone.trump) centre.push(el("span", { class: "tk-trump", text: `${L("trump")}: ${zone.trump}` }));
    if (centre.length) table.appendChild(el("div", { class: "tk-trick-centre" }, centre));
    return el("div", { class: zoneClass(zone, "tk-trick-zone"), "data-zone": zone.id, style: box }, [
      zoneHead(zone), el("div", { class: "tk-fit" }, [table])]);
  }

  function drawTrickStrip(zone) {
    const slots = (zone.plays || []).map((play) => {
      const marks = [];
      if (zone.leader === play.seat) marks.push(el("span", { class: "tk-badge tk-leader-mark", text: L("leader") }));
      if (zone.winner === play.seat) marks.push(el("span", { class: "tk-badge tk-winner-mark", text: L("winner") }));
      const cls = "tk-trick-seat" + (zone.leader === play.seat ? " tk-leader" : "") +
        (zone.winner === play.seat ? " tk-winner" : "");
      return el("div", { class: cls, "data-seat": play.seat }, [
        el("span", { class: "tk-seat-name", text: play.label || seatName(play.seat) }),
        play.card ? cardNode(play.card, { cls: "tk-static" }) : null, ...marks]);
    });
    return el("div", { class: zoneClass(zone, "tk-trick-zone tk-trick-strip-zone"), "data-zone": zone.id }, [
      zoneHead(zone), el("div", { class: "tk-trick-strip", role: "group", "aria-label": zone.label }, slots)]);
  }

  // Positions 0..n-1 clockwise from the top; a marker just before position `wrap`. The ring's
  // box is as tight as its cards (and the marker), so that it can stand beside other zones.
  function drawRing(zone) {
    const cards = zone.cards || [];
    const n = Math.max(1, cards.length);
    const r = Math.max(0.9, 1.08 / (2 * Math.sin(Math.PI / Math.max(n, 2))));
    const at = (i, radius) => {
      const angle = -Math.PI / 2 + (i * 2 * Math.PI) / n;
      return [Math.cos(angle) * radius, Math.sin(angle) * radius];
    };
    // Centres in card heights from the ring's middle, and the half sizes of what sits there.
    const spots = cards.map((_c, i) => at(i, r));
    const marked = typeof zone.wrap === "number" && cards.length > 1;
    const mark = marked ? at(zone.wrap - 0.5, r + 0.72) : null;
    const extents = spots.map(([x, y]) => [x, y, CARD_W / 2 + 0.05, 0.55]);
    if (mark) extents.push([mark[0], mark[1], 0.2, 0.2]);
    const x0 = Math.min(...extents.map(([x, , hx]) => x - hx));
    const y0 = Math.min(...extents.map(([, y, , hy]) => y - hy));
    const w = Math.max(...extents.map(([x, , hx]) => x + hx)) - x0;
    const h = Math.max(...extents.map(([, y, , hy]) => y + hy)) - y0;
    const place = ([x, y]) => `left:calc(${(x - x0).toFixed(3)} * var(--card-h));` +
      `top:calc(${(y - y0).toFixed(3)} * var(--card-h))`;
    const offered = choicesOn(zone);
    const lit = new Set(zone.highlight || []);
    const ring = el("div", { class: "tk-ring", role: "group", "aria-label": zone.label, "data-nav": "linear" });
    cards.forEach((c, i) => {
      const pick = choiceAt(offered, i);
      const key = `${zone.id}:${i}`;
      const what = c.face ? c.face.aria : (c.empty ? L("empty") : L("face_down"));
      const label = pick ? `${pick.label} (${i + 1}: ${what})` : `${i + 1}: ${what}`;
      const cls = "tk-ring-pos" + (lit.has(i) ? " tk-lit" : "") + (pick ? " tk-choice-target" : "") +
        (c.playable && !pick ? " tk-playable" : "") + (choosing && choosing.key === key ? " tk-selected" : "");
      const onClick = pick ? () => { focusKey = key; choose(pick.code); }
        : (c.playable || c.why ? () => activate(c, key, c.why || null) : null);
      const node = cardNode({ ...c, key }, { onClick, cls, label });
      node.setAttribute("style", place(spots[i]));
      node.setAttribute("data-pos", i);
      if (pick) node.setAttribute("data-choice", pick.code);
      ring.appendChild(node);
    });
    if (mark) {
      const marker = el("span", { class: "tk-wrap-mark", role: "img", "aria-label": L("wrap"),
                                  title: L("wrap"), text: "↻", "data-wrap": zone.wrap });
      marker.setAttribute("style", place(mark));
      ring.appendChild(marker);
    }
    return el("div", { class: zoneClass(zone, "tk-ring-zone"), "data-zone": zone.id,
                       style: `--w:${w.toFixed(3)};--h:${h.toFixed(3)}` }, [
      zoneHead(zone), el("div", { class: "tk-fit" }, [ring])]);
  }

  function drawColumns(zone) {
    const offered = choicesOn(zone);
    const rows = (zone.rows || []).map((row) => {
      const pick = choiceAt(offered, row.id);
      const key = `${zone.id}:${row.id}`;
      const arrow = row.direction === "up" ? "▲" : (row.direction === "down" ? "▼" : "");
      const headParts = [
        el("span", { class: "tk-row-label", text: row.label }),
        arrow ? el("span", { class: `tk-arrow tk-${row.direction}`, role: "img",
                             "aria-label": L(row.direction), text: arrow }) : null,
        row.bound ? el("span", { class: "tk-bound", text: row.bound }) : null,
      ];
      const clickable = pick || row.playable;
      const headCls = "tk-row-head" + (pick ? " tk-choice-target" : "") + (row.playable && !pick ? " tk-playable" : "") +
        (choosing && choosing.key === key ? " tk-selected" : "");
      const head = clickable
        ? el("button", { class: headCls, "data-key": key, "data-row": row.id,
                         "data-code": pick ? pick.code : (row.action || ""),
                         "aria-label": [pick ? pick.label : null, row.label, arrow ? L(row.direction) : null, row.bound]
                           .filter(Boolean).join(" "),
                         onclick: pick ? () => { focusKey = key; choose(pick.code); } : () => activate(row, key, null) },
              headParts)
        : el("div", { class: headCls, "data-row": row.id }, headParts);
      markNode(head, row.mark);
      const cards = el("div", { class: "tk-cards tk-row-cards" }, (row.cards || []).map((c) => cardNode(c, {
        cls: c.playable ? "tk-playable" : "tk-static",
        onClick: c.playable ? () => activate(c, c.key, null) : null,
      })));
      return el("div", { class: "tk-row" + (pick ? " tk-target" : ""), "data-row": row.id }, [head, cards]);
    });
    return el("div", { class: zoneClass(zone, "tk-columns-zone"), "data-zone": zone.id }, [
      zoneHead(zone), el("div", { class: "tk-rows", "data-nav": "rows" }, rows)]);
  }

  // A board of width x height cells, zoomed to fit its box; clickable cells are buttons with a
  // roving tab stop, and the arrow keys move between them.
  // A board with `x_labels`/`y_labels` names its columns along the top and its rows down the
  // left side, in the words its prompts use for cells.
  function drawGrid(zone) {
    const offered = choicesOn(zone);
    const xs = zone.x_labels || [], ys = zone.y_labels || [];
    const labelled = xs.length === zone.width && ys.length === zone.height;
    const shift = labelled ? 2 : 1; // (the first grid line holds the labels)
    const board = el("div", { class: "tk-grid" + (labelled ? " tk-labelled" : ""), role: "group", "aria-label": zone.label,
                              style: `--gw:${zone.width};--gh:${zone.height}` });
    if (labelled) {
      xs.forEach((text, x) => board.appendChild(el("span", { class: "tk-axis tk-axis-x", "aria-hidden": "true", text,
                                                            style: `grid-column:${x + shift};grid-row:1` })));
      ys.forEach((text, y) => board.appendChild(el("span", { class: "tk-axis tk-axis-y", "aria-hidden": "true", text,
                                                            style: `grid-column:1;grid-row:${y + shift}` })));
    }
    // The empty squares of the board (drawn under the listed cells; small boards only).
    if (zone.width * zone.height <= 900) {
      const listed = new Set((zone.cells || []).map((c) => `${c.x},${c.y}`));
      for (let y = 0; y < zone.height; y++) {
        for (let x = 0; x < zone.width; x++) {
          if (!listed.has(`${x},${y}`)) {
            board.appendChild(el("div", { class: "tk-cell tk-void", "aria-hidden": "true", "data-x": x, "data-y": y,
                                          style: `grid-column:${x + shift};grid-row:${y + shift}` }));
          }
        }
      }
    }
    const buttons = [];
    for (const cell of zone.cells || []) {
      // A cell that takes the chosen card in several ways (two anchors, a wild's colours)
      // narrows the choice bar to those ways instead of picking one.
      const here = offered.filter((c) => sameAt(c.at, [cell.x, cell.y]));
      const pick = here[0];
      const pickHere = () => {
        focusKey = `${zone.id}:${cell.x},${cell.y}`;
        if (here.length > 1) { choosing = { choices: here, key: choosing.key }; drawNow(); } else choose(pick.code);
      };
      const key = `${zone.id}:${cell.x},${cell.y}`;
      const inside = [];
      if (cell.card) inside.push(cardNode(cell.card, { cls: "tk-static" }));
      if (cell.sign) inside.push(el("span", { class: "tk-sign", text: cell.sign_text || cell.sign }));
      const what = [pick ? (here.length > 1 ? L("ways") : pick.label) : null, cell.label || null,
                    cell.card && cell.card.face ? cell.card.face.aria : null,
                    !cell.label && cell.sign ? cell.sign : null].filter(Boolean).join(", ") ||
                   `${cell.x + 1}, ${cell.y + 1}`;
      const cls = "tk-cell" + (pick ? " tk-choice-target" : "") + (cell.playable && !pick ? " tk-playable" : "") +
        (cell.sign ? ` tk-signed tk-sign-${cell.sign}` : "") + (choosing && choosing.key === key ? " tk-selected" : "");
      const style = `grid-column:${cell.x + shift};grid-row:${cell.y + shift}`;
      let node;
      if (pick || cell.playable) {
        node = el("button", { class: cls, style, "data-key": key, "data-x": cell.x, "data-y": cell.y,
                              "data-code": pick ? (here.length > 1 ? "" : pick.code) : (cell.action || ""), "aria-label": what,
                              tabindex: -1,
                              onclick: pick ? pickHere : () => activate(cell, key, null) },
                  inside);
        buttons.push(node);
      } else {
        node = el("div", { class: cls, style, "data-x": cell.x, "data-y": cell.y, role: "img",
                           "aria-label": what }, inside);
      }
      board.appendChild(markNode(node, cell.mark));
    }
    const stop = buttons.find((b) => b.dataset.key === focusKey) || buttons[0];
    if (stop) stop.setAttribute("tabindex", 0);
    return el("div", { class: zoneClass(zone, "tk-grid-zone"), "data-zone": zone.id }, [
      zoneHead(zone), el("div", { class: "tk-fit" }, [board])]);
  }

  // Does a zone hold anything the learner can click now (a card, a row, a cell)?
  function clickableIn(zone) {
    const items = [...(zone.cards || []), ...(zone.rows || []), ...(zone.cells || []),
                   ...(zone.rows || []).flatMap((r) => r.cards || [])];
    return items.some((c) => c && c.playable) || choicesOn(zone).length > 0;
  }

  const DRAWERS = { hand: drawHand, pile: drawPile, counter: drawCounter, trick: drawTrick,
                    ring: drawRing, columns: drawColumns, grid: drawGrid };
  const WIDE = new Set(["trick", "ring", "columns", "grid"]);

  function drawZone(zone, view) {
    const draw = DRAWERS[zone.kind];
    if (!draw) return el("div", { class: "tk-zone tk-unknown", "data-zone": zone.id, text: zone.label || zone.id });
    return draw(zone, view);
  }

  // A zone whose data (and the open choice) did not change keeps its node and card nodes.
  let zoneCache = new Map(); // zone id -> {sig, node, used: [[svg, picture], ...]}
  let building = null; // the pictures the zone being drawn takes

  function drawBoard(view) {
    const zones = view.zones || [];
    parseSvgs(viewSvgs(view));
    const context = JSON.stringify([choosing, !!view.my_turn, view.viewer, view.current, model.get("labels")]);
    // (A grid's tab stop follows the focus.)
    const sigs = new Map(zones.map((z) => [z.id, context + (z.kind === "grid" ? focusKey : "") + JSON.stringify(z)]));
    nextPool = new Map();
    const claim = (id, node) => {
      if (!nextPool.has(id)) nextPool.set(id, []);
      nextPool.get(id).push(node);
    };
    // First the unchanged zones claim their pictures, so no other zone takes them.
    const kept = new Map();
    for (const z of zones) {
      const old = zoneCache.get(z.id);
      if (!old || old.sig !== sigs.get(z.id)) continue;
      kept.set(z.id, old);
      for (const [id, node] of old.used) {
        const free = pool.get(id);
        const i = free ? free.indexOf(node) : -1;
        if (i >= 0) free.splice(i, 1);
        claim(id, node);
      }
    }
    const cache = new Map();
    const place = (z) => {
      let entry = kept.get(z.id);
      if (!entry) {
        building = [];
        const node = drawZone(z, view);
        entry = { sig: sigs.get(z.id), node, used: building };
        building = null;
      }
      cache.set(z.id, entry);
      return entry.node;
    };
    // The board, top to bottom: the facts (counters) in a line; the piles side by side beside
    // the wide zones (trick, ring, columns, grid); the hands that show their faces (mine first,
    // full size; the others small); then the zones of other seats with nothing to click (their
    // columns, their discards), small, below the learner's own.
    const board = el("div", { class: "tk-board" });
    const facts = el("div", { class: "tk-facts" });
    const centre = el("div", { class: "tk-centre" });
    const area = el("div", { class: "tk-area" });
    const others = el("div", { class: "tk-others" });
    // (In a lesson, the zones of the player to act come up with mine: the step is about them.)
    const lesson = !!(model.get("lesson") || {}).title;
    const theirs = (z) => typeof z.owner === "number" && typeof view.viewer === "number" &&
      z.owner !== view.viewer && !clickableIn(z) && !(lesson && z.current);
    for (const z of zones) {
      if (z.kind === "hand") continue;
      const box = z.kind === "counter" ? facts : (theirs(z) ? others : (WIDE.has(z.kind) ? area : centre));
      box.appendChild(place(z));
    }
    // The choice being made opens right above the table (beside it, with the hands, when the
    // hands are beside the table: see `fit`).
    board.appendChild(parts.choose.node);
    if (facts.childNodes.length) board.appendChild(facts);
    const middle = el("div", { class: "tk-middle" });
    if (centre.childNodes.length) middle.appendChild(centre);
    if (area.childNodes.length) {
      middle.classList.add("tk-has-area");
      middle.appendChild(area);
    }
    // Hands whose faces show (mine; every hand in solo or with open hands) go on the board: the
    // hand to play now first (in solo it is not always the viewer's), then mine, then the others
    // in seat order; hands seen from behind go to the side column, in seat order.
    const hands = el("div", { class: "tk-hands" });
    const side = el("div", { class: "tk-hands tk-side-hands", role: "group", "aria-label": L("opponents") });
    const faceUp = (z) => z.viewer || (z.cards || []).length > 0 || !(z.hidden || 0);
    const rank = (z) => (view.my_turn && z.current ? 0 : (z.viewer ? 1 : 2));
    const ordered = zones.filter((z) => z.kind === "hand").sort((a, b) => rank(a) - rank(b));
    for (const z of ordered) (faceUp(z) ? hands : side).appendChild(place(z));
    // Without wide zones, my hand sits beside the piles (Up&Down's field, Page One's discards).
    if (hands.childNodes.length && !area.childNodes.length) middle.appendChild(hands);
    if (middle.childNodes.length) board.appendChild(middle);
    if (hands.childNodes.length && area.childNodes.length) board.appendChild(hands);
    if (others.childNodes.length) board.appendChild(others);
    pool = nextPool;
    zoneCache = cache;
    sideHands = side.childNodes.length ? side : null;
    return board;
  }
  let sideHands = null;

  // --- the end of a round: who won and why, every hand shown with its score worked out ---------
  function roundEnd(summary, view) {
    const final = !!summary.final;
    // (At a class table the game is the class's: no Play again.)
    const go = final
      ? (shared() ? null : button(L("play_again"), { type: "new", deal: "" }, "tk-play-again tk-primary"))
      : button(L("next_round"), { type: "next_round" }, "tk-next-round tk-primary");
    const actions = [go];
    if (final) actions.push(button(L("replay"), { type: "replay", step: 0 }, "tk-replay-button"));
    if (final && summary.deal) actions.push(el("span", { class: "tk-deal-code", text: summary.deal }));
    const standings = (summary.standings || []).length
      ? el("table", { class: "tk-standings" }, [
          el("caption", { text: L("standings") }),
          ...summary.standings.map((s) => el("tr", { class: s.leader ? "tk-leader-row" : "" }, [
            el("th", { scope: "row", text: s.label }), el("td", { text: s.value })])),
        ])
      : null;
    // Every hand, then the cards of nobody's hand the rules show too (a kitty, discards).
    const piles = (summary.piles || []).map((z) => el("div", { class: "tk-revealed-pile", "data-zone": z.id }, [
      el("div", { class: "tk-hand-head" }, [el("span", { class: "tk-name", text: z.label })]),
      el("div", { class: "tk-cards" }, (z.cards || []).map((c) => cardNode(c, { cls: "tk-static", fresh: true }))),
      z.worked ? el("div", { class: "tk-worked", text: z.worked }) : null,
    ]));
    const hands = (summary.hands || []).map((z) => el("div", { class: "tk-revealed-hand", "data-seat": z.owner }, [
      el("div", { class: "tk-hand-head" }, [
        el("span", { class: "tk-name", text: z.label }),
        ...(z.badges || []).map((b) => el("span", { class: "tk-badge", text: b })),
        z.score ? el("span", { class: "tk-score", text: z.score }) : null,
      ]),
      el("div", { class: "tk-cards" }, (z.cards || []).map((c) => cardNode(c, { cls: "tk-static", fresh: true }))),
      z.worked ? el("div", { class: "tk-worked", text: z.worked }) : null,
    ]));
    return el("section", { class: "tk-summary tk-round-end" + (final ? " tk-final" : ""), role: "dialog",
                           "aria-label": summary.title, "aria-live": "polite" }, [
      el("h3", { text: summary.title }),
      el("p", { class: "tk-summary-text", text: summary.text }),
      el("div", { class: "tk-controls tk-summary-actions" }, actions),
      el("div", { class: "tk-summary-body" }, [
        standings,
        hands.length || piles.length ? el("div", { class: "tk-revealed", role: "group", "aria-label": L("revealed") }, [
          el("div", { class: "tk-revealed-title", text: L("revealed") }), ...hands, ...piles]) : null,
      ]),
    ]);
  }

  function outcomeSummary(summary) {
    const again = shared() ? null : button(L("play_again"), { type: "new", deal: "" }, "tk-play-again tk-primary");
    return el("section", { class: "tk-summary tk-final", role: "dialog", "aria-label": L("summary") }, [
      el("h3", { text: L("summary") }),
      el("p", { class: "tk-summary-text", text: summary.text }),
      el("p", { class: "tk-winners", text: summary.winners }),
      el("div", { class: "tk-controls tk-summary-actions" }, [
        again, button(L("replay"), { type: "replay", step: 0 }, "tk-replay-button"),
        model.get("deal") ? el("span", { class: "tk-deal-code", text: model.get("deal") }) : null,
      ]),
      el("ul", {}, summary.scores.map((s) => el("li", { text: s }))),
    ]);
  }

  // --- keyboard ------------------------------------------------------------------------------
  function moveInGrid(cell, key) {
    const grid = cell.closest(".tk-grid");
    const [dx, dy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
    const x = Number(cell.dataset.x), y = Number(cell.dataset.y);
    let best = null, bestScore = Infinity;
    for (const b of grid.querySelectorAll("button.tk-cell")) {
      const bx = Number(b.dataset.x) - x, by = Number(b.dataset.y) - y;
      const along = bx * dx + by * dy; // steps in the arrow's direction
      if (along <= 0) continue;
      const across = Math.abs(bx * dy) + Math.abs(by * dx);
      const score = along + 3 * across; // the nearest in line first
      if (score < bestScore) { best = b; bestScore = score; }
    }
    if (!best) return;
    for (const b of grid.querySelectorAll("button.tk-cell")) b.setAttribute("tabindex", b === best ? 0 : -1);
    focusKey = best.dataset.key;
    best.focus();
  }

  root.addEventListener("keydown", (ev) => {
    const shown = model.get("view") || {};
    if (shown.replay && replayKey(ev, shown.replay)) { ev.preventDefault(); return; }
    const arrows = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"];
    if (!arrows.includes(ev.key)) return;
    const t = ev.target;
    if (!(t instanceof HTMLElement) || t.tagName !== "BUTTON") return;
    let list = null;
    let forward = ev.key === "ArrowRight" || ev.key === "ArrowDown";
    if (t.classList.contains("tk-cell")) {
      moveInGrid(t, ev.key);
      ev.preventDefault();
      return;
    } else if (t.closest(".tk-hand.tk-mine") && t.classList.contains("tk-card")) {
      if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
      list = Array.from(root.querySelectorAll(".tk-hand.tk-mine .tk-card"));
    } else if (t.closest('[data-nav="linear"]')) {
      list = Array.from(t.closest('[data-nav="linear"]').querySelectorAll("button"));
    } else if (t.closest('[data-nav="rows"]') && t.classList.contains("tk-row-head")) {
      if (ev.key !== "ArrowUp" && ev.key !== "ArrowDown") return;
      list = Array.from(t.closest('[data-nav="rows"]').querySelectorAll("button.tk-row-head"));
    }
    if (!list || !list.length) return;
    const i = list.indexOf(t);
    const next = list[(i + (forward ? 1 : list.length - 1)) % list.length];
    if (next) {
      if (next.dataset.key) focusKey = next.dataset.key;
      next.focus();
    }
    ev.preventDefault();
  });

  // --- drawing -------------------------------------------------------------------------------
  function drawMessage() {
    const kind = model.get("message_kind");
    const text = model.get("message");
    parts.message.node.replaceChildren(...(text
      ? [el("div", { class: `tk-message tk-msg-${kind === "error" ? "problem" : kind}`, text })]
      : []));
  }

  let logList = null;
  function drawLog() {
    if (!logList) return;
    const lines = (model.get("log") || []).slice(-40);
    const items = logList.children;
    // The log grows at its end: keep the lines already shown, add the new ones.
    let same = items.length <= lines.length;
    for (let i = 0; same && i < items.length; i++) same = items[i].textContent === lines[i];
    if (same) {
      for (let i = items.length; i < lines.length; i++) logList.appendChild(el("li", { text: lines[i] }));
    } else {
      logList.replaceChildren(...lines.map((t) => el("li", { text: t })));
    }
  }

  let liveLine = null;
  function drawLive() {
    if (liveLine) liveLine.textContent = model.get("announce");
  }

  function draw() {
    const view = model.get("view") || {};
    const lesson = model.get("lesson");
    const inLesson = !!(lesson && lesson.title);
    const hadFocus = root.contains(document.activeElement);
    const labels = model.get("labels") || {};
    const lang = model.get("lang");
    const rootClass = "tk-table" + (model.get("large") ? " tk-large" : "");
    if (root.className !== rootClass) root.className = rootClass;
    if (root.getAttribute("lang") !== lang) root.setAttribute("lang", lang);
    const looks = JSON.stringify([labels, lang]);

    setPart("header", JSON.stringify([view.title, view.subtitle]), () => el("div", { class: "tk-header" }, [
      el("div", { class: "tk-title", text: view.title || "" }),
      el("div", { class: "tk-subtitle", text: view.subtitle || "" }),
    ]));
    setPart("top", JSON.stringify([inLesson ? lesson : null, inLesson ? null : view.replay || null, model.get("locked"),
                                   looks]), () =>
      (inLesson ? lessonPanel(lesson) : (view.replay ? replayBar(view.replay) : null)));
    setPart("prompt", view.prompt || "", () => el("div", { class: "tk-prompt", role: "status", text: view.prompt || "" }));
    setPart("last", JSON.stringify([view.last_move || "", looks]), () => (view.last_move
      ? el("div", { class: "tk-last" }, [el("span", { class: "tk-last-label", text: L("last_move") + ": " }),
                                         el("span", { class: "tk-last-text", text: view.last_move })])
      : null));
    const meter = !view.replay && !inLesson ? (view.winnable || null) : null;
    setPart("meter", JSON.stringify([meter, looks]), () => (meter ? meterPart(meter) : null));
    parts.choose.sig = undefined;
    setPart("choose", null, chooseBar);
    setPart("moves", JSON.stringify([view.buttons || [], view.pickers || [], looks]), () => (
      (view.buttons || []).length || (view.pickers || []).length
        ? el("div", { class: "tk-controls tk-moves", role: "group", "aria-label": L("moves") }, [
            ...(view.buttons || []).map((b) => {
              const node = button(b.label, { type: "play", code: b.code }, "tk-action-button");
              node.setAttribute("data-code", b.code);
              return markNode(node, b.mark);
            }),
            ...(view.pickers || []).map(pickerNode)])
        : null));
    parts.board.sig = undefined;
    setPart("board", null, () => drawBoard(view));
    parts.opponents.node.replaceChildren(...(sideHands ? [sideHands] : []));
    const marks = view.marks || [];
    setPart("legend", JSON.stringify([marks, looks]), () => (marks.length ? legendPart(marks) : null));
    const showControls = !inLesson && !view.replay && model.get("show_controls") !== false;
    setPart("assist", JSON.stringify([showControls, !!view.undo_off, shared(), looks]),
            () => (showControls ? assistControls(view) : null));
    setPart("controls", JSON.stringify([showControls, model.get("deal"), !!view.teaching, model.get("chrome"),
                                        model.get("locked"), !!model.get("allow_teaching_ui"), shared(), looks]),
            () => (showControls ? tableControls(view) : null));
    setPart("common", JSON.stringify([!!model.get("large"), !!view.four_colour_option, !!model.get("four_colour"),
                                      model.get("chrome"), model.get("locked"), looks]),
            () => commonControls(view));
    const ending = !view.replay && !inLesson ? (view.round_end || null) : null;
    const outcome = !ending && view.over && view.outcome && !view.replay && !inLesson ? view.outcome : null;
    setPart("summary", JSON.stringify([ending, outcome, outcome ? model.get("deal") : null, shared(), looks]), () => (ending
      ? roundEnd(ending, view) : (outcome ? outcomeSummary(outcome) : null)));
    if (setPart("log", looks, () => {
      // The list scrolls in a box that lays it out from the bottom (column-reverse): the newest
      // line stays in sight as lines arrive and when the page is resized, with no scrolling code.
      logList = el("ol");
      return el("details", { class: "tk-log", open: true }, [
        el("summary", { text: L("log") }), el("div", { class: "tk-log-scroll" }, [logList])]);
    })) logList.replaceChildren();
    drawLog();
    if (setPart("live", "", () => (liveLine = el("div", { class: "tk-live", "aria-live": "polite" })))) drawLive();
    drawMessage();
    drawLive();
    // A class table's move number, once its view is drawn (tests and the classroom benchmark
    // read which move a page shows).
    const step = typeof view.step === "number" ? String(view.step) : null;
    if (root.dataset.step !== (step ?? undefined)) { if (step === null) delete root.dataset.step; else root.dataset.step = step; }

    requestFit();
    if (focusKey && hadFocus && !root.contains(document.activeElement)) {
      const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  // --- fitting the window --------------------------------------------------------------------
  // On a wide screen, what the learner must see now fits the window without scrolling: the
  // prompt with Hint and Undo, the last move, the message, the moves, my hand, every zone
  // with something to click (or, in a lesson, the lesson, the hand and zones of the player to
  // act and the cards the step points at). The board's zones zoom out first (down to
  // ZONE_FLOOR of their size), then the hands (down to HAND_FLOOR); text keeps its size. A
  // tall board (a grid) may rather have the hands beside it than shrink: both arrangements
  // are tried and the one that keeps the zones larger wins. A narrow screen scrolls instead.
  // On a dashboard the window is the page; in a notebook, the table fits one window from its
  // top. Fitting runs once after the draws of one task, a message, or a change of size.
  const WIDE_SCREEN = "(min-width: 761px)";
  const ZONE_FLOOR = 0.4;
  const HAND_FLOOR = 0.6;
  const STEP = 0.02; // how finely a size is searched
  const MUST_SEE = [".tk-part-prompt", ".tk-part-assist", ".tk-part-last", ".tk-part-message", ".tk-part-choose",
                    ".tk-part-moves", ".tk-summary-actions", ".tk-lesson"];
  const MUST_SEE_ZONES = [".tk-playable", ".tk-choice-target"];
  const LESSON_ZONES = [".tk-hand.tk-current", ".tk-zone.tk-current", ".tk-card.tk-mark"];
  const ZONE_BOX = ".tk-zone, .tk-pile, .tk-hand";

  function mustSee() {
    const found = [...root.querySelectorAll(MUST_SEE.join(", "))];
    const ended = parts.summary.node.childNodes.length > 0; // the board waits below the summary
    if (!ended) {
      found.push(...root.querySelectorAll(".tk-hand.tk-mine"));
      const lesson = !!(model.get("lesson") || {}).title;
      const zones = [...MUST_SEE_ZONES, ...(lesson ? LESSON_ZONES : [])];
      for (const node of root.querySelectorAll(zones.map((z) => `.tk-main ${z}`).join(", "))) {
        if (!node.closest("details:not([open])")) found.push(node.closest(ZONE_BOX) || node); // (not folded away)
      }
    }
    return found;
  }

  let lastFit = { zone: 1, beside: false }; // where the last fit ended: the next one starts there

  function fitNow() {
    const set = (name, value) => root.style.setProperty(name, String(value));
    const board = root.querySelector(".tk-board");
    const arrange = (beside) => { if (board) board.classList.toggle("tk-beside", beside); };
    set("--zone-fit", 1);
    set("--hand-fit", 1);
    arrange(false);
    if (!root.isConnected || !window.matchMedia(WIDE_SCREEN).matches) return;
    const first = root.getBoundingClientRect();
    if (!first.width) return;
    // The window's bottom, in the window's coordinates at the page's first scroll position.
    let scrolled = 0;
    for (let node = root.parentElement; node; node = node.parentElement) scrolled += node.scrollTop;
    const limit = model.get("chrome") === "bar" ? window.innerHeight - scrolled - 2 : first.top + window.innerHeight * 0.85;
    const over = () => mustSee().some((node) => {
      const box = node.getBoundingClientRect();
      return box.height > 0 && box.bottom > limit;
    });
    if (!over()) { lastFit = { zone: 1, beside: false }; return; }
    // The largest size of `name` in [floor, 1] that fits (to STEP), or 0 if not even the floor
    // does; it looks near `guess` first (the last fit's size: the next view is much alike).
    const largest = (name, floor, guess) => {
      let low = null, high = 1; // fits at `low`, not at `high`
      const fits = (v) => { set(name, v); return !over(); };
      if (guess > floor && guess < 1) {
        if (fits(guess)) {
          low = guess;
          if (!fits(Math.min(1, guess + STEP))) high = Math.min(1, guess + STEP);
          else low = Math.min(1, guess + STEP);
        } else {
          high = guess;
          if (fits(Math.max(floor, guess - STEP))) low = Math.max(floor, guess - STEP);
        }
      }
      if (low === null) {
        if (!fits(floor)) { set(name, floor); return 0; }
        low = floor;
      }
      while (high - low > STEP) {
        const mid = (low + high) / 2;
        if (fits(mid)) low = mid; else high = mid;
      }
      set(name, low);
      return low;
    };
    const canBeside = board && board.querySelector(":scope > .tk-hands") && board.querySelector(".tk-area");
    // Hands below the table, or (a table with wide zones) beside it: whichever keeps the zones larger.
    const tries = canBeside ? (lastFit.beside ? [true, false] : [false, true]) : [false];
    let best = null;
    for (const beside of tries) {
      arrange(beside);
      const zone = largest("--zone-fit", ZONE_FLOOR, beside === lastFit.beside ? lastFit.zone : 0);
      if (!best || zone > best.zone + 0.05) best = { zone, beside };
      if (zone >= 0.8) break; // good enough: no need to try the other
    }
    arrange(best.beside);
    set("--zone-fit", best.zone || ZONE_FLOOR);
    if (!best.zone) largest("--hand-fit", HAND_FLOOR, 0);
    lastFit = best;
  }

  let fitting = false;
  let fitQueued = false;
  let fittedWidth = -1;
  function fit() {
    if (fitting) return;
    fitting = true;
    try {
      fitNow();
    } finally {
      fitting = false;
      fittedWidth = root.getBoundingClientRect().width;
    }
  }
  // (Once for all the draws of one task, before the page is painted again.)
  function requestFit() {
    if (fitQueued) return;
    fitQueued = true;
    queueMicrotask(() => { fitQueued = false; fit(); });
  }
  const refit = () => { if (root.isConnected) requestFit(); else window.removeEventListener("resize", refit); };
  window.addEventListener("resize", refit);
  // (Also once the table is on the page, or its column changes width, and once fonts load.)
  new ResizeObserver(() => { if (root.getBoundingClientRect().width !== fittedWidth) requestFit(); }).observe(root);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(() => requestFit());
  root.addEventListener("toggle", () => requestFit(), true);

  // Trait changes that arrive together (one message from Python) are drawn once.
  let dirty = {};
  let queued = false;
  function flush() {
    queued = false;
    const d = dirty;
    dirty = {};
    if (d.table) { draw(); return; }
    if (d.message) { drawMessage(); requestFit(); }
    if (d.log) drawLog();
    if (d.live) drawLive();
  }
  function schedule(what) {
    dirty[what] = true;
    if (!queued) { queued = true; queueMicrotask(flush); }
  }
  function drawNow() { dirty.table = true; flush(); }

  // A new view (a move, an undo, a new deal) ends any choice still open on the old one.
  model.on("change:view", () => { choosing = null; schedule("table"); });
  for (const name of ["lesson", "deal", "lang", "large", "labels", "four_colour", "chrome", "locked", "shared"]) {
    model.on(`change:${name}`, () => schedule("table"));
  }
  model.on("change:message", () => schedule("message"));
  model.on("change:message_kind", () => schedule("message"));
  model.on("change:log", () => schedule("log"));
  model.on("change:announce", () => schedule("live"));
  draw();

  // A learner's page at a class table says every HERE_MS that it is still open: the kernel
  // outlives a closed tab, so only the page can tell that the learner is at their seat.
  const HERE_MS = 10_000;
  const here = () => { if (shared() === "player") send({ type: "here" }); };
  here();
  const hereTimer = setInterval(here, HERE_MS);
  return () => clearInterval(hereTimer);
}

export default { render };
