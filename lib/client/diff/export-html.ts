import { sizeBinLabels, timelineFacts, xAt, type Timeline } from './stream-timeline';
import type { ReplyComparison } from './reply-comparison';
import { diffSummary, sideOf, type DiffSegment } from '../word-diff';

/**
 * The comparison as one self-contained HTML file, to keep or send: its CSS inline, no
 * script, nothing loaded from anywhere (its own Content-Security-Policy says so to the
 * browser that opens it). Every text in it came from models or users and is escaped;
 * none of it is markup.
 */
export function exportHtml(c: ReplyComparison, exportedAt: Date): string {
  const [a, b] = c.sides;
  const title = `Diff: ${c.names[0]} vs ${c.names[1]}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p class="meta">A: ${esc(c.names[0])}, reply ${esc(a.id)} in “${esc(a.title)}”, ${esc(a.reply.createdAt)}<br>
B: ${esc(c.names[1])}, reply ${esc(b.id)} in “${esc(b.title)}”, ${esc(b.reply.createdAt)}<br>
Exported from Sluice ${esc(exportedAt.toISOString())}</p>
<h2>Figures</h2>
<table>
<thead><tr><th scope="col">Figure</th><th scope="col">A</th><th scope="col">B</th><th scope="col">B − A</th></tr></thead>
<tbody>
${c.figures
  .map(
    (r) =>
      `<tr><th scope="row">${esc(r.label)}</th>` +
      `<td${r.better === 'a' ? ' class="better"' : ''}>${esc(r.a)}</td>` +
      `<td${r.better === 'b' ? ' class="better"' : ''}>${esc(r.b)}</td>` +
      `<td>${esc(r.delta)}${r.better ? ` (${r.better.toUpperCase()} better)` : r.tie ? ' (tie)' : ''}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
<h2>Streams</h2>
${timelineSvg(c)}
${[0, 1]
  .map(
    (i) =>
      `<h3>${i ? 'B' : 'A'}</h3><ul>${timelineFacts(i ? 'B' : 'A', c.timelines[i])
        .map((f) => `<li>${esc(f)}</li>`)
        .join('')}</ul>${histogram(c.timelines[i])}`,
  )
  .join('\n')}
${c.sections
  .map(
    (s) => `<h2>${esc(s.title)}</h2>
<p class="meta">${esc(diffSummary(s.diff))}</p>
<div class="pair">${side('A', sideOf(s.diff.segments, 'a'))}${side('B', sideOf(s.diff.segments, 'b'))}</div>`,
  )
  .join('\n')}
</main>
</body>
</html>
`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or an attribute's value: never markup. */
export const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

function segments(list: DiffSegment[]): string {
  return list
    .map((s) =>
      s.kind === 'same' ? esc(s.text) : s.kind === 'removed' ? `<del>${esc(s.text)}</del>` : `<ins>${esc(s.text)}</ins>`,
    )
    .join('');
}

/** One side of a section's diff, under its letter. */
const side = (letter: string, list: DiffSegment[]) => `<section><h3>${letter}</h3><pre>${segments(list)}</pre></section>`;

const WIDTH = 800;
const ROW = 36;

function lane(t: Timeline | undefined, span: number, y: number): string {
  if (!t) return '';
  const x = (at: number) => xAt(at, span, WIDTH);
  return [
    ...(t.slowStart
      ? [
          `<rect class="slow" x="${x(t.slowStart.from)}" y="${y}" width="${Math.max(1, x(t.slowStart.to) - x(t.slowStart.from))}" height="${ROW - 8}"/>`,
        ]
      : []),
    ...t.stalls.map(
      (s) => `<rect class="stall" x="${x(s.from)}" y="${y}" width="${Math.max(1, x(s.to) - x(s.from))}" height="${ROW - 8}"/>`,
    ),
    ...t.ticks.map((k) => `<line class="tick" x1="${x(k.at)}" x2="${x(k.at)}" y1="${y + 4}" y2="${y + ROW - 12}"/>`),
    ...(t.firstToken !== undefined
      ? [`<line class="first" x1="${x(t.firstToken)}" x2="${x(t.firstToken)}" y1="${y}" y2="${y + ROW - 8}"/>`]
      : []),
    ...(t.end !== undefined ? [`<line class="end" x1="${x(t.end)}" x2="${x(t.end)}" y1="${y}" y2="${y + ROW - 8}"/>`] : []),
  ].join('');
}

function timelineSvg(c: ReplyComparison): string {
  return (
    `<svg viewBox="-20 0 ${WIDTH + 40} ${ROW * 2 + 10}" role="img" aria-label="Both streams on one time axis; the lists below say the same">` +
    `<text x="-16" y="${ROW / 2}">A</text><text x="-16" y="${ROW + ROW / 2}">B</text>` +
    `${lane(c.timelines[0], c.span, 0)}${lane(c.timelines[1], c.span, ROW)}</svg>`
  );
}

function histogram(t: Timeline | undefined): string {
  if (!t) return '';
  const heads = sizeBinLabels.map((l) => `<th scope="col">${esc(l)}</th>`).join('');
  const counts = t.sizes.map((n) => `<td>${n}</td>`).join('');
  return `<table class="sizes"><caption>Event sizes</caption><tr>${heads}</tr><tr>${counts}</tr></table>`;
}

const CSS = `
:root{color-scheme:light dark;--fg:#18181b;--bg:#fff;--muted:#52525b;--line:#d4d4d8;--del:#fee2e2;--delfg:#991b1b;--ins:#dcfce7;--insfg:#166534}
@media (prefers-color-scheme:dark){:root{--fg:#f4f4f5;--bg:#09090b;--muted:#a1a1aa;--line:#3f3f46;--del:#450a0a;--delfg:#fecaca;--ins:#052e16;--insfg:#bbf7d0}}
body{margin:0;font:14px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1200px;margin:0 auto;padding:16px}
h1{font-size:20px}h2{font-size:16px;margin-top:24px}h3{font-size:14px;margin:8px 0 4px}
.meta{color:var(--muted);font-size:12px}
table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:4px 8px;text-align:left}
td.better{font-weight:600}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}
@media (max-width:700px){.pair{grid-template-columns:1fr}}
pre{white-space:pre-wrap;word-break:break-word;font:13px/1.5 ui-monospace,monospace;border:1px solid var(--line);padding:8px;margin:0}
del{background:var(--del);color:var(--delfg)}ins{background:var(--ins);color:var(--insfg);text-decoration:none}
svg{width:100%;height:auto;max-width:900px}svg text{fill:var(--fg);font-size:12px}
.tick{stroke:var(--muted);stroke-width:1}.stall{fill:#f59e0b;opacity:.4}
.slow{fill:#38bdf8;opacity:.2}.first{stroke:#0284c7;stroke-width:2}.end{stroke:#16a34a;stroke-width:2}
.sizes{font-size:12px;margin:4px 0 12px}
`;
