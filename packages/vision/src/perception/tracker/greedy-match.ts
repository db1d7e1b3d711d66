/** Matches rows to columns by ascending cost, never above `maxCost`; returns [row, col] pairs. */
export function greedyMatch(costs: number[][], maxCost: number): [number, number][] {
  const candidates: [number, number, number][] = [];
  costs.forEach((row, r) =>
    row.forEach((cost, c) => {
      if (cost <= maxCost) candidates.push([cost, r, c]);
    }),
  );
  candidates.sort((a, b) => a[0] - b[0]);
  const usedRows = new Set<number>();
  const usedCols = new Set<number>();
  const pairs: [number, number][] = [];
  for (const [, r, c] of candidates) {
    if (usedRows.has(r) || usedCols.has(c)) continue;
    usedRows.add(r);
    usedCols.add(c);
    pairs.push([r, c]);
  }
  return pairs;
}
