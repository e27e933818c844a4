import 'server-only';
import { CONTEXT_PARTS, type RunDetail, type RunStep } from '@/lib/api/runs';
import { formatUsd } from '@/lib/pricing/cost';
import { escapeHtml } from '@/lib/server/http/server-page';

const esc = escapeHtml;
const count = (n: number) => n.toLocaleString('en-US');
const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);
const usd = (cost: number | null) => (cost === null ? 'no price' : formatUsd(cost));

const PART_WORDS = {
  system: 'system',
  tools: 'tools',
  conversation: 'conversation',
  toolResults: 'tool results',
  thinking: 'thinking',
};

/** A shared run as plain HTML: its figures, its cache's breaks, and a table of its steps (no script: see share-page.ts). */
export function runHtml(run: RunDetail): string {
  const figures: [string, string][] = [
    ['Requests', count(run.requests)],
    ['Input (uncached)', count(run.usage.input)],
    ['Cache reads', count(run.usage.cacheRead)],
    ['Cache writes', count(run.usage.cacheWrite)],
    ['Output', count(run.usage.output)],
    ['Cache hit rate', percent(run.cache.hitRate)],
    ['Cost', usd(run.cost)],
  ];
  const breaks = run.cache.breaks.length
    ? `<h2>Cache breaks</h2><ul>${run.cache.breaks.map((b) => `<li>Step ${b.step}: ${esc(b.reason)}</li>`).join('')}</ul>`
    : '';
  const head = [
    'Step',
    'Lane',
    'Model',
    'Status',
    ...CONTEXT_PARTS.map((p) => `≈ ${PART_WORDS[p]}`),
    'Cache hit',
    'Tool calls',
    'Cost',
  ];
  return `<section class="share-run" aria-label="Agent run">
<dl class="share-figures">${figures.map(([term, value]) => `<div><dt>${term}</dt><dd>${esc(value)}</dd></div>`).join('')}</dl>
${breaks}<h2>Steps</h2><div class="share-table"><table><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>
<tbody>${run.steps.map(stepRow).join('')}</tbody></table></div></section>`;
}

function stepRow(step: RunStep): string {
  const cells = [
    String(step.step),
    step.lane === 0 ? 'main' : `subagent ${step.lane}`,
    step.model ?? '–',
    step.status,
    ...CONTEXT_PARTS.map((part) => count(step.context[part])),
    percent(step.cache.hitRate),
    step.toolCalls.map((call) => call.name).join(', ') || '–',
    usd(step.cost),
  ];
  return `<tr>${cells.map((cell, i) => (i === 0 ? `<th scope="row">${esc(cell)}</th>` : `<td>${esc(cell)}</td>`)).join('')}</tr>`;
}
