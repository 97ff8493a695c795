// A slot's look [class, text, tip, x, y] put on its <g> element: shared by the game page (viewer.js)
// and the rules book's boards (book.js), each inlined after this.
function wcDrawLook(g, look) {
  "use strict";
  g.setAttribute("class", look[0]);
  var text = g.querySelector("text"), tip = g.querySelector("title");
  if (text) { text.textContent = look.length > 1 ? look[1] : ""; }
  if (tip) { tip.textContent = look.length > 2 ? look[2] : ""; }
  if (look.length > 3) { g.setAttribute("transform", "translate(" + (look[3] || 0) + "," + (look[4] || 0) + ")"); }
  else { g.removeAttribute("transform"); }
}
