// The rules book's boards: each example's <details class="boards"> gets two copies of the page's
// board skeleton when it is opened: its start ("s": looks that differ from the skeleton) and after its
// actions ("a": looks that differ from the start, highlighted). Looks are [class, text, tip, x, y] by slot id.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("board-data").textContent);
  var skeleton = document.getElementById("board-skeleton");
  function board(figure, prefix, layers, marked) {
    var svg = skeleton.content.firstElementChild.cloneNode(true);
    var slots = {};
    svg.querySelectorAll("g[id]").forEach(function (g) { slots[g.id] = g; g.id = prefix + g.id; });
    svg.id = prefix + "board";
    layers.forEach(function (looks) {
      Object.keys(looks).forEach(function (id) { if (slots[id]) { wcDrawLook(slots[id], looks[id]); } });
    });
    Object.keys(marked || {}).forEach(function (id) {  // what the actions changed
      if (slots[id] && id !== "status") { slots[id].setAttribute("class", slots[id].getAttribute("class") + " diff"); }
    });
    figure.appendChild(svg);
  }
  function open(details) {
    if (details.getAttribute("data-drawn")) { return; }
    var key = details.getAttribute("data-example"), looks = data[key];
    if (!looks) { return; }
    details.setAttribute("data-drawn", "1");
    board(details.querySelector('figure[data-board="s"]'), key + "--start-", [looks.s]);
    board(details.querySelector('figure[data-board="a"]'), key + "--after-", [looks.s, looks.a], looks.a);
  }
  document.querySelectorAll("details.boards").forEach(function (details) {
    details.addEventListener("toggle", function () { if (details.open) { open(details); } });
  });
  function fromAddress() {
    var key = decodeURIComponent(location.hash.slice(1));
    document.querySelectorAll("details.boards").forEach(function (details) {
      if (key && details.getAttribute("data-example") === key) { details.open = true; open(details); }
    });
  }
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
})();
