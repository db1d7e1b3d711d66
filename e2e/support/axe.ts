import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue, Result } from 'axe-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a page: a person using a screen reader or low vision is blocked. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

export interface AxeFinding {
  rule: string;
  impact: ImpactValue | undefined;
  help: string;
  /** One line per element: its selector and axe's summary (for contrast, the colours and ratio). */
  nodes: string[];
}

function toFinding(result: Result): AxeFinding {
  return {
    rule: result.id,
    impact: result.impact,
    help: result.help,
    nodes: result.nodes.map(
      (node) => `${node.target.join(' ')} :: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    ),
  };
}

/**
 * Runs axe-core (WCAG 2 A/AA rules) in the page, or only inside `within` (a CSS selector, e.g. an
 * open dialog), and answers its serious and critical findings.
 */
export async function seriousAxeFindings(page: Page, within?: string): Promise<AxeFinding[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a script tag: the app's Content-Security-Policy forbids inline scripts.
  if (!injected) await page.evaluate(axeSource);
  // A dialog still fading in has its text blended into the page behind: judge the settled colours.
  // (Endless ones, such as a spinner, never settle and are left out.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await page.evaluate(
    async ([context]) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => unknown } }).axe;
      return (await axe.run(context ?? document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      })) as AxeResults;
    },
    [within] as const,
  );
  return results.violations
    .filter((violation) => BLOCKING.includes(violation.impact ?? 'minor'))
    .map(toFinding);
}
