import type { PublicProfile } from '../../services/sharing/profile-sharing.service.js';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values alike: every character that could end a text node or an attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

const STYLES = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f9;color:#1c2430}
header{background:linear-gradient(120deg,#0f2a4a,#1d4f8c);color:#fff;padding:40px 24px}
.wrap{max-width:1100px;margin:0 auto}
.brand{font-size:14px;letter-spacing:.04em;color:#cfe0f5;margin:0 0 12px}
h1{font-size:34px;margin:0}
.role{display:inline-block;margin-top:10px;padding:4px 12px;border-radius:999px;background:rgba(255,255,255,.18);font-size:14px}
main{padding:28px 24px 48px}
h2{font-size:20px;margin:0 0 16px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:20px}
article{background:#fff;border-radius:10px;box-shadow:0 1px 4px rgba(15,42,74,.12);overflow:hidden;display:flex;flex-direction:column}
video{width:100%;aspect-ratio:16/9;background:#000;display:block}
.body{padding:14px 16px 16px;display:flex;flex-direction:column;gap:6px;flex:1}
h3{font-size:17px;margin:0}
time{font-size:13px;color:#5b6675}
p{margin:0;color:#37414f;white-space:pre-line}
.download{margin-top:auto;align-self:flex-start;padding:8px 14px;border-radius:6px;background:#1d4f8c;color:#fff;text-decoration:none;font-size:14px}
.empty{color:#5b6675}
footer{text-align:center;color:#5b6675;font-size:12px;padding:0 0 24px}
`;

/** The built-in public player profile: a server-rendered page, no script, every value escaped. */
export function renderProfilePage(profile: PublicProfile): string {
  const name = `${profile.player.firstName} ${profile.player.lastName}`.trim();
  const cards = profile.videos
    .map((video) => {
      const title = video.title || 'No name';
      const poster = video.thumbnailUrl ? ` poster="${escapeHtml(video.thumbnailUrl)}"` : '';
      return `<article>
<video controls preload="metadata" playsinline${poster} src="${escapeHtml(video.videoUrl)}"></video>
<div class="body">
<h3>${escapeHtml(title)}</h3>
<time datetime="${escapeHtml(video.date)}">${escapeHtml(formatDate(video.date))}</time>
<p>${escapeHtml(video.description || 'No description')}</p>
<a class="download" href="${escapeHtml(video.downloadUrl)}" download>Download Video</a>
</div>
</article>`;
    })
    .join('\n');
  const list = cards
    ? `<div class="grid">${cards}</div>`
    : '<p class="empty">No videos shared yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(name)} · scoutSMART player profile</title>
<style>${STYLES}</style>
</head>
<body>
<header><div class="wrap">
<p class="brand">scoutSMART player profile</p>
<h1>${escapeHtml(name)}</h1>
<span class="role">${escapeHtml(profile.player.role)}</span>
</div></header>
<main><div class="wrap">
<h2>Game film</h2>
${list}
</div></main>
<footer>Shared from FilmRoom</footer>
</body>
</html>
`;
}

export function renderProfileNotFound(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Profile not found</title></head>
<body style="font-family:system-ui,sans-serif;padding:40px"><h1>Profile not found</h1>
<p>This player profile does not exist.</p></body></html>
`;
}
