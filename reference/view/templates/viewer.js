// wcref view: step through a game. The data holds, per step, the looks that changed ("d": slot id ->
// [class, text, tip, x, y]), its heading ("h"), the action taken ("a") and the legal alternatives
// ("o") as indexes into "labels", the rule IDs ("r") and the log lines ("l").
(function () {
  "use strict";
  var started = performance.now();
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var steps = data.steps, labels = data.labels, rules = data.rules;
  var last = steps.length - 1;
  var shown = Object.assign({}, steps[0].d);
  var at = 0;
  function byId(id) { return document.getElementById(id); }
  function looksAt(n) {
    var looks = {};
    for (var i = 0; i <= n; i++) { Object.assign(looks, steps[i].d); }
    return looks;
  }
  function draw(id, look) {
    var g = byId(id);
    if (g) { wcDrawLook(g, look); }
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function fill(list, items, make) {
    list.textContent = "";
    items.forEach(function (item, i) { list.appendChild(make(item, i)); });
  }
  function side(n) {
    var step = steps[n];
    byId("heading").textContent = "Step " + n + ": " + step.h;
    var decision = byId("decision");
    decision.textContent = "";
    if (step.a === undefined) {
      decision.textContent = n === 0 ? "Before the first action." : "";
    } else {
      decision.appendChild(document.createTextNode("Taken: "));
      var b = document.createElement("b");
      b.textContent = labels[step.a];
      decision.appendChild(b);
    }
    fill(byId("rules"), step.r || [], function (rid) {
      var li = document.createElement("li"), code = document.createElement("code");
      code.textContent = rid;
      li.appendChild(code);
      if (rules[rid]) { li.appendChild(document.createTextNode(" " + rules[rid])); }
      return li;
    });
    byId("log").textContent = (step.l || []).join("\n");
    var options = step.o || [];
    byId("options-title").textContent = step.a === undefined ? "Legal alternatives" :
      (options.length ? "Legal alternatives (" + options.length + ")" : "Legal alternatives: none (a chance outcome)");
    fill(byId("options"), options, function (index) {
      var li = document.createElement("li");
      li.textContent = labels[index];
      if (index === step.a) { li.className = "taken"; }
      return li;
    });
  }
  function show(n) {
    n = Math.max(0, Math.min(last, n | 0));
    var target = looksAt(n);
    Object.keys(target).forEach(function (id) {
      if (!same(target[id], shown[id])) { draw(id, target[id]); }
    });
    shown = target;
    at = n;
    side(n);
    byId("slider").value = String(n);
    byId("counter").textContent = "step " + n + " of " + last;
    byId("first").disabled = byId("prev").disabled = n === 0;
    byId("next").disabled = byId("last").disabled = n === last;
    document.body.setAttribute("data-step", String(n));
    try { history.replaceState(null, "", "#step=" + n); } catch (e) { /* a file: URL may refuse */ }
  }
  byId("first").onclick = function () { show(0); };
  byId("prev").onclick = function () { show(at - 1); };
  byId("next").onclick = function () { show(at + 1); };
  byId("last").onclick = function () { show(last); };
  byId("slider").oninput = function (e) { show(parseInt(e.target.value, 10)); };
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "INPUT") { return; }  // the slider moves itself
    var moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last };
    if (Object.prototype.hasOwnProperty.call(moves, e.key)) { e.preventDefault(); show(moves[e.key]); }
  });
  var wanted = /step=(\d+)/.exec(location.hash);
  show(wanted ? parseInt(wanted[1], 10) : 0);
  document.body.setAttribute("data-ready-ms", (performance.now() - started).toFixed(1));
  document.body.setAttribute("data-load-ms", performance.now().toFixed(1));
})();
