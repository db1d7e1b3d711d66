/**
 * Share of (live, dead) pairs where the live value is the higher, ties counting half (the
 * Mann-Whitney AUC), from ranks rather than every pair. Null without both.
 */
export function auc(live: readonly number[], dead: readonly number[]): number | null {
  if (live.length === 0 || dead.length === 0) return null;
  const values = [
    ...live.map((v) => ({ v, live: true })),
    ...dead.map((v) => ({ v, live: false })),
  ];
  values.sort((a, b) => a.v - b.v);
  let rankSum = 0;
  let k = 0;
  while (k < values.length) {
    // Equal values share the mean of their ranks.
    let end = k;
    while (end < values.length && values[end]!.v === values[k]!.v) end++;
    const meanRank = (k + 1 + end) / 2;
    for (let j = k; j < end; j++) if (values[j]!.live) rankSum += meanRank;
    k = end;
  }
  const n = live.length;
  return (rankSum - (n * (n + 1)) / 2) / (n * dead.length);
}
