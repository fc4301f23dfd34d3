// The account page's chart: the hourly PnL series from the JSON API, drawn with uPlot. Clicking a symbol shows its
// own series. The figures in the table are exact; the chart plots them as numbers, which is all a picture needs.
(function () {
  var el = document.getElementById("chart");
  if (!el) return;
  var title = document.getElementById("chart-title");
  var plot = null;

  function draw(symbol) {
    var q = new URLSearchParams({ from: el.dataset.from, to: el.dataset.to });
    if (symbol) q.set("symbol", symbol);
    el.dataset.ready = "loading";
    fetch("/api/accounts/" + el.dataset.account + "/pnl?" + q.toString())
      .then(function (r) {
        return r.json().then(function (body) {
          if (!r.ok) throw new Error(body.error || r.statusText);
          return body;
        });
      })
      .then(function (body) {
        var xs = body.points.map(function (p) { return Date.parse(p.hour) / 1000; });
        var ys = body.points.map(function (p) { return Number(p.pnl); });
        if (plot) plot.destroy();
        el.textContent = "";
        plot = new uPlot({
          width: Math.max(320, Math.min(el.clientWidth || 960, 1100)),
          height: 320,
          scales: { x: { time: true } },
          // the hours are UTC, as the page says; uPlot would otherwise label them in the browser's time zone
          tzDate: function (ts) { return uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"); },
          // uPlot's default 50 px clips the sign off labels such as -1,000
          axes: [{}, { size: 80 }],
          series: [
            {},
            { label: symbol || "All symbols", stroke: "#1d4ed8", width: 2, fill: "rgba(29, 78, 216, 0.08)",
              value: function (u, v) { return v == null ? "" : v.toFixed(2); } }
          ]
        }, [xs, ys], el);
        title.textContent = symbol || "all symbols";
        el.dataset.points = String(xs.length);
        el.dataset.ready = "true";
      })
      .catch(function (e) {
        el.textContent = "The chart could not be loaded: " + e.message;
        el.dataset.ready = "error";
      });
  }

  document.querySelectorAll("tr[data-symbol] a.show").forEach(function (a) {
    a.addEventListener("click", function (ev) {
      ev.preventDefault();
      draw(a.closest("tr").dataset.symbol);
    });
  });
  draw(null);
})();

// The live figures: one event stream per open account page, each event the account's figures as of the last fill
// or quote ingested. Cells are filled as text, never as markup. The server closes the stream when the session
// ends; the browser then stops retrying once it is refused.
(function () {
  var el = document.getElementById("live");
  if (!el || typeof EventSource === "undefined") return;
  var body = el.querySelector("tbody");
  var at = document.getElementById("live-at");
  var source = new EventSource("/api/accounts/" + el.dataset.account + "/live");

  function cell(row, cls, text) {
    var td = document.createElement("td");
    td.className = cls;
    td.textContent = text;
    row.appendChild(td);
  }

  source.addEventListener("figures", function (ev) {
    var data = JSON.parse(ev.data);
    var rows = document.createDocumentFragment();
    data.symbols.forEach(function (s) {
      var tr = document.createElement("tr");
      tr.dataset.symbol = s.symbol;
      cell(tr, "symbol", s.symbol);
      cell(tr, "num position", String(s.position));
      cell(tr, "num realized", s.realized);
      cell(tr, "num unrealized", s.unrealized);
      cell(tr, "num fees", s.fees);
      cell(tr, "num pnl", s.pnl);
      rows.appendChild(tr);
    });
    body.textContent = "";
    body.appendChild(rows);
    at.textContent = "Live figures as of the last fill or quote, at " + data.at + " (UTC).";
    el.dataset.state = "live";
    el.dataset.version = ev.lastEventId;
  });

  source.addEventListener("error", function () {
    if (source.readyState === EventSource.CLOSED) {
      el.dataset.state = "closed";
      at.textContent = "Live updates stopped: sign in again to resume them.";
    }
  });
})();
