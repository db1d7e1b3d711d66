/** A 4-connected group of set pixels in a mask, with its bounding box. */
export interface Component {
  area: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Labels the 4-connected components of a 0/1 mask (rows y0..y1 only) with an explicit stack, so a
 * large blob cannot overflow the call stack. `labels` is scratch space of width*height.
 */
export function findComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  labels: Int32Array,
  minArea = 1,
): Component[] {
  labels.fill(0);
  const out: Component[] = [];
  const stack: number[] = [];
  let next = 1;
  for (let start = 0; start < width * height; start++) {
    if (!mask[start] || labels[start]) continue;
    const c: Component = { area: 0, x0: width, y0: height, x1: -1, y1: -1 };
    labels[start] = next;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      c.area++;
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      if (x > 0 && mask[i - 1] && !labels[i - 1]) {
        labels[i - 1] = next;
        stack.push(i - 1);
      }
      if (x + 1 < width && mask[i + 1] && !labels[i + 1]) {
        labels[i + 1] = next;
        stack.push(i + 1);
      }
      if (y > 0 && mask[i - width] && !labels[i - width]) {
        labels[i - width] = next;
        stack.push(i - width);
      }
      if (y + 1 < height && mask[i + width] && !labels[i + width]) {
        labels[i + width] = next;
        stack.push(i + width);
      }
    }
    next++;
    if (c.area >= minArea) out.push(c);
  }
  return out;
}
