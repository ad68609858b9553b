/**
 * The guest landing page's own script (issue 17: `/` under 100 KB of JavaScript). A guest's `/`
 * is served without React (workers/site/static-page.ts): the server-rendered HTML is complete,
 * and this script of a few KB gives its controls what hydration gave them: the phone menu, the
 * theme and language switches (remembered as the app remembers them), the quick-start form and
 * the footer's feedback dialog, posting to the same API the React forms use. It is kept as one
 * self-contained string, as the other inline scripts are (theme boot, first paint), and reads
 * the page's translations and icons from the config the server fills in.
 */

/** What the script needs from the server, in the page's language. */
export interface LandingConfig {
  /** Local storage keys and the language cookie for each language (`languageCookie`). */
  themeKey: string;
  languageKey: string;
  languageCookie: string;
  cookies: Record<string, string>;
  /** The theme toggle's name when it switches to that theme. */
  switchTo: { light: string; dark: string };
  /** The toggle's icon (inner SVG) while the page is light (moon) and dark (sun). */
  icons: { light: string; dark: string };
  /** A call that never reached the server. */
  network: string;
  feedback: { title: string; name: string; email: string; phone: string; text: string; send: string; close: string };
}

/** One icon shape (`"c cx cy r"`, `"r x y w h rx"` or a path) as SVG markup, as `<Icon>` draws it. */
export function shapeMarkup(shape: string): string {
  const [kind, ...n] = shape.split(" ");
  const attr = (s: string | undefined) => String(s ?? "").replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  if (kind === "c") return `<circle cx="${attr(n[0])}" cy="${attr(n[1])}" r="${attr(n[2])}"></circle>`;
  if (kind === "r") return `<rect x="${attr(n[0])}" y="${attr(n[1])}" width="${attr(n[2])}" height="${attr(n[3])}" rx="${attr(n[4])}"></rect>`;
  return `<path d="${attr(shape)}"></path>`;
}

/** An icon's shapes as the inner markup of its `<svg>`. */
export function iconMarkup(shapes: readonly string[]): string {
  return shapes.map(shapeMarkup).join("");
}

/**
 * JSON that is safe inside an inline `<script>`: no `<` (so no `</script>` or `<!--`) and no
 * line separators that older parsers take for line ends.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The page marks itself so tests and tools know no hydration will come (`data-static-page`). */
export const STATIC_PAGE_ATTRIBUTE = "data-static-page";

/**
 * The browser part. Classes are the kit's own (FormAlert, Field, Dialog), so what it draws
 * looks as the React page draws it.
 */
