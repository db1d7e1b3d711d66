"""Synthetic jersey-number crops with exact labels, for training the number reader.

A crop looks like what the engine hands the reader: a shirt number found by the text detector, with a
margin of shirt around it, at any size from a far back (8 px digits) to a close-up, in any light.
Everything a kit varies is drawn at random: shirt colour and pattern, digit colour, outline, shadow,
typeface, width, spacing, slant, cloth folds, a name plate or sponsor print nearby, and how the camera
degrades it (scale, blur, motion, noise, compression, colour cast). A share of crops hold no number
(letters, logos, bare shirt, grass): the reader must be able to say "none".
"""

from __future__ import annotations

import glob
import io
import math
import random
import re

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageOps

SIZE = 32  # the reader's input is SIZE x SIZE RGB
NONE = -1  # label of a crop with no readable number

FONT_GLOBS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans*Bold*.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif*Bold.ttf",
    "/usr/share/fonts/truetype/freefont/Free*Bold*.ttf",
    "/usr/share/fonts/truetype/liberation2/Liberation*Bold*.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-*Bold*.ttf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Bold*.ttf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-B*.ttf",
    "/usr/share/fonts/opentype/urw-base35/*Bold*.otf",
    "/usr/share/fonts/opentype/urw-base35/*Demi*.otf",
    "/usr/share/fonts/opentype/league-spartan/*.otf",
    "/usr/share/fonts/opentype/cantarell/Cantarell-*Bold.otf",
]


def font_files() -> list[str]:
    files = sorted({f for pattern in FONT_GLOBS for f in glob.glob(pattern)})
    if not files:
        raise SystemExit("No bold fonts found: install the fonts listed in number-reader/README.md.")
    return files


def _pick_font(rng: random.Random, fonts: list[str]) -> str:
    # shirt numbers are upright; a few slanted faces stand for slanted print and leaning players
    slanted = [f for f in fonts if re.search("Italic|Oblique", f)]
    upright = [f for f in fonts if f not in slanted]
    return rng.choice(slanted if slanted and rng.random() < 0.1 else upright)


def _colour(rng: random.Random) -> tuple[int, int, int]:
    kind = rng.random()
    if kind < 0.2:  # white or near white
        v = rng.randint(200, 255)
        return (v, v - rng.randint(0, 15), v - rng.randint(0, 25))
    if kind < 0.35:  # black, navy, dark
        return (rng.randint(0, 50), rng.randint(0, 50), rng.randint(0, 90))
    # a saturated or muted kit colour
    h = rng.random()
    s = rng.uniform(0.3, 1.0)
    v = rng.uniform(0.35, 1.0)
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    r, g, b = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return (int(r * 255), int(g * 255), int(b * 255))


