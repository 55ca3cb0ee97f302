import type { Language } from '@carbonledger/contracts';

/** Small flag drawings: emoji flags do not render on every system (Windows shows letters). */
export function Flag({ language }: { language: Language }) {
  const size = { width: 20, height: 14, viewBox: '0 0 20 14', 'aria-hidden': true, style: { borderRadius: 2, display: 'block' } } as const;
  if (language === 'pt') {
    return (
      <svg {...size}>
        <rect width="20" height="14" fill="#009c3b" />
        <path d="M10 2 18 7 10 12 2 7Z" fill="#ffdf00" />
        <circle cx="10" cy="7" r="3" fill="#002776" />
      </svg>
    );
  }
  if (language === 'es') {
    return (
      <svg {...size}>
        <rect width="20" height="14" fill="#aa151b" />
        <rect y="3.5" width="20" height="7" fill="#f1bf00" />
      </svg>
    );
  }
  return (
    <svg {...size}>
      <rect width="20" height="14" fill="#b22234" />
      {[1, 3, 5, 7, 9, 11].map((y) => (
        <rect key={y} y={y + 0.08} width="20" height="1.08" fill="#fff" />
      ))}
      <rect width="9" height="7.5" fill="#3c3b6e" />
    </svg>
  );
}
