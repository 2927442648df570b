// PlayTable front end. It knows no rule: it draws the view-model Python sends and sends back
// requests ({type: "play", code}, {type: "why", code}, ...) that Python checks.

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) node.appendChild(c);
  // A labelled card names itself: hide its picture's own label from screen readers.
  if (attrs.html && attrs["aria-label"]) {
    for (const svg of node.querySelectorAll("svg")) svg.setAttribute("aria-hidden", "true");
  }
  return node;
}

function render({ model, el: host }) {
  const root = el("div", { class: "tk-table" });
  host.appendChild(root);
  // A card waiting for a decision: {targets, code} (Up&Down's Shot: whom to name; the code sent
  // is the card's code then the seat) or {choices: [{code, label}]} (a suit, a call, several cards).
  let choosing = null;
  let focusKey = null;
  // The speed sliders are redrawn on every change: keep the value the learner chose.
  let botSpeed = 600;
  let lessonSpeed = 2500;

  const send = (msg) => model.send(msg);
  const L = (k) => (model.get("labels") || {})[k] || k;


  const button = (label, msg, cls, disabled) => {
    const b = el("button", { class: "tk-control " + (cls || ""), text: label, disabled: !!disabled });
    b.addEventListener("click", () => send(msg));
    return b;
  };

  function tableControls(view) {
    const controls = el("div", { class: "tk-controls" });
    controls.appendChild(button(L("hint"), { type: "hint" }, "tk-hint-button"));
    controls.appendChild(button(L("undo"), { type: "undo" }, "tk-undo-button"));
    const dealInput = el("input", { class: "tk-deal-input", "aria-label": L("deal_code"),
                                    placeholder: model.get("deal"), size: 14 });
    const newButton = el("button", { class: "tk-control tk-new-button", text: L("new") });
    newButton.addEventListener("click", () => send({ type: "new", deal: dealInput.value }));
    controls.appendChild(newButton);
    controls.appendChild(el("label", { class: "tk-deal" }, [el("span", { text: L("deal_code") + " " }), dealInput]));
    controls.appendChild(el("span", { class: "tk-deal-code", text: model.get("deal") }));
    if (model.get("allow_teaching_ui")) {
      const teach = el("input", { type: "checkbox", class: "tk-teaching", checked: !!view.teaching });
      teach.addEventListener("change", () => send({ type: "teaching", on: teach.checked }));
      controls.appendChild(el("label", {}, [teach, el("span", { text: " " + L("teaching") })]));
    }
    const speed = el("input", { type: "range", min: 0, max: 2000, step: 100, value: botSpeed,
                                class: "tk-speed", "aria-label": L("speed") });
    speed.addEventListener("change", () => { botSpeed = Number(speed.value); send({ type: "speed", ms: botSpeed }); });
    controls.appendChild(el("label", {}, [el("span", { text: L("speed") + " " }), speed]));
    return controls;
  }

  function commonControls() {
    const controls = el("div", { class: "tk-controls" });
    const large = el("input", { type: "checkbox", class: "tk-large-toggle", checked: !!model.get("large") });
    large.addEventListener("change", () => { model.set("large", large.checked); model.save_changes(); });
    controls.appendChild(el("label", {}, [large, el("span", { text: " " + L("large") })]));
    const lang = el("select", { class: "tk-lang", "aria-label": L("language") }, [
      el("option", { value: "en", text: "English", selected: model.get("lang") === "en" }),
      el("option", { value: "ja", text: "日本語", selected: model.get("lang") === "ja" }),
    ]);
    lang.addEventListener("change", () => send({ type: "lang", lang: lang.value }));
    controls.appendChild(lang);
    if ((model.get("view") || {}).four_colour_option) {
      const four = el("input", { type: "checkbox", class: "tk-four-colour", checked: !!model.get("four_colour") });
      four.addEventListener("change", () => send({ type: "four_colour", on: four.checked }));
      controls.appendChild(el("label", {}, [four, el("span", { text: " " + L("four_colour") })]));
    }
    return controls;
  }

  function replayBar(replay) {
    return el("div", { class: "tk-controls tk-replay", role: "group", "aria-label": replay.text }, [
      el("span", { class: "tk-replay-step", text: replay.text }),
      button(L("replay_start"), { type: "replay", step: 0 }, "tk-replay-start", replay.step === 0),
      button(L("replay_back"), { type: "replay", step: replay.step - 1 }, "tk-replay-back", replay.step === 0),
      button(L("replay_forward"), { type: "replay", step: replay.step + 1 }, "tk-replay-forward",
             replay.step >= replay.total),
      button(L("replay_end"), { type: "replay", step: replay.total }, "tk-replay-end", replay.step >= replay.total),
      button(L("replay_exit"), { type: "replay", step: "exit" }, "tk-replay-exit"),
    ]);
  }

  function lessonPanel(lesson) {
    const select = el("select", { class: "tk-lesson-select", "aria-label": L("lesson") },
      lesson.titles.map((t, i) => el("option", { value: i, text: `${i + 1}. ${t}`, selected: i === lesson.index })));
    select.addEventListener("change", () => send({ type: "lesson", index: Number(select.value) }));
    const nav = el("div", { class: "tk-controls tk-lesson-nav" }, [
      select,
      button(L("previous"), { type: "prev" }, "tk-prev", !lesson.can_prev),
      button(L("next"), { type: "next" }, "tk-next", !lesson.can_next),
      lesson.autoplay ? button(L("stop"), { type: "autoplay", on: false }, "tk-autoplay")
                      : button(L("autoplay"), { type: "autoplay", on: true }, "tk-autoplay", !lesson.can_next),
      lesson.your_turn ? button(L("show"), { type: "show" }, "tk-show") : null,
    ]);
    const speed = el("input", { type: "range", min: 500, max: 6000, step: 250, value: lessonSpeed,
                                class: "tk-speed", "aria-label": L("speed") });
    speed.addEventListener("change", () => { lessonSpeed = Number(speed.value); send({ type: "speed", ms: lessonSpeed }); });
    nav.appendChild(el("label", {}, [el("span", { text: L("speed") + " " }), speed]));
    return el("div", { class: "tk-lesson" + (lesson.your_turn ? " tk-your-turn" : "") }, [
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

  function cardButton(card, zone, view) {
    const mine = zone.viewer || (view.my_turn && zone.current);
    const state = card.playable ? "playable" : "blocked";
    const aria = card.face ? card.face.aria : "";
    const btn = el("button", {
      class: `tk-card tk-${state}` + (card.highlight ? " tk-hint" : ""),
      "aria-label": aria + (card.playable ? "" : " (" + L("table") + ")"),
      "data-key": card.key,
      "data-code": card.face ? card.face.code : "",
      html: card.svg,
    });
    btn.addEventListener("click", () => {
      focusKey = card.key;
      if (card.playable && card.targets && card.targets.length) {
        choosing = { targets: card.targets, code: card.face ? card.face.code : "" };
        draw();
      } else if (card.playable && card.choices && card.choices.length) {
        choosing = { choices: card.choices, key: card.key };
        draw();
      } else if (card.playable && card.action) {
        send({ type: "play", code: card.action });
      } else if (mine && card.face) {
        send({ type: "why", code: card.face.code });
      }
    });
    btn.addEventListener("keydown", (ev) => {
      if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
      const all = Array.from(root.querySelectorAll(".tk-hand.tk-mine .tk-card"));
      const i = all.indexOf(btn);
      const next = all[(i + (ev.key === "ArrowRight" ? 1 : all.length - 1)) % all.length];
      if (next) next.focus();
      ev.preventDefault();
    });
    return btn;
  }

  function drawZone(zone, view) {
    if (zone.kind === "counter") {
      return el("div", { class: "tk-counter", "data-zone": zone.id }, [
        el("span", { class: "tk-counter-label", text: zone.label }),
        el("span", { class: "tk-counter-value", text: String(zone.value) }),
      ]);
    }
    if (zone.kind === "pile") {
      return el("div", { class: "tk-pile", "data-zone": zone.id }, [
        el("div", { class: "tk-pile-head" }, [
          el("span", { class: "tk-counter-label", text: zone.label }),
          el("span", { class: "tk-field-value", text: String(zone.value) }),
        ]),
        el("div", { class: "tk-cards" }, zone.cards.map((c) =>
          el("span", { class: "tk-card tk-static", html: c.svg, "aria-label": c.face.aria, role: "img" }))),
      ]);
    }
    // hand
    const isTarget = choosing && choosing.targets && choosing.targets.includes(zone.owner);
    const classes = ["tk-hand"];
    if (zone.current) classes.push("tk-current");
    if (zone.viewer) classes.push("tk-mine");
    if (zone.out) classes.push("tk-out");
    if (isTarget) classes.push("tk-target");
    const head = el("div", { class: "tk-hand-head" }, [
      el("span", { class: "tk-name", text: (zone.current ? "▶ " : "") + zone.label }),
      ...zone.badges.map((b) => el("span", { class: "tk-badge", text: b })),
    ]);
    const cards = el("div", { class: "tk-cards" });
    for (const c of zone.cards) cards.appendChild(cardButton(c, zone, view));
    for (let i = 0; i < (zone.hidden || 0); i++) {
      cards.appendChild(el("span", { class: "tk-card tk-back", html: zone.back_svg, role: "img",
                                      "aria-label": `${zone.label}: ${L("face_down")}` }));
    }
    const box = el("div", { class: classes.join(" "), "data-zone": zone.id, "data-seat": zone.owner }, [head, cards]);
    if (isTarget) {
      const pick = el("button", { class: "tk-target-button", text: L("choose_target") + ": " + zone.label,
                                  "data-target": zone.owner });
      pick.addEventListener("click", () => {
        const code = choosing.code + zone.owner;
        choosing = null;
        draw(); // no stale target buttons to click twice while Python answers
        send({ type: "play", code });
      });
      box.appendChild(pick);
    }
    return box;
  }

  // Message, log and live line change often (every bot move, every "why"): they have their own
  // slots, updated in place; only the view, labels, language, size and lesson redraw the table.
  let messageSlot = null;
  let logList = null;
  let liveLine = null;

  function drawMessage() {
    if (!messageSlot) return;
    const kind = model.get("message_kind");
    messageSlot.replaceChildren(...(model.get("message")
      ? [el("div", { class: `tk-message tk-msg-${kind === "error" ? "problem" : kind}`, text: model.get("message") })]
      : []));
  }

  function drawLog() {
    if (!logList) return;
    logList.replaceChildren(...(model.get("log") || []).slice(-40).map((t) => el("li", { text: t })));
    logList.scrollTop = logList.scrollHeight; // the newest move in sight
  }

  function drawLive() {
    if (liveLine) liveLine.textContent = model.get("announce");
  }

  function draw() {
    const view = model.get("view") || {};
    const zones = view.zones || [];
    const hadFocus = root.contains(document.activeElement);
    root.className = "tk-table" + (model.get("large") ? " tk-large" : "");
    root.setAttribute("lang", model.get("lang"));
    root.innerHTML = "";

    root.appendChild(el("div", { class: "tk-header" }, [
      el("div", { class: "tk-title", text: view.title || "" }),
      el("div", { class: "tk-subtitle", text: view.subtitle || "" }),
    ]));
    root.appendChild(el("div", { class: "tk-prompt", role: "status", text: view.prompt || "" }));
    messageSlot = el("div", { class: "tk-message-slot" });
    root.appendChild(messageSlot);
    drawMessage();
    if (choosing) {
      const cancel = el("button", { class: "tk-cancel", text: L("cancel") });
      cancel.addEventListener("click", () => { choosing = null; draw(); });
      const picks = (choosing.choices || []).map((ch) => {
        const b = el("button", { class: "tk-control tk-choice-button", text: ch.label, "data-code": ch.code });
        b.addEventListener("click", () => {
          choosing = null;
          draw(); // no stale choice buttons to click twice while Python answers
          send({ type: "play", code: ch.code });
        });
        return b;
      });
      const title = choosing.choices ? L("choose_play") : L("choose_target");
      root.appendChild(el("div", { class: "tk-choose", role: "group", "aria-label": title },
                          [el("span", { text: title }), ...picks, cancel]));
    }
    if (view.buttons && view.buttons.length) {
      root.appendChild(el("div", { class: "tk-controls tk-moves", role: "group", "aria-label": L("moves") },
        view.buttons.map((b) => button(b.label, { type: "play", code: b.code },
                                       "tk-action-button" + (b.highlight ? " tk-hint" : "")))));
    }
    const board = el("div", { class: "tk-board" });
    const centre = el("div", { class: "tk-centre" });
    for (const z of zones) if (z.kind !== "hand") centre.appendChild(drawZone(z, view));
    board.appendChild(centre);
    const hands = el("div", { class: "tk-hands" });
    // The viewer's own hand first, then the others in seat order.
    const ordered = zones.filter((z) => z.kind === "hand").sort((a, b) => (b.viewer ? 1 : 0) - (a.viewer ? 1 : 0));
    for (const z of ordered) hands.appendChild(drawZone(z, view));
    board.appendChild(hands);
    root.appendChild(board);

    const lesson = model.get("lesson");
    if (lesson && lesson.title) {
      root.insertBefore(lessonPanel(lesson), root.children[1]);
    } else if (view.replay) {
      root.insertBefore(replayBar(view.replay), root.children[1]);
    } else {
      root.appendChild(tableControls(view));
    }
    root.appendChild(commonControls());

    if (view.over && view.outcome && !view.replay && !(lesson && lesson.title)) {
      const again = el("button", { class: "tk-control tk-play-again", text: L("play_again") });
      again.addEventListener("click", () => send({ type: "new", deal: "" }));
      root.appendChild(el("div", { class: "tk-summary", role: "dialog", "aria-label": L("summary") }, [
        el("h3", { text: L("summary") }),
        el("p", { text: view.outcome.text }),
        el("p", { class: "tk-winners", text: view.outcome.winners }),
        el("ul", {}, view.outcome.scores.map((s) => el("li", { text: s }))),
        again,
        button(L("replay"), { type: "replay", step: 0 }, "tk-replay-button"),
      ]));
    }

    logList = el("ol");
    root.appendChild(el("details", { class: "tk-log", open: true }, [el("summary", { text: L("log") }), logList]));
    drawLog();
    liveLine = el("div", { class: "tk-live", "aria-live": "polite" });
    root.appendChild(liveLine);
    drawLive();

    if (focusKey && hadFocus) {
      const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus();
    }
  }

  // A new view (a move, an undo, a new deal) ends any choice still open on the old one.
  model.on("change:view", () => { choosing = null; draw(); });
  for (const name of ["lesson", "deal", "lang", "large", "labels"]) model.on(`change:${name}`, draw);
  model.on("change:message", drawMessage);
  model.on("change:message_kind", drawMessage);
  model.on("change:log", drawLog);
  model.on("change:announce", drawLive);
  draw();
}

export default { render };
