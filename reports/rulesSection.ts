/**
 * The "Rules" section of a scenario's reports: each rule variant its mechanic plays, by the
 * label and value words the dashboard's rule selects show (reports/fields/rules.ts), marked
 * where it is not the default, and "varied" where the sweep varies it; a mechanic that plays
 * none says so in a line. A report never said what rules it ran: sorcerer-keep-trying-flat
 * runs `repeatPenalty: flat`, and nothing on its page said so (a report audit).
 */
import type { ScenarioResult } from '../sim/result.ts';
import { findMechanic } from '../sim/mechanics.ts';
import { rulesBySystem, type SystemName } from '../sim/rules.ts';
import { ruleLabel, ruleToggles } from './fields/rules.ts';
import { quoted } from '../sim/words.ts';
import { sweepAxes } from './charts/shared.ts';
import { sweepValueLabel } from './sweep.ts';
import { codeSpan, mdCell } from './markdown.ts';

export interface RuleLine {
  /** The rule's key, as a file writes it under `rules:`. */
  key: string;
  /** What it decides, as its select is labelled: "the penalty for repeating a failed task". */
  label: string;
  /** Its value in its select's words, quoted; the swept values' for a varied one. */
  value: string;
  /** The value as the file writes it (`flat`), or the values swept. */
  written: string;
  /** Not the default: the default's words, quoted. */
  notDefault?: string;
  /** Varied by the sweep. */
  varied: boolean;
}

/** The rules in force of a result, in the order of its system's schema; none for a result without its rules. */
export function rulesInForce(result: ScenarioResult): RuleLine[] {
  const system = result.system;
  if (!result.rules || !Object.hasOwn(rulesBySystem, system)) return [];
  const plays = findMechanic(system as SystemName, result.mechanic)?.variants ?? [];
  const swept = new Set(sweepAxes(result).filter((p) => p.startsWith('rules.')).map((p) => p.slice('rules.'.length)));
  return ruleToggles(system as SystemName)
    .filter((t) => plays.includes(t.key))
    .map((t): RuleLine => {
      const words = (v: unknown) => quoted(t.words[String(v)] ?? String(v));
      if (swept.has(t.key)) {
        const values = [...new Set(result.results.map((p) => p.point[`rules.${t.key}`]))];
        return { key: t.key, label: ruleLabel(t.key), value: values.map((v) => sweepValueLabel(`rules.${t.key}`, v, undefined, result)).join(', '), written: values.map((v) => JSON.stringify(v)).join(', '), varied: true };
      }
      const value = result.rules![t.key] ?? t.default;
      const differs = JSON.stringify(value) !== JSON.stringify(t.default);
      return { key: t.key, label: ruleLabel(t.key), value: words(value), written: JSON.stringify(value), varied: false, ...(differs ? { notDefault: words(t.default) } : {}) };
    });
}

/**
 * The result's mechanic, where it plays no rule variants at all (knavery, discovery,
 * knowledge, a VDP basic check: Mechanic.variants empty, so sim/scenario.ts refuses any rule
 * set other than its default): its Rules section says so in a line instead of a list.
 * Without it the page had no Rules section, which read as one left out. Undefined for a
 * result that carries no rules (written before results did: it does not say what it ran),
 * or whose mechanic plays some.
 */
export function playsNoVariants(result: ScenarioResult): string | undefined {
  if (!result.rules || !Object.hasOwn(rulesBySystem, result.system)) return undefined;
  const mechanic = findMechanic(result.system as SystemName, result.mechanic);
  return mechanic && mechanic.variants.length === 0 ? mechanic.name : undefined;
}

/** After a rule's value: "varied: …", "not the default, “…”", or "the default". */
function said(r: RuleLine): string {
  if (r.varied) return 'varied by the sweep';
  return r.notDefault ? `not the default (${r.notDefault})` : 'the default';
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function rulesSectionHtml(result: ScenarioResult): string {
  const rules = rulesInForce(result);
  const none = rules.length ? undefined : playsNoVariants(result);
  if (none) return `<h2>Rules</h2>\n<p>${escapeHtml(none)} plays no rule variants: nothing under <code>rules:</code> changes what it does.</p>\n`;
  if (!rules.length) return '';
  const items = rules.map(
    (r) =>
      `<li${r.notDefault || r.varied ? ' class="rule-changed"' : ''}>${escapeHtml(r.label)}: ${r.varied ? `${escapeHtml(r.value)}` : `<b>${escapeHtml(r.value)}</b>`} <small>— ${escapeHtml(said(r))} <code>${escapeHtml(`rules.${r.key}: ${r.written}`)}</code></small></li>`,
  );
  return `<h2>Rules</h2>\n<ul class="rules">\n${items.join('\n')}\n</ul>\n`;
}

export function rulesSectionMarkdown(result: ScenarioResult): string[] {
  const rules = rulesInForce(result);
  const none = rules.length ? undefined : playsNoVariants(result);
  if (none) return ['## Rules', '', `${mdCell(none)} plays no rule variants: nothing under ${codeSpan('rules:')} changes what it does.`, ''];
  if (!rules.length) return [];
  return ['## Rules', '', ...rules.map((r) => `- ${mdCell(r.label)}: ${r.varied ? mdCell(r.value) : `**${mdCell(r.value)}**`} — ${mdCell(said(r))} ${codeSpan(`rules.${r.key}: ${r.written}`)}`), ''];
}
