import { describe, expect, it } from 'vitest';
import { colourName, hexToLab } from './colour-names.js';

describe('colourName', () => {
  it('names the kit colours a coach would name', () => {
    expect(colourName('#ffffff')).toBe('white');
    expect(colourName('#000000')).toBe('black');
    expect(colourName('#c8102e')).toBe('red');
    expect(colourName('#0046ad')).toBe('blue');
    expect(colourName('#6cace4')).toBe('light blue');
    expect(colourName('#7a1f2b')).toBe('maroon');
    expect(colourName('#ff9800')).toBe('orange');
    expect(colourName('#ffeb3b')).toBe('yellow');
    expect(colourName('#ffb612')).toBe('gold');
    expect(colourName('#2e7d32')).toBe('green');
    expect(colourName('#0b3d2e')).toBe('dark green');
    expect(colourName('#4a148c')).toBe('purple');
    expect(colourName('#f8bbd0')).toBe('pink');
    expect(colourName('#5d4037')).toBe('brown');
    expect(colourName('#9e9e9e')).toBe('grey');
  });

  it('names a white kit greyed by the camera white or light grey, never pink', () => {
    expect(['white', 'light grey']).toContain(colourName('#d8c8cc'));
    expect(['white', 'light grey']).toContain(colourName('#e0e0e0'));
    expect(['white', 'light grey']).toContain(colourName('#b0b0b8'));
  });

  it('names a dark, dull blue navy rather than black or blue', () => {
    expect(colourName('#1f2a44')).toBe('navy');
    expect(colourName('#1a237e')).toBe('navy');
    expect(colourName('#2a3a5a')).toBe('navy');
  });

  it('tells a bright blue from a sky blue and a dark red from a red', () => {
    expect(colourName('#1565c0')).toBe('blue');
    expect(colourName('#81d4fa')).toBe('light blue');
    expect(colourName('#880e4f')).toBe('maroon');
    expect(colourName('#d32f2f')).toBe('red');
  });

  it('names kits as a person does on film, where a camera dims and dulls them', () => {
    // the league clip's yellow shirts in a dim hall: no gold, no brown
    expect(colourName('#978052')).toBe('yellow');
    expect(colourName('#b0944e')).toBe('yellow');
    expect(colourName('#ffb612')).toBe('gold');
    // its navy shirts, dull and leaning to purple: navy, not black or purple
    expect(colourName('#362b3b')).toBe('navy');
    expect(colourName('#2e283d')).toBe('navy');
    expect(colourName('#5b2a86')).toBe('purple');
    // a red shirt brought up by a strong light stays red; near-black stays black
    expect(colourName('#dd4267')).toBe('red');
    expect(colourName('#27181f')).toBe('black');
  });

  it('reads three-digit and upper-case hex, and says so when a value is not a colour', () => {
    expect(colourName('#FFF')).toBe('white');
    expect(colourName('C8102E')).toBe('red');
    expect(colourName('')).toBe('unknown colour');
    expect(colourName('rgb(0, 0, 0)')).toBe('unknown colour');
  });
});

describe('colour maths', () => {
  it('converts sRGB to CIE Lab (D65)', () => {
    const white = hexToLab('#ffffff')!;
    expect(white.l).toBeCloseTo(100, 2);
    expect(white.a).toBeCloseTo(0, 2);
    expect(white.b).toBeCloseTo(0, 2);
    const red = hexToLab('#ff0000')!;
    expect(red.l).toBeCloseTo(53.24, 1);
    expect(red.a).toBeCloseTo(80.09, 1);
    expect(red.b).toBeCloseTo(67.2, 1);
  });
});