const BODY = String.raw`
var d = document, h = d.documentElement;
function $(s, r) { return (r || d).querySelector(s); }
function el(tag, attrs, text) {
  var e = d.createElement(tag);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (text) e.textContent = text;
  return e;
}
function store(key, value) { try { localStorage.setItem(key, value); } catch (e) {} }
function stored(key) { try { return localStorage.getItem(key) || sessionStorage.getItem(key); } catch (e) { return null; } }

// Language: remembered as the app does when it starts (cookie and local storage). A language the
// browser stored that the server could not see (no cookie yet) is taken with one reload.
function remember(lng) { store(c.languageKey, lng); d.cookie = c.cookies[lng]; }
var url = new URL(location.href);
var hasCookie = d.cookie.split(";").some(function (p) { return p.trim().indexOf(c.languageCookie + "=") === 0; });
var wanted = stored(c.languageKey);
if (!url.searchParams.get("lng") && !hasCookie && wanted && c.cookies[wanted] && wanted !== h.lang) {
  remember(wanted);
  if (d.cookie.indexOf(c.languageCookie + "=" + wanted) >= 0) location.reload();
} else if (c.cookies[h.lang]) remember(h.lang);
var select = $('[data-testid="language-select"]');
if (select) select.addEventListener("change", function () {
  var lng = select.value;
  if (!c.cookies[lng]) return;
  remember(lng);
  h.lang = lng;
  var next = new URL(location.href);
  if (next.searchParams.get("lng")) next.searchParams.set("lng", lng);
  if (next.href === location.href) location.reload(); else location.replace(next.href);
});

// Theme: the boot script in <head> already put the stored one on <html>.
var toggle = $('[data-testid="theme-toggle"]');
function paintToggle() {
  var dark = h.dataset.theme === "dark", name = c.switchTo[dark ? "light" : "dark"];
  toggle.setAttribute("aria-label", name);
  toggle.setAttribute("data-tooltip-content", name);
  toggle.title = name;
  $("svg", toggle).innerHTML = c.icons[dark ? "dark" : "light"];
}
if (toggle) {
  paintToggle();
  toggle.addEventListener("click", function () {
    var next = h.dataset.theme === "dark" ? "light" : "dark";
    h.dataset.theme = next;
    store(c.themeKey, next);
    paintToggle();
  });
}
// Tooltips repeat a control's name; without the app's tooltip host the browser's shows it.
d.querySelectorAll("[data-tooltip-content]").forEach(function (e) { if (!e.title) e.title = e.getAttribute("data-tooltip-content"); });

// The phone menu: its button, Escape and a press outside open and close it.
var menuButton = $('[data-testid="header-menu"]');
var menu = menuButton && d.getElementById(menuButton.getAttribute("aria-controls"));
function setMenu(open) {
  menuButton.setAttribute("aria-expanded", String(open));
  menu.classList.toggle("hidden", !open);
  menu.classList.toggle("flex", open);
}
if (menu) {
  menuButton.addEventListener("click", function () { setMenu(menuButton.getAttribute("aria-expanded") !== "true"); });
  d.addEventListener("mousedown", function (e) { if (menuButton.getAttribute("aria-expanded") === "true" && !menuButton.parentNode.contains(e.target)) setMenu(false); });
  d.addEventListener("keydown", function (e) { if (e.key === "Escape" && menuButton.getAttribute("aria-expanded") === "true") { setMenu(false); menuButton.focus(); } });
}

// Forms: sent as JSON to the API; the server's translated errors go where the React page puts them.
function alertBox(tone, text) {
  return el("div", {
    role: tone === "error" ? "alert" : "status",
    "data-form-alert": "",
    class: "rounded-lg border px-3 py-2 text-sm " + (tone === "error"
      ? "border-[var(--danger)] bg-[color-mix(in_srgb,var(--danger)_8%,transparent)] text-[var(--danger)]"
      : "border-[var(--success)] bg-[color-mix(in_srgb,var(--success)_8%,transparent)] text-[var(--success)]"),
  }, text);
}
function clearErrors(form) {
  form.querySelectorAll("[data-form-alert],[data-field-error]").forEach(function (e) { e.remove(); });
  form.querySelectorAll("[aria-invalid]").forEach(function (e) { e.removeAttribute("aria-invalid"); e.removeAttribute("aria-describedby"); });
}
function showErrors(form, answer) {
  var fields = answer.fields || {}, shown = 0;
  for (var name in fields) {
    var control = form.elements[name];
    if (!control || !control.id) continue;
    var p = el("p", { id: control.id + "-error", class: "field-error", "data-field-error": "" }, fields[name]);
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", p.id);
    control.after(p);
    shown++;
  }
  if (!shown) form.prepend(alertBox("error", typeof answer.detail === "string" ? answer.detail : c.network));
}
function send(form, path, body, done) {
  var submit = $('[type="submit"]', form);
  clearErrors(form);
  submit.disabled = true;
  fetch("/api" + path, { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
    .then(function (res) { return res.json().catch(function () { return {}; }).then(function (data) { return { ok: res.ok, data: data }; }); })
    .catch(function () { return { ok: false, data: {} }; })
    .then(function (answer) {
      submit.disabled = false;
      if (answer.ok) done(answer.data.detail); else showErrors(form, answer.data);
    });
}
function values(form, names) {
  var out = {};
  names.forEach(function (n) { out[n] = form.elements[n] ? form.elements[n].value : ""; });
  return out;
}

var quick = $('[data-testid="quick-start"]');
if (quick) quick.addEventListener("submit", function (e) {
  e.preventDefault();
  send(quick, "/v1/qstart", values(quick, ["name", "email", "company_size"]), function (detail) { quick.replaceWith(alertBox("success", detail)); });
});

// The footer's feedback dialog, drawn as the kit's Dialog draws it (a native modal <dialog>).
var opener = $('[data-testid="feedback-open"]');
if (opener) opener.addEventListener("click", function () {
  var f = c.feedback;
  var dialog = el("dialog", { class: "card m-auto w-full max-w-md p-0 text-[var(--text)] backdrop:bg-black/40", "aria-labelledby": "feedback-title" });
  var form = el("form", { class: "flex max-h-[85vh] flex-col gap-4 p-6", novalidate: "" });
  form.append(el("h2", { id: "feedback-title", class: "text-lg font-semibold break-words" }, f.title));
  [["name_sender", "text", f.name], ["email", "email", f.email], ["number_mobile", "tel", f.phone], ["text", "", f.text]].forEach(function (spec) {
    var id = "feedback-" + spec[0], box = el("div", { "data-field": "" });
    box.append(el("label", { class: "label", for: id }, spec[2]));
    box.append(spec[1] ? el("input", { class: "input", id: id, name: spec[0], type: spec[1] }) : el("textarea", { class: "input min-h-28", id: id, name: spec[0] }));
    form.append(box);
  });
  var actions = el("div", { class: "flex items-center justify-end gap-2" });
  var close = el("button", { type: "button", class: "btn" }, f.close);
  actions.append(close, el("button", { type: "submit", class: "btn btn-primary", "data-testid": "feedback-send" }, f.send));
  form.append(actions);
  dialog.append(form);
  close.addEventListener("click", function () { dialog.close(); });
  dialog.addEventListener("close", function () { dialog.remove(); opener.focus(); });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var body = values(form, ["name_sender", "email", "number_mobile", "text"]);
    body.page_send = location.pathname;
    send(form, "/v1/feedback", body, function (detail) {
      form.querySelectorAll("[data-field]").forEach(function (b) { b.remove(); });
      $('[type="submit"]', form).remove();
      form.insertBefore(alertBox("success", detail), actions);
    });
  });
  d.body.append(dialog);
  dialog.showModal();
});
h.setAttribute("${STATIC_PAGE_ATTRIBUTE}", "ready");
`;

/** The script, with its config inlined (`scriptJson`), for a `<script nonce>` at the end of the body. */
export function landingScript(config: LandingConfig): string {
  return `(function (c) {${BODY}})(${scriptJson(config)});`;
}
