const BLOCK = 8;
const MAX_BLOCKS = 48;

/**
 * How far the moving things on the field moved between two frames once the camera's own motion is
 * undone: block matching on the blocks that hold moving pixels. Returns the displacements (px) of
 * the measured blocks, largest first.
 */
export function movingBlockShifts(
  cur: Uint8Array,
  prev: Uint8Array,
  width: number,
  height: number,
  moving: Uint8Array,
  colMap: Int32Array,
  rowMap: Int32Array,
  radius: number,
): number[] {
  const blocks: { x: number; y: number; n: number }[] = [];
  for (let by = 0; by + BLOCK <= height; by += BLOCK) {
    for (let bx = 0; bx + BLOCK <= width; bx += BLOCK) {
      let n = 0;
      for (let y = by; y < by + BLOCK; y++)
        for (let x = bx; x < bx + BLOCK; x++) n += moving[y * width + x]!;
      if (n >= 6) blocks.push({ x: bx, y: by, n });
    }
  }
  blocks.sort((a, b) => b.n - a.n);
  const shifts: number[] = [];
  for (const block of blocks.slice(0, MAX_BLOCKS)) {
    const px = colMap[block.x + BLOCK / 2]! - BLOCK / 2;
    const py = rowMap[block.y + BLOCK / 2]! - BLOCK / 2;
    let best = Infinity;
    let bestD = 0;
    for (let dy = -radius; dy <= radius; dy++) {
      const sy = py + dy;
      if (sy < 0 || sy + BLOCK > height) continue;
      for (let dx = -radius; dx <= radius; dx++) {
        const sx = px + dx;
        if (sx < 0 || sx + BLOCK > width) continue;
        let sad = 0;
        // Stop once worse than the best so far; an equal sum must be finished to count as a tie.
        for (let y = 0; y < BLOCK && sad <= best; y++) {
          let c = (block.y + y) * width + block.x;
          let p = (sy + y) * width + sx;
          for (let x = 0; x < BLOCK; x++, c++, p++) {
            const d = cur[c]! - prev[p]!;
            sad += d < 0 ? -d : d;
          }
        }
        // Ties go to the smaller shift: flat blocks must not invent motion.
        const d2 = dx * dx + dy * dy;
        if (sad < best || (sad === best && d2 < bestD * bestD)) {
          best = sad;
          bestD = Math.sqrt(d2);
        }
      }
    }
    shifts.push(bestD);
  }
  return shifts.sort((a, b) => b - a);
}
