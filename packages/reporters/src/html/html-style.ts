/** The report's one stylesheet, inline (the file fetches nothing). Light and dark, print-friendly. */
export const HTML_STYLE = `
:root{--fg:#1b1f24;--muted:#59636e;--bg:#fff;--panel:#f6f8fa;--line:#d1d9e0;--pass:#1a7f37;--fail:#cf222e;--skip:#8c959f;--error:#9a6700;--bar:#0969da;--bar2:#8cb4ff}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#151b23;--line:#3d444d;--pass:#3fb950;--fail:#f85149;--skip:#9198a1;--error:#d29922;--bar:#4493f8;--bar2:#1f4f91}}
*{box-sizing:border-box}[hidden]{display:none!important}.scroll{overflow-x:auto}
body{margin:0;padding:1.5rem;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1400px;margin:0 auto}
.nowrap{white-space:nowrap}.small{font-size:.8em}td a code{white-space:nowrap}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
a{color:var(--bar)}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}
.muted{color:var(--muted)}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.5rem 0}dl.meta dt{color:var(--muted)}dl.meta dd{margin:0}
.totals{display:flex;flex-wrap:wrap;gap:.5rem;margin:.75rem 0}
.total{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.4rem .8rem;min-width:6rem}
.total b{display:block;font-size:1.4rem}
.badge{display:inline-block;border-radius:1em;padding:0 .55em;font-size:.8em;font-weight:600;border:1px solid currentColor;white-space:nowrap}
.s-pass{color:var(--pass)}.s-fail{color:var(--fail)}.s-skip{color:var(--skip)}.s-error{color:var(--error)}
.gate-pass{color:var(--pass)}.gate-fail{color:var(--fail)}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:var(--panel);font-weight:600;white-space:nowrap}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
th button{all:unset;cursor:pointer}th button::after{content:" \\2195";color:var(--muted)}
th[aria-sort=ascending] button::after{content:" \\2191"}th[aria-sort=descending] button::after{content:" \\2193"}
.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.5rem .75rem}
.filters label{display:flex;gap:.35rem;align-items:center}
.filters button{font:inherit;border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:4px;padding:.1rem .5rem;cursor:pointer}
.filters button[aria-pressed=true]{background:var(--bar);border-color:var(--bar);color:#fff}
.findings{margin:.25rem 0 0;padding-left:1.1rem}
td.case-id{min-width:8rem;max-width:18rem}td.case-id code{overflow-wrap:break-word;word-break:break-word}td.measures{min-width:8rem;max-width:15rem}td.measures span{overflow-wrap:break-word}#cases{font-size:.93em}#cases th,#cases td{padding:.3rem .35rem}td.measures span{display:inline-block;margin-right:.6em}
.reviewed{text-decoration:line-through;color:var(--muted)}
.reviewed-badge{text-decoration:none;display:inline-block;margin-left:.35rem}
h3{font-size:1rem;margin:1rem 0 .25rem}figure{margin:1rem 0;min-width:0}.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:0 2rem}
header{display:grid;grid-template-columns:auto 1fr;gap:0 2rem;align-items:end}header h1{grid-column:1/-1}figcaption{font-weight:600;margin-bottom:.25rem}
svg.chart{max-width:100%;height:auto;font:12px system-ui,sans-serif}
svg.chart text{fill:var(--fg)}svg.chart .axis{stroke:var(--line)}
svg.chart .b1{fill:var(--bar)}svg.chart .b2{fill:var(--bar2)}svg.chart .failed{fill:var(--fail);opacity:.55}svg.chart .cut-off{fill:var(--error);opacity:.55}svg.chart .limit{stroke:var(--fail);stroke-dasharray:4 3}
svg.chart g.row:hover rect{opacity:.75}svg.chart g.row[data-tool]{cursor:pointer}
svg.range{vertical-align:middle}svg.range .track{stroke:var(--line)}svg.range .ci{stroke:var(--bar);stroke-width:3}svg.range .pt{fill:var(--fg)}
details>summary{cursor:pointer;color:var(--muted)}
.legend{display:flex;gap:1rem;font-size:.85em;color:var(--muted)}.legend i{display:inline-block;width:.8em;height:.8em;margin-right:.3em;vertical-align:-.05em}
.legend .l1{background:var(--bar)}.legend .l2{background:var(--bar2)}.legend .l-limit{border-left:2px dashed var(--fail);width:0;height:1em}
@page{size:A4 landscape;margin:10mm}
@media print{.filters,#tools-hint,figure details{display:none}details{display:block}body{padding:0;font-size:10px}main{max-width:none}.scroll{overflow:visible}th,td{padding:.15rem .3rem}.charts{display:block}tr{break-inside:avoid}}
`;
