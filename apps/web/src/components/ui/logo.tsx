/** The Atelier mark (an arch on a plinth) and word mark. The link around it carries the name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={['logo', className].filter(Boolean).join(' ')}>
      <svg
        className="logo__mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="9" fill="#f59a4c" />
        <path d="M9 24V15a7 7 0 0 1 14 0v9h-3.5v-9a3.5 3.5 0 0 0-7 0v9z" fill="#222" />
        <rect x="7" y="24" width="18" height="2.5" rx="1" fill="#222" />
      </svg>
      <span className="logo__word">atelier</span>
    </span>
  );
}
