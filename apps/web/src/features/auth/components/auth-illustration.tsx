/**
 * Decorative side art for the account pages: a stylised pitch with tracked players. It fills its
 * column by cropping its sides, so words live beside it in HTML (AuthLayout), never inside it.
 */
export function AuthIllustration() {
  return (
    <svg
      className="auth-illustration"
      viewBox="0 0 400 520"
      role="img"
      aria-label="Game film with tracked players"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id="auth-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1d3b72" />
          <stop offset="1" stopColor="#0f1f3d" />
        </linearGradient>
        <linearGradient id="auth-pitch" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2f8f5b" />
          <stop offset="1" stopColor="#1f6b43" />
        </linearGradient>
      </defs>
      <rect width="400" height="520" fill="url(#auth-sky)" />
      <polygon points="40,250 360,250 400,520 0,520" fill="url(#auth-pitch)" />
      <g stroke="#ffffff" strokeOpacity="0.55" strokeWidth="2" fill="none">
        <polygon points="60,262 340,262 380,505 20,505" />
        <line x1="200" y1="262" x2="200" y2="505" />
        <ellipse cx="200" cy="370" rx="52" ry="26" />
      </g>
      <g>
        <rect
          x="92"
          y="318"
          width="46"
          height="64"
          rx="4"
          fill="none"
          stroke="#ffd54a"
          strokeWidth="3"
        />
        <circle cx="115" cy="338" r="9" fill="#f4f6fb" />
        <rect x="106" y="348" width="18" height="26" rx="5" fill="#e84d4d" />
        <rect
          x="246"
          y="300"
          width="42"
          height="60"
          rx="4"
          fill="none"
          stroke="#7fd3ff"
          strokeWidth="3"
        />
        <circle cx="267" cy="318" r="8" fill="#f4f6fb" />
        <rect x="259" y="327" width="16" height="24" rx="5" fill="#3a7bd5" />
        <circle cx="180" cy="410" r="6" fill="#ffffff" />
      </g>
      <g fill="#ffffff">
        <rect x="40" y="64" width="320" height="132" rx="14" fillOpacity="0.08" />
        <polygon points="186,104 186,156 228,130" fillOpacity="0.9" />
        <rect x="64" y="176" width="272" height="6" rx="3" fillOpacity="0.2" />
        <rect x="64" y="176" width="170" height="6" rx="3" fill="#ffd54a" />
      </g>
    </svg>
  );
}
