// The join page's front end (tablekit/widgets/join.py). It draws what Python sends in `view`
// (every word comes from there) and sends requests that Python checks: {type: "join", class,
// name} with what the learner typed, {type: "take", table} with a table's number (never a
// seat: the kernel picks it), {type: "tables"}, {type: "refresh"} and {type: "lang", lang}.
// It writes no trait. The learner's own link (the `address` trait, relative to this page) goes
// into the address bar, so that reloading or reopening the tab from the history brings them back.

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) node.appendChild(c);
  return node;
}

// Only a link to this very page, with its own parameters, goes into the address bar.
const OWN_LINK = /^join\.ipynb\?[A-Za-z0-9_.%&=-]*$/;

function render({ model, el: host }) {
  const root = el("div", { class: "tk-join" });
  host.appendChild(root);
  // What the learner typed survives a redraw (Python sends only the code it knows).
  const typed = { code: null, name: "" };
  let refreshTimer = null;

  const send = (msg) => model.send(msg);

  function button(label, msg, cls) {
    const b = el("button", { type: "button", class: "tk-join-button " + (cls || ""), text: label });
    b.addEventListener("click", () => send(msg));
    return b;
  }

  function header(view) {
    const langs = el("div", { class: "tk-join-langs", role: "group", "aria-label": view.language });
    for (const l of view.languages || []) {
      const b = el("button", { type: "button", class: "tk-join-lang", text: l.label, lang: l.code,
                               "aria-pressed": String(l.code === view.lang) });
      b.addEventListener("click", () => { if (l.code !== view.lang) send({ type: "lang", lang: l.code }); });
      langs.appendChild(b);
    }
    return el("div", { class: "tk-join-top" }, [el("h1", { class: "tk-title", text: view.title }), langs]);
  }

  function form(view) {
    const f = view.form;
    if (typed.code === null) typed.code = f.code || "";
    const code = el("input", { type: "text", class: "tk-join-code", id: "tk-join-code", autocomplete: "off",
                               autocapitalize: "characters", spellcheck: "false", maxlength: "20" });
    code.value = typed.code;
    code.addEventListener("input", () => { typed.code = code.value; });
    const name = el("input", { type: "text", class: "tk-join-name", id: "tk-join-name", autocomplete: "nickname",
                               maxlength: "60", "aria-describedby": "tk-join-name-note" });
    name.value = typed.name;
    name.addEventListener("input", () => { typed.name = name.value; });
    const submit = el("button", { type: "submit", class: "tk-join-button tk-join-submit tk-primary", text: f.button });
    const node = el("form", { class: "tk-join-form" }, [
      f.class ? el("p", { class: "tk-join-class", text: f.class }) : null,
      el("label", { for: "tk-join-code", text: f.code_label }), code,
      el("label", { for: "tk-join-name", text: f.name_label }), name,
      el("span", { class: "tk-join-note", id: "tk-join-name-note", text: f.name_note }),
      submit,
    ]);
    node.addEventListener("submit", (e) => {
      e.preventDefault();
      send({ type: "join", class: code.value, name: name.value });
    });
    return node;
  }

  function personal(view) {
    const link = view.link;
    const lessons = view.lessons
      ? el("a", { class: "tk-join-lessons", href: view.lessons.href, target: "_blank", rel: "noopener",
                  text: view.lessons.label })
      : null;
    return el("details", { class: "tk-join-link", open: view.stage !== "seated" }, [
      el("summary", { text: link.label }),
      el("code", { class: "tk-join-url", text: link.url }),
      el("p", { class: "tk-join-note", text: link.note }),
      lessons,
    ]);
  }

  function tables(view) {
    const t = view.tables;
    const list = el("ul", { class: "tk-join-tables" });
    for (const item of t.items) {
      const seats = el("ul", { class: "tk-join-seats" });
      for (const s of item.seats) seats.appendChild(el("li", { class: `tk-seat-${s.kind}`, text: s.text }));
      list.appendChild(el("li", { class: "tk-join-table", "data-table": String(item.id) }, [
        el("div", { class: "tk-join-table-head" }, [
          el("b", { text: item.name }), el("span", { class: "tk-join-game", text: item.game })]),
        seats,
        item.action
          ? button(item.action, { type: "take", table: item.id }, "tk-join-take tk-primary")
          : el("span", { class: "tk-join-full", text: item.full }),
      ]));
    }
    return el("section", { class: "tk-join-list" }, [
      el("div", { class: "tk-join-list-head" }, [
        el("h2", { text: t.head }), button(t.refresh, { type: "refresh" }, "tk-join-refresh")]),
      t.items.length ? list : el("p", { class: "tk-join-empty", text: t.empty }),
    ]);
  }

  // At a table: who and where on one line, and once the game is over the way back to the list.
  function seated(view) {
    const s = view.seated;
    return el("div", { class: "tk-join-seated" }, [
      el("p", { class: "tk-join-who", text: view.who }),
      el("p", { class: "tk-join-at", text: s.text }),
      s.over ? el("p", { class: "tk-join-over", text: s.over }) : null,
      s.back ? button(s.back, { type: "tables" }, "tk-join-back tk-primary") : null,
    ]);
  }

  function message() {
    const text = model.get("message") || "";
    const kind = model.get("message_kind") || "info";
    return el("div", { class: `tk-message tk-msg-${kind}`, role: kind === "info" ? "status" : "alert",
                       "aria-live": "polite", hidden: !text, text });
  }

  function draw() {
    const view = model.get("view") || {};
    if (!view.stage) return;
    const parts = [header(view)];
    if (view.stage === "join") parts.push(el("p", { class: "tk-join-lead", text: view.lead }));
    parts.push(message());
    if (view.stage === "join") parts.push(form(view));
    else {
      parts.push(view.stage === "seated" ? seated(view) : el("p", { class: "tk-join-who", text: view.who }));
      parts.push(personal(view));
      if (view.stage === "tables") parts.push(tables(view));
    }
    const focused = focusKey(document.activeElement);
    root.replaceChildren(...parts);
    root.setAttribute("lang", view.lang || "en");
    root.setAttribute("data-stage", view.stage);
    if (focused) {
      const again = Array.from(root.querySelectorAll("button, input, a, summary")).find((n) => focusKey(n) === focused);
      if (again) again.focus();
    }
    // While the list shows, ask for it again now and then (a seat taken, a table opened); the
    // request is also the sign that the learner is still here.
    clearInterval(refreshTimer);
    refreshTimer = view.stage === "tables" ? setInterval(() => send({ type: "refresh" }), view.refresh_ms || 4000) : null;
  }

  // What keeps the keyboard's place across a redraw: the element's class and its table.
  function focusKey(node) {
    if (!node || !root.contains(node)) return null;
    const table = node.closest("[data-table]");
    return `${node.tagName} ${node.className} ${table ? table.dataset.table : ""}`;
  }

  function drawMessage() {
    const old = root.querySelector(".tk-message");
    if (old) old.replaceWith(message());
    else draw();
  }

  function putAddress() {
    const address = model.get("address") || "";
    if (!OWN_LINK.test(address)) return;
    try {
      const target = new URL(address, window.location.href);
      // What Voila and Jupyter Server read themselves (a login token, a template) stays.
      const current = new URLSearchParams(window.location.search);
      for (const name of (model.get("view") || {}).keep || []) {
        if (current.has(name) && !target.searchParams.has(name)) target.searchParams.set(name, current.get(name));
      }
      if (target.href !== window.location.href) window.history.replaceState(window.history.state, "", target.href);
    } catch (e) { /* an address the browser refuses: the link on the page still works */ }
  }

  model.on("change:view", draw);
  model.on("change:message", drawMessage);
  model.on("change:message_kind", drawMessage);
  model.on("change:address", putAddress);
  draw();
  putAddress();
  return () => clearInterval(refreshTimer);
}

export default { render };
