/** How one synthetic player looks and stands in one frame. */
export interface FigurePose {
  /** Feet centre x and ground y, in pixels. */
  x: number;
  y: number;
  /** Standing height in pixels (head to feet). */
  height: number;
  /** Walking phase in radians; legs and arms swing with its sine. */
  phase: number;
  /** True when the back (with the number) faces the camera. */
  facingAway: boolean;
  jersey: string;
  trim: string;
  shorts: string;
  skin: string;
  numberColour: string;
  number: number | null;
}

/** The tight box [x, y, w, h] a figure drawn with this pose occupies. */
export function figureBox(p: FigurePose): [number, number, number, number] {
  const w = p.height * 0.36;
  return [p.x - w / 2, p.y - p.height, w, p.height];
}

function limb(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  width: number,
  colour: string,
): string {
  return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${colour}" stroke-width="${width.toFixed(1)}" stroke-linecap="round"/>`;
}

/** SVG of a stylised athlete (head, jersey with number, shorts, limbs) that a person detector sees as a person. */
export function figureSvg(p: FigurePose): string {
  const h = p.height;
  const u = h / 8; // one "head" unit: classic 8-heads figure proportions
  const top = p.y - h;
  const cx = p.x;
  const swing = Math.sin(p.phase);
  const shoulderY = top + 1.45 * u;
  const hipY = top + 4.1 * u;
  const torsoW = 1.9 * u;
  const parts: string[] = [];
  // legs: thigh and shin with socks and shoes
  for (const side of [-1, 1]) {
    const hipX = cx + side * 0.45 * u;
    const kneeX = hipX + side * 0.1 * u + swing * side * 0.7 * u;
    const kneeY = hipY + 1.9 * u;
    const footX = hipX + swing * side * 1.1 * u;
    const footY = p.y - 0.15 * u;
    parts.push(limb(hipX, hipY, kneeX, kneeY, 0.75 * u, p.skin));
    parts.push(limb(kneeX, kneeY, footX, footY, 0.6 * u, p.trim));
    parts.push(
      limb(
        footX - 0.2 * u,
        p.y - 0.1 * u,
        footX + 0.35 * u * (p.facingAway ? -1 : 1),
        p.y - 0.1 * u,
        0.3 * u,
        '#151515',
      ),
    );
  }
  // shorts
  parts.push(
    `<path d="M${cx - torsoW / 2} ${hipY - 0.3 * u} L${cx + torsoW / 2} ${hipY - 0.3 * u} L${cx + torsoW / 2 + 0.15 * u} ${hipY + 1.1 * u} L${cx + 0.05 * u} ${hipY + 1.1 * u} L${cx} ${hipY + 0.5 * u} L${cx - 0.05 * u} ${hipY + 1.1 * u} L${cx - torsoW / 2 - 0.15 * u} ${hipY + 1.1 * u} Z" fill="${p.shorts}"/>`,
  );
  // arms: upper arm in a sleeve, forearm skin
  for (const side of [-1, 1]) {
    const sx = cx + side * (torsoW / 2 + 0.1 * u);
    const ex = sx + side * 0.25 * u - swing * side * 0.6 * u;
    const ey = shoulderY + 1.45 * u;
    const hx = ex + side * 0.05 * u - swing * side * 0.7 * u;
    const hy = ey + 1.35 * u;
    parts.push(limb(sx, shoulderY + 0.2 * u, ex, ey, 0.6 * u, p.jersey));
    parts.push(limb(ex, ey, hx, hy, 0.48 * u, p.skin));
  }
  // torso (jersey) with trim at the collar and the hem
  parts.push(
    `<path d="M${cx - torsoW / 2 - 0.15 * u} ${shoulderY + 0.1 * u} Q${cx} ${shoulderY - 0.35 * u} ${cx + torsoW / 2 + 0.15 * u} ${shoulderY + 0.1 * u} L${cx + torsoW / 2} ${hipY} L${cx - torsoW / 2} ${hipY} Z" fill="${p.jersey}"/>`,
  );
  parts.push(
    `<rect x="${cx - torsoW / 2}" y="${hipY - 0.3 * u}" width="${torsoW}" height="${0.3 * u}" fill="${p.trim}"/>`,
  );
  // neck and head with hair
  parts.push(limb(cx, shoulderY - 0.35 * u, cx, shoulderY + 0.05 * u, 0.55 * u, p.skin));
  parts.push(
    `<ellipse cx="${cx}" cy="${top + 0.55 * u}" rx="${0.44 * u}" ry="${0.55 * u}" fill="${p.skin}"/>`,
  );
  parts.push(
    p.facingAway
      ? `<ellipse cx="${cx}" cy="${top + 0.45 * u}" rx="${0.46 * u}" ry="${0.5 * u}" fill="#2a1d14"/>`
      : `<path d="M${cx - 0.45 * u} ${top + 0.45 * u} Q${cx} ${top - 0.2 * u} ${cx + 0.45 * u} ${top + 0.45 * u} Z" fill="#2a1d14"/>`,
  );
  if (p.number !== null && p.facingAway) {
    const size = 1.55 * u;
    parts.push(
      `<text x="${cx}" y="${shoulderY + 0.55 * u + size * 0.78}" font-family="DejaVu Sans" font-weight="bold" font-size="${size.toFixed(1)}" text-anchor="middle" fill="${p.numberColour}">${p.number}</text>`,
    );
  } else if (p.number !== null) {
    const size = 0.6 * u;
    parts.push(
      `<text x="${cx + 0.45 * u}" y="${shoulderY + 0.6 * u + size}" font-family="DejaVu Sans" font-weight="bold" font-size="${size.toFixed(1)}" text-anchor="middle" fill="${p.numberColour}">${p.number}</text>`,
    );
  }
  return parts.join('');
}