def _lightness(c: tuple[int, int, int]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _contrasting(rng: random.Random, against: tuple[int, int, int]) -> tuple[int, int, int]:
    # most numbers stand out from the shirt; a few are printed close to it (the hard cases)
    wanted = rng.uniform(25, 60) if rng.random() < 0.12 else 70
    for _ in range(30):
        c = _colour(rng)
        if abs(_lightness(c) - _lightness(against)) >= wanted:
            return c
    return (255, 255, 255) if _lightness(against) < 128 else (0, 0, 0)


def _shirt(rng: random.Random, w: int, h: int, colour: tuple[int, int, int]) -> Image.Image:
    img = Image.new("RGB", (w, h), colour)
    draw = ImageDraw.Draw(img)
    pattern = rng.random()
    if pattern < 0.15:  # stripes
        other = _colour(rng)
        width = rng.randint(max(2, w // 20), max(3, w // 5))
        vertical = rng.random() < 0.6
        for k in range(0, (w if vertical else h) + width, width * 2):
            box = (k, 0, k + width, h) if vertical else (0, k, w, k + width)
            draw.rectangle(box, fill=other)
    elif pattern < 0.25:  # a panel or yoke of another colour
        other = _colour(rng)
        if rng.random() < 0.5:
            draw.rectangle((0, 0, w, int(h * rng.uniform(0.05, 0.3))), fill=other)
        else:
            x = int(w * rng.uniform(0, 0.3))
            draw.rectangle((0, 0, x, h), fill=other)
    return img


def _text_image(
    rng: random.Random, text: str, font: ImageFont.FreeTypeFont, fill, stroke, stroke_width: int
) -> Image.Image:
    """The text on a transparent canvas, each glyph placed with random spacing and a width squeeze."""
    glyphs = []
    for ch in text:
        bbox = font.getbbox(ch, stroke_width=stroke_width)
        gw, gh = bbox[2] - bbox[0] + 2, bbox[3] - bbox[1] + 2
        g = Image.new("RGBA", (max(1, gw), max(1, gh)), (0, 0, 0, 0))
        ImageDraw.Draw(g).text(
            (-bbox[0] + 1, -bbox[1] + 1),
            ch,
            font=font,
            fill=fill,
            stroke_width=stroke_width,
            stroke_fill=stroke,
        )
        glyphs.append(g)
    height = max(g.height for g in glyphs)
    spacing = int(height * rng.uniform(-0.06, 0.18))
    width = sum(g.width for g in glyphs) + spacing * (len(glyphs) - 1)
    canvas = Image.new("RGBA", (max(1, width), height), (0, 0, 0, 0))
    x = 0
    for g in glyphs:
        canvas.alpha_composite(g, (max(0, x), height - g.height))
        x += g.width + spacing
    return canvas


def _random_letters(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHIJKLMNOPRSTUVWYZ") for _ in range(n))


def _cloth(img: Image.Image, rng: random.Random) -> Image.Image:
    """Folds: a smooth sideways displacement and light/shade bands."""
    a = np.asarray(img).astype(np.float32)
    h, w = a.shape[:2]
    if rng.random() < 0.5:
        amp = rng.uniform(0, 0.04) * w
        freq = rng.uniform(0.5, 2.0) * 2 * math.pi / h
        phase = rng.uniform(0, 2 * math.pi)
        shift = (amp * np.sin(np.arange(h) * freq + phase)).astype(int)
        a = np.stack([np.roll(a[y], shift[y], axis=0) for y in range(h)])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, math.pi)
    freq = rng.uniform(0.5, 3.0) * 2 * math.pi / max(h, w)
    shade = 1 + rng.uniform(0, 0.35) * np.sin((xx * math.cos(angle) + yy * math.sin(angle)) * freq)
    gradient = 1 + rng.uniform(-0.3, 0.3) * (xx / w - 0.5) + rng.uniform(-0.3, 0.3) * (yy / h - 0.5)
    a = a * (shade * gradient)[..., None]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def _camera(img: Image.Image, rng: random.Random, digit_px: float) -> Image.Image:
    """Down to the size the camera saw the number at, blurred, noisy, compressed, colour-cast."""
    target_digit = rng.choice([rng.uniform(7, 14), rng.uniform(10, 24), rng.uniform(16, 48)])
    scale = min(1.0, target_digit / max(1.0, digit_px))
    w, h = max(4, round(img.width * scale)), max(4, round(img.height * scale))
    small = img.resize((w, h), Image.BILINEAR if rng.random() < 0.5 else Image.BOX)
    if rng.random() < 0.65:
        small = small.filter(ImageFilter.GaussianBlur(rng.uniform(0.2, 1.2)))
    if rng.random() < 0.2:  # motion blur along a random direction
        k = rng.randint(2, 4)
        a = np.asarray(small).astype(np.float32)
        dx, dy = (1, 0) if rng.random() < 0.7 else (0, 1)
        acc = sum(np.roll(a, (i * dy, i * dx), axis=(0, 1)) for i in range(k)) / k
        small = Image.fromarray(acc.astype(np.uint8))
    a = np.asarray(small).astype(np.float32)
    cast = np.array([rng.uniform(0.8, 1.2), rng.uniform(0.85, 1.15), rng.uniform(0.75, 1.25)])
    gain = rng.uniform(0.5, 1.4)
    gamma = rng.uniform(0.7, 1.4)
    a = 255 * ((np.clip(a * cast * gain, 0, 255) / 255) ** gamma)
    a += np.random.default_rng(rng.randrange(2**32)).normal(0, rng.uniform(0, 10), a.shape)
    small = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if rng.random() < 0.7:
        buf = io.BytesIO()
        small.save(buf, "JPEG", quality=rng.randint(25, 95))
        small = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    return small


def _number_label(rng: random.Random) -> int:
    # one digit a third of the time; two-digit numbers uniform over 10-99
    return rng.randint(0, 9) if rng.random() < 0.33 else rng.randint(10, 99)


def render_crop(rng: random.Random, fonts: list[str]) -> tuple[Image.Image, int]:
    """One crop (any size, RGB) and its label: the number, or NONE."""
    label = _number_label(rng) if rng.random() > 0.14 else NONE
    base = 96  # digit height in the drawing, before the camera
    font = ImageFont.truetype(_pick_font(rng, fonts), size=int(base * 1.25))
    shirt_colour = _colour(rng)
    ink = _contrasting(rng, shirt_colour)
    outline = rng.random() < 0.35
    stroke = _contrasting(rng, ink) if outline else None
    stroke_width = rng.randint(2, 9) if outline else 0

    if label != NONE:
        text = str(label)
    else:
        kind = rng.random()
        text = (
            _random_letters(rng, rng.randint(1, 3))
            if kind < 0.45
            else ""  # bare shirt, a logo, grass
        )
    if text:
        glyphs = _text_image(rng, text, font, ink, stroke, stroke_width)
        squeeze = rng.uniform(0.55, 1.15)
        glyphs = glyphs.resize((max(1, int(glyphs.width * squeeze)), glyphs.height), Image.BICUBIC)
        if glyphs.height != base:
            glyphs = glyphs.resize(
                (max(1, int(glyphs.width * base / glyphs.height)), base), Image.BICUBIC
            )
    else:
        glyphs = Image.new("RGBA", (int(base * rng.uniform(0.5, 1.4)), base), (0, 0, 0, 0))
        d = ImageDraw.Draw(glyphs)
        if rng.random() < 0.5:  # a logo-like blob or a bar
            x0, y0 = rng.randint(0, glyphs.width // 2), rng.randint(0, base // 2)
            d.ellipse((x0, y0, x0 + rng.randint(10, 60), y0 + rng.randint(10, 60)), fill=ink)

    # margin of shirt around the number, as the text detector's box plus the reader's margin gives
    mx = [int(base * rng.uniform(0.1, 0.45)) for _ in range(2)]
    my = [int(base * rng.uniform(0.08, 0.4)) for _ in range(2)]
    w, h = glyphs.width + mx[0] + mx[1], glyphs.height + my[0] + my[1]
    shirt = _shirt(rng, w, h, shirt_colour).convert("RGBA")
    if rng.random() < 0.5 and glyphs.getbbox():  # drop shadow
        shadow = Image.new("RGBA", glyphs.size, (0, 0, 0, 0))
        shadow.paste((0, 0, 0, 160), mask=glyphs.getchannel("A"))
        off = rng.randint(2, 6)
        shirt.alpha_composite(shadow, (mx[0] + off, my[0] + off))
    shirt.alpha_composite(glyphs, (mx[0], my[0]))

    draw = ImageDraw.Draw(shirt)
    if rng.random() < 0.25:  # a name plate above, partly in the crop
        small_font = ImageFont.truetype(_pick_font(rng, fonts), size=int(base * rng.uniform(0.25, 0.45)))
        draw.text(
            (rng.randint(-20, max(-19, w // 3)), my[0] - int(base * rng.uniform(0.3, 0.6))),
            _random_letters(rng, rng.randint(3, 9)),
            font=small_font,
            fill=ink,
        )
    if rng.random() < 0.12:  # a neighbour's arm, a referee's sleeve: a block across an edge
        c = _colour(rng)
        x = rng.choice([0, w - rng.randint(5, w // 4 + 5)])
        draw.rectangle((x, 0, x + rng.randint(5, w // 4 + 5), h), fill=c)

    img = shirt.convert("RGB")
    img = _cloth(img, rng)
    # a crop is rarely square to the shirt: turn and shear it
    angle = rng.gauss(0, 6)
    shear = rng.gauss(0, 0.12)
    img = img.transform(
        img.size,
        Image.AFFINE,
        (1, shear, -shear * h / 2, 0, 1, 0),
        resample=Image.BILINEAR,
        fillcolor=shirt_colour,
    ).rotate(angle, resample=Image.BILINEAR, expand=False, fillcolor=shirt_colour)
    if label == NONE and rng.random() < 0.3:  # grass, floor or crowd instead of a shirt
        a = np.random.default_rng(rng.randrange(2**32)).normal(0, 25, (h // 8 + 1, w // 8 + 1, 3))
        bg = np.clip(np.array(_colour(rng), dtype=np.float32) + a, 0, 255).astype(np.uint8)
        img = Image.fromarray(bg).resize((w, h), Image.BILINEAR)
    if rng.random() < 0.5:
        img = ImageOps.mirror(img) if label == NONE else img
    return _camera(img, rng, base), label


def to_input(img: Image.Image) -> np.ndarray:
    """The reader's input: SIZE x SIZE RGB, stretched with a cubic kernel (as the engine does), uint8 HWC."""
    return np.asarray(img.convert("RGB").resize((SIZE, SIZE), Image.BICUBIC), dtype=np.uint8)


def render_batch(seed: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    fonts = font_files()
    xs = np.zeros((count, SIZE, SIZE, 3), dtype=np.uint8)
    ys = np.zeros(count, dtype=np.int16)
    for i in range(count):
        img, label = render_crop(rng, fonts)
        xs[i] = to_input(img)
        ys[i] = label
    return xs, ys
