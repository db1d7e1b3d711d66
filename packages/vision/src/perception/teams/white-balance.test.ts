import { describe, expect, it } from 'vitest';
import { colourName } from '@filmroom/contract';
import type { RgbFrame } from '../detector/types.js';
import { estimateFieldColour } from './field-colour.js';
import { hexToLab, labToHex } from './lab-colour.js';
import {
  correctColour,
  surfaceLineWhite,
  whiteBalanceGains,
  type LinearRgb,
} from './white-balance.js';

const toLinear = (c: number): number => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const toByte = (v: number): number => {
  const c = Math.min(1, Math.max(0, v));
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
};

/** A colour as a camera shows it under a light of this colour (linear gains, exposure included). */
function underLight(hex: string, light: LinearRgb): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  const rgb = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  return rgb.map((c, i) => toByte(toLinear(c) * light[i]!)) as [number, number, number];
}

const toHex = (rgb: readonly number[]): string =>
  `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/**
 * A 640x360 frame of a playing surface with painted white lines (two across, one along), lit by
 * `light`, with a block of shirt colour standing where a player would.
 */
function litSurface(surface: string, light: LinearRgb, shirt: string, lines = true): RgbFrame {
  const width = 640;
  const height = 360;
  const data = new Uint8Array(width * height * 3);
  const ground = underLight(surface, light);
  const line = underLight('#f4f4f4', light);
  const kit = underLight(shirt, light);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const onLine =
        lines && (Math.abs(y - 150) < 5 || Math.abs(y - 290) < 5 || Math.abs(x - 400) < 5);
      const onShirt = x >= 100 && x < 140 && y >= 180 && y < 240;
      const c = onShirt ? kit : onLine ? line : ground;
      data.set(c, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

const LIGHTS: Record<string, LinearRgb> = {
  'warm floodlight': [1.0, 0.82, 0.55],
  'cool shade': [0.55, 0.65, 0.85],
  'indoor tungsten': [0.9, 0.65, 0.38],
  'dim hall': [0.55, 0.52, 0.42],
};

const KITS: [hex: string, name: string][] = [
  ['#f2d000', 'yellow'],
  ['#ffffff', 'white'],
  ['#c8102e', 'red'],
  ['#1f2a55', 'navy'],
  ['#1f5fbf', 'blue'],
  ['#2e8b3a', 'green'],
  ['#5b2a86', 'purple'],
  ['#f47a20', 'orange'],
];

describe('kit colours under a coloured light', () => {
  for (const [light, gains] of Object.entries(LIGHTS)) {
    it(`names each kit as under a neutral light, under ${light}`, () => {
      for (const [hex, name] of KITS) {
        for (const surface of ['#3f8a3a', '#c87a4a']) {
          const frame = litSurface(surface, gains, hex);
          const white = surfaceLineWhite(
            frame,
            [[100, 180, 40, 60]],
            estimateFieldColour(frame, []),
          );
          expect(white).not.toBeNull();
          const seen = hexToLab(toHex(underLight(hex, gains)));
          const corrected = correctColour(seen, whiteBalanceGains(white));
          expect({ kit: name, surface, named: colourName(labToHex(corrected)) }).toEqual({
            kit: name,
            surface,
            named: name,
          });
        }
      }
    });
  }

  it('would have named some of them wrong without the correction', () => {
    const seen = (hex: string, light: LinearRgb): string =>
      colourName(toHex(underLight(hex, light)));
    expect(seen('#ffffff', LIGHTS['indoor tungsten']!)).toBe('yellow');
    expect(seen('#ffffff', LIGHTS['cool shade']!)).toBe('light blue');
    expect(seen('#1f5fbf', LIGHTS['dim hall']!)).toBe('navy');
    expect(seen('#c8102e', LIGHTS['dim hall']!)).toBe('maroon');
  });

  it('leaves the colours alone when the film shows no lines', () => {
    const noLines = litSurface('#3f8a3a', [1, 1, 1], '#c8102e', false);
    expect(surfaceLineWhite(noLines, [], estimateFieldColour(noLines, []))).toBeNull();
    expect(whiteBalanceGains(null)).toEqual([1, 1, 1]);
  });
});
