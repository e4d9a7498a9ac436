/* The "Ask the judge" panel (docs/_ext/cardlaw_ask.py): it collects taps and shows answers.
 * Every answer comes from Python, cardlaw.answers.page.ask, run by Pyodide in this page: no
 * rule of any game is written here.  The runtime and the project's sources are scripts beside
 * this one (cardlaw-ask/*.js, each a gzipped file in base64), so the panel works offline, from
 * any static host and from file:// (where a browser refuses fetch). */
(function () {
  "use strict";
  const base = new URL("cardlaw-ask/", document.currentScript.src).href;
  const assets = {};
  window.cardlawAskAsset = function (name, packed) { assets[name] = packed; };

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      const script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = function () { reject(new Error("could not load " + src)); };
      document.head.appendChild(script);
    });
  }

  async function unpack(name) {
    const text = atob(assets[name]);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  let judge = null;
  /* The Python function that answers (a promise, started once for the whole page). */
  function boot() {
    if (judge) return judge;
    judge = (async function () {
      const names = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "cardlaw-src.zip"];
      await loadScript(base + "pyodide.js");
      await loadScript(base + "pyodide.asm.js");
      await Promise.all(names.map(function (name) { return loadScript(base + name + ".js"); }));
      const files = {};
      for (const name of names) files[name] = await unpack(name);
      const original = window.fetch;
      window.fetch = function (url, init) {  /* the runtime's own files, from the scripts above */
        const name = String(url instanceof Request ? url.url : url).split("?")[0].split("/").pop();
        if (Object.prototype.hasOwnProperty.call(files, name)) {
          const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
          return Promise.resolve(new Response(files[name], { headers: { "Content-Type": type } }));
        }
        return original.call(this, url, init);
      };
      const pyodide = await window.loadPyodide({ indexURL: base });
      pyodide.unpackArchive(files["cardlaw-src.zip"], "zip", { extractDir: "/home/pyodide/cardlaw" });
      pyodide.runPython(
        "import sys\nsys.path.insert(0, '/home/pyodide/cardlaw')\n" +
        "from cardlaw.answers.page import ask as cardlaw_ask");
      return pyodide.globals.get("cardlaw_ask");
    })();
    return judge;
  }

  /* The same answers for a program (the browser test asks many through it): a request's JSON
   * in, the reply's JSON out, once the runtime is loaded. */
  window.cardlawAsk = function (request) {
    return boot().then(function (answerer) { return answerer(request); });
  };

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cardButton(card, className) {
    const button = element("button", className + " cardlaw-ask-" + card.color, card.label);
    button.type = "button";
    button.dataset.code = card.code;
    return button;
  }

  /* The answer as one short paragraph: the verdict, then each step, its clauses linked. */
  function showAnswer(box, reply, clauses) {
    box.replaceChildren();
    box.dataset.text = reply.text || "";
    box.dataset.error = reply.error || "";
    if (reply.error) {
      box.appendChild(element("p", "cardlaw-ask-error", reply.error));
      return;
    }
    const paragraph = element("p", "cardlaw-ask-verdict");
    paragraph.appendChild(element("strong", "", reply.verdict));
    reply.steps.forEach(function (step, index) {
      paragraph.appendChild(document.createTextNode(index ? "; " : ". "));
      const parts = step.split(/\[([^\]]+)\]/);
      parts.forEach(function (part, i) {
        if (i % 2 === 0) { paragraph.appendChild(document.createTextNode(part)); return; }
        paragraph.appendChild(document.createTextNode("("));
        part.split(/,\s*/).forEach(function (id, k) {
          if (k) paragraph.appendChild(document.createTextNode(", "));
          const link = element(clauses[id] ? "a" : "span", "cardlaw-ask-clause", id);
          if (clauses[id]) link.href = clauses[id];
          paragraph.appendChild(link);
        });
        paragraph.appendChild(document.createTextNode(")"));
      });
    });
    paragraph.appendChild(document.createTextNode("."));
    box.appendChild(paragraph);
    if (reply.notes.length) {
      const more = element("details", "cardlaw-ask-notes");
      more.appendChild(element("summary", "", reply.notes[0]));
      more.appendChild(element("pre", "", reply.notes.slice(1).join("\n")));
      box.appendChild(more);
    }
  }

  function open(section) {
    const config = JSON.parse(section.dataset.config);
    const status = section.querySelector(".cardlaw-ask-status");
    section.querySelector(".cardlaw-ask-open").remove();
    const picker = element("div", "cardlaw-ask-questions");
    const form = element("div", "cardlaw-ask-form");
    const deck = element("div", "cardlaw-ask-deck");
    const actions = element("div", "cardlaw-ask-actions");
    const ask = element("button", "cardlaw-ask-ask", "Ask");
    const clear = element("button", "cardlaw-ask-clear", "Clear");
    const answer = element("div", "cardlaw-ask-answer");
    ask.type = clear.type = "button";
    ask.disabled = true;
    answer.setAttribute("aria-live", "polite");
    actions.append(ask, clear);
    section.append(picker, form, deck, actions, answer);
    let question = null, fields = [], active = null;

    function setActive(field) {
      active = field;
      fields.forEach(function (f) { if (f.box) f.box.classList.toggle("cardlaw-ask-active", f === field); });
    }
    function redraw(field, typed) {
      field.chosen.replaceChildren();
      field.value.forEach(function (code) {
        const card = config.deck.find(function (c) { return c.code === code.toUpperCase(); }) ||
          { code: code, label: code, color: "unknown" };
        field.chosen.appendChild(cardButton(card, "cardlaw-ask-chip"));
      });
      if (!typed) field.typed.value = field.value.join(" ");
    }
    function choose(q) {
      question = q;
      picker.querySelectorAll("button").forEach(function (b) {
        b.setAttribute("aria-pressed", String(b.dataset.question === q.question));
      });
      form.replaceChildren();
      answer.replaceChildren();
      fields = q.fields.map(function (spec) {
        const field = { spec: spec, value: spec.kind === "cards" ? [] : "" };
        const row = element("div", "cardlaw-ask-field cardlaw-ask-" + spec.kind);
        row.dataset.key = spec.key;
        if (spec.kind === "cards") {
          const label = element("button", "cardlaw-ask-target", spec.label);
          const back = element("button", "cardlaw-ask-back", "⌫");
          label.type = back.type = "button";
          back.setAttribute("aria-label", "Take back the last card of " + spec.label);
          field.chosen = element("div", "cardlaw-ask-chosen");
          label.addEventListener("click", function () { setActive(field); });
          back.addEventListener("click", function () { field.value.pop(); redraw(field); setActive(field); });
          field.typed = element("input", "cardlaw-ask-typed");
          field.typed.placeholder = "or type them: " + config.deck.slice(0, 2).map(function (c) {
            return c.code; }).join(" ");
          field.typed.setAttribute("aria-label", spec.label + ", typed");
          field.typed.addEventListener("input", function () {
            field.value = field.typed.value.split(/[\s,]+/).filter(Boolean);
            redraw(field, true);
          });
          field.typed.addEventListener("focus", function () { setActive(field); });
          field.box = row;
          row.append(label, field.chosen, back, field.typed);
        } else if (spec.kind === "choice") {
          row.appendChild(element("span", "cardlaw-ask-label", spec.label));
          const group = element("div", "cardlaw-ask-choices");
          field.value = spec.key === "leader" ? "0" : (spec.values[0][0] === "" ? "" : null);
          spec.values.forEach(function (pair) {
            const button = element("button", "cardlaw-ask-choice", pair[1]);
            button.type = "button";
            button.dataset.value = pair[0];
            button.setAttribute("aria-pressed", String(pair[0] === field.value));
            button.addEventListener("click", function () {
              field.value = pair[0];
              group.querySelectorAll("button").forEach(function (b) {
                b.setAttribute("aria-pressed", String(b === button));
              });
            });
            group.appendChild(button);
          });
          row.appendChild(group);
        } else {
          const label = element("label", "cardlaw-ask-label", spec.label);
          const input = element("input", "cardlaw-ask-input");
          input.placeholder = spec.placeholder || "";
          input.addEventListener("input", function () { field.value = input.value; });
          label.appendChild(input);
          row.appendChild(label);
        }
        form.appendChild(row);
        return field;
      });
      setActive(fields.find(function (f) { return f.spec.kind === "cards"; }) || null);
    }
    config.questions.forEach(function (q) {
      const button = element("button", "cardlaw-ask-question", q.title);
      button.type = "button";
      button.dataset.question = q.question;
      button.addEventListener("click", function () { choose(q); });
      picker.appendChild(button);
    });
    config.deck.forEach(function (card) {
      const button = cardButton(card, "cardlaw-ask-card");
      button.addEventListener("click", function () {
        if (!active) return;
        const spec = active.spec;
        if (spec.most === 1) active.value = [card.code];
        else if (active.value.length < 2 * spec.most + 2) active.value.push(card.code);
        redraw(active);
        const cards = fields.filter(function (f) { return f.spec.kind === "cards"; });
        const next = cards[cards.indexOf(active) + 1];
        if (next && active.value.length >= spec.most && next.spec.key !== "middle") setActive(next);
      });
      deck.appendChild(button);
    });
    clear.addEventListener("click", function () { choose(question); });
    ask.addEventListener("click", async function () {
      const args = {};
      fields.forEach(function (f) {
        const spec = f.spec;
        if (spec.kind !== "cards") args[spec.key] = f.value === null ? "" : f.value;
        else if (spec.as === "list") args[spec.key] = f.value.slice();
        else if (spec.as === "one") args[spec.key] = f.value.length ? f.value[0] : "";
        else args[spec.key] = f.value.join(" ");
      });
      const request = JSON.stringify({ game: config.game, question: question.question, args: args });
      const answerer = await boot();
      let reply;
      try {
        reply = JSON.parse(answerer(request));
      } catch (error) {  /* never a stack trace in the page: one line */
        reply = { error: "internal error, the judge failed (" + String(error).split("\n")[0] + ")" };
      }
      showAnswer(answer, reply, config.clauses);
    });
    choose(config.questions[0]);
    status.textContent = "Loading the judge (Python in this page)…";
    boot().then(function () {
      ask.disabled = false;
      section.dataset.ready = "true";
      status.textContent = "The judge runs in this page: tap the cards, then Ask.";
    }, function (error) {
      section.dataset.ready = "failed";
      status.textContent = "The judge could not start in this browser (" + error.message +
        "). Serve the rulebook over HTTP, e.g. python -m http.server in its folder.";
    });
  }

  function start() {
    document.querySelectorAll("section.cardlaw-ask").forEach(function (section) {
      const button = section.querySelector(".cardlaw-ask-open");
      if (button) button.addEventListener("click", function () { open(section); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
